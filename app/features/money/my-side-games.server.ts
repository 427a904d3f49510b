import { ConflictError } from '~/domain/errors';
import { formatDollarsAndCents } from '~/domain/format';
import { GAME_LABELS, GAMES, type Game } from '~/domain/side-games';
import { requireNight, requireOpen, cutoffSetting, nightLabel } from '~/features/subs/night.server';
import { golferNights } from '~/features/subs/golfer-nights.server';
import { findGolferGroup } from '~/models/night-groups.server';
import { golferMoney } from '~/models/money.server';
import { feesOf, getSideGames, setEntries } from '~/models/side-games.server';
import { db } from '~/db/db.server';
import type { EntriesInput } from '~/schemas/side-games';
import { moneySeason } from './pay-balance.server';

/*
 * The golfer's side of the side games (docs/product/money.md#entries): 'Play the side games' on /me until each
 * night's availability cut-off, PUT /api/me/side-games/{date}, and 'My money'.
 */

/**
 * The golfer enters a night's side games: a night they play (their standing tee time, In, or a spot taken as a sub),
 * before its cut-off. Answers the entries and the sentence the toast shows.
 */
export async function setMySideGames(golferId: number, date: string, input: EntriesInput, now = new Date()) {
  await requireNight(date);
  requireOpen(date, await cutoffSetting(), now);
  if (!(await findGolferGroup(golferId, date)))
    throw new ConflictError(`You do not play on ${nightLabel(date)}, so you cannot enter its side games.`);
  const entries = await setEntries(date, golferId, input, null);
  const playing = GAMES.filter((g) => entries[g]).map((g) => GAME_LABELS[g].toLowerCase());
  const list = playing.length > 1 ? `${playing.slice(0, -1).join(', ')} and ${playing.at(-1)}` : playing[0];
  const message = list ? `You play ${list} on ${nightLabel(date)}.` : `You play no side games on ${nightLabel(date)}.`;
  return { entries, message };
}

/**
 * /me's 'Play the side games' and 'My money': the league season's games with their fees, the golfer's upcoming nights
 * still open (In, before the cut-off) with what they entered, and their money. A fixed number of queries.
 */
export async function myMoney(golferId: number, now = new Date()) {
  const season = await moneySeason();
  const [games, nights, money] = await Promise.all([
    getSideGames(season),
    golferNights(golferId, now),
    golferMoney(golferId, season),
  ]);
  const fees = feesOf(games);
  const offered = GAMES.filter((g) => fees[g] !== null).map((g) => ({
    game: g,
    label: `${GAME_LABELS[g]} (${formatDollarsAndCents(fees[g]!)})`,
  }));
  const open = nights.nights.filter((n) => n.open && n.status === 'in' && n.date.startsWith(String(season)));
  const rows = await db.sideGameEntry.findMany({
    where: { golferId, date: { in: open.map((n) => n.date) } },
    select: { date: true, game: true },
  });
  const entered = (date: string) =>
    Object.fromEntries(GAMES.map((g) => [g, rows.some((r) => r.date === date && r.game === g)])) as Record<
      Game,
      boolean
    >;
  return {
    season,
    games: offered,
    nights:
      offered.length === 0
        ? []
        : open.map((n) => ({ date: n.date, label: n.label, cutoff: n.cutoff, entered: entered(n.date) })),
    money,
  };
}
