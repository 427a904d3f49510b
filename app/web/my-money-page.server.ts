import { formatRoundDate } from '~/domain/season';
import { myMoney } from '~/features/money/my-side-games.server';

/**
 * What /me and /me/money show of the golfer's money (docs/product/money.md): 'Play the side games' and 'My money',
 * with dates written here on the server, as the rest of /me (its JavaScript budget: decision 061).
 */
export async function myMoneyView(golferId: number) {
  const data = await myMoney(golferId);
  return {
    sideGames: { games: data.games, nights: data.nights },
    money: {
      balanceCents: data.money.balanceCents,
      lines: data.money.lines.map((line) => ({ ...line, label: formatRoundDate(line.date, 'MMM d, yyyy') })),
    },
  };
}
