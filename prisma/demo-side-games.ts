import { cents } from '../app/domain/money';
import type { Db } from '../app/db/db.server';
import { inTransaction } from '../app/db/transaction.server';
import { recomputePayouts } from '../app/models/payouts.server';
import { saveSideGames } from '../app/models/side-games.server';

/**
 * The demo plays its side games (docs/product/money.md#the-demo-league): skins net $5, closest to the pin on hole 7 for
 * $2 and low net $2 in the current season; on each night kept on cards every golfer plays skins, every other golfer
 * low net and every third closest to the pin (the first of them wins it, a few feet away); a couple of golfers paid in
 * cash. The payouts are worked out by the league's own rules, as for any night. Returns what was seeded.
 */
export async function seedDemoSideGames(db: Db, season: number): Promise<string> {
  if (!(await db.season.findUnique({ where: { year: season }, select: { year: true } }))) return 'no side games';
  const games = {
    skins: { net: true, feeCents: cents(500) },
    closestToPin: { hole: 7, feeCents: cents(200) },
    lowNet: { feeCents: cents(200) },
  };
  await saveSideGames(season, games, null);
  const played = await db.holeScore.findMany({
    where: { scorecard: { date: { startsWith: `${season}-` }, state: 'attested' } },
    distinct: ['golferId', 'scorecardId'],
    select: { golferId: true, scorecard: { select: { date: true } } },
  });
  const nights = [...new Set(played.map((p) => p.scorecard.date))].sort();
  if (nights.length === 0) return 'side games set, no night kept on cards to play them';
  await inTransaction(db, async (tx) => {
    for (const date of nights) {
      const golfers = [...new Set(played.filter((p) => p.scorecard.date === date).map((p) => p.golferId))].sort(
        (a, b) => a - b,
      );
      const entries = golfers.flatMap((golferId, i) => [
        { date, season, golferId, game: 'skins', feeCents: 500 },
        ...(i % 2 === 0 ? [{ date, season, golferId, game: 'lowNet', feeCents: 200 }] : []),
        ...(i % 3 === 0 ? [{ date, season, golferId, game: 'closestToPin', feeCents: 200 }] : []),
      ]);
      await tx.sideGameEntry.createMany({ data: entries });
      // An entrant of closest to the pin (every third golfer), a different one each night.
      const night = nights.indexOf(date);
      const winner = golfers[3 * night] ?? golfers[0];
      await tx.closestToPin.create({ data: { date, season, golferId: winner, feet: 3 + night, inches: 4 } });
    }
    const [first, second] = [...new Set(played.map((p) => p.golferId))].sort((a, b) => a - b);
    const paidAt = new Date();
    for (const golferId of [first, second].filter((id) => id !== undefined))
      await tx.moneyPayment.create({
        data: { golferId, season, method: 'cash', amountCents: 500, note: 'At the turn', paidAt, createdBy: 'demo' },
      });
    await recomputePayouts(tx, nights);
  });
  return `side games played on ${nights.length} night${nights.length === 1 ? '' : 's'}`;
}
