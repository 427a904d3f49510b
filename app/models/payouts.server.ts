import { cents } from '~/domain/money';
import {
  carriedOf,
  EMPTY_POTS,
  isGame,
  nightPayouts,
  potsOf,
  type Game,
  type Payout,
  type Pots,
} from '~/domain/side-games';
import { flightSkins, skinsWon, type SkinsCard } from '~/domain/skins';
import { handicapsOn, seasonOfDate } from '~/models/handicaps.server';
import { isValidCalendarDate } from '~/domain/season';
import type { Tx } from '~/db/db.server';
import { databaseConfig } from '~/db/database-url.server';

/*
 * A night's payouts (docs/product/money.md#payouts, docs/decisions/181-side-games-and-payouts.md), recomputed from the
 * night's results in the transaction of whatever changed them: a round (through recomputeHandicapsAndPoints), a card
 * attested or reopened, an entry, the closest to the pin, the season's games. The night's set is deleted and written
 * again, so a payout is never added twice. Money a night carries goes into the next night with payouts; when what a
 * night carries (or whether it has payouts) changes, the season's next night with entries is recomputed too.
 * Two recomputations of one season never run side by side (`holdSeasonMoney`), so the set is written once.
 */

/**
 * Whether the season has side games, holding its row until the caller's transaction ends. On PostgreSQL two
 * transactions really run side by side: without the lock, one that deleted a night's payouts and wrote its set leaves
 * the other's delete waiting on the old rows, blind to the new ones, and two sets stand after both commit; and a
 * night's set computed before another change commits misses that change. `FOR UPDATE` makes the second wait here,
 * before it reads the night, and then read what the first committed (docs/decisions/183-money-once-across-processes.md).
 * SQLite runs one write transaction at a time, so a plain read does.
 */
async function holdSeasonMoney(tx: Tx, season: number): Promise<boolean> {
  if (databaseConfig().kind === 'postgresql')
    return (
      (await tx.$queryRawUnsafe<unknown[]>('SELECT "season" FROM "side_games" WHERE "season" = $1 FOR UPDATE', season))
        .length > 0
    );
  return (await tx.sideGames.findUnique({ where: { season }, select: { season: true } })) !== null;
}

/** Whether the night's results are final: every card attested, or (no card) a round recorded. Not a rained-out night. */
async function nightIsFinal(tx: Tx, date: string): Promise<boolean> {
  const entry = await tx.scheduleEntry.findFirst({ where: { date }, select: { rainOut: true } });
  if (entry?.rainOut) return false;
  const cards = await tx.scorecard.findMany({ where: { date }, select: { state: true } });
  if (cards.length > 0) return cards.every((card) => card.state === 'attested');
  return (await tx.round.count({ where: { date } })) > 0;
}

/** What the latest earlier night with payouts carried out, per game: the money this night's pots take in. */
async function carriedInto(tx: Tx, season: number, date: string): Promise<Pots> {
  const last = await tx.payout.findFirst({
    where: { season, date: { lt: date } },
    orderBy: { date: 'desc' },
    select: { date: true },
  });
  if (!last) return { ...EMPTY_POTS };
  const rows = await tx.payout.findMany({ where: { date: last.date, golferId: null } });
  return carriedOf(
    rows.flatMap((r) => (isGame(r.game) ? [{ game: r.game, golferId: null, cents: cents(r.cents) }] : [])),
  );
}

/**
 * The night's attested cards of these golfers (hole number → strokes) on the night's course, and its holes. Read here
 * rather than through the scorecards' models, which sit above the points this module is called from (a golfer on two
 * attested cards of one night is read from the first).
 */
async function attestedCards(tx: Tx, date: string, golferIds: number[]) {
  const rows = await tx.holeScore.findMany({
    where: { golferId: { in: golferIds }, scorecard: { date, state: 'attested', courseId: { not: null } } },
    select: {
      golferId: true,
      holeNumber: true,
      strokes: true,
      scorecardId: true,
      scorecard: { select: { courseId: true } },
    },
    orderBy: [{ scorecardId: 'asc' }, { holeNumber: 'asc' }],
  });
  if (rows.length === 0) return null;
  const courseId = rows[0].scorecard.courseId!;
  const cards = new Map<number, { scorecardId: number; strokes: Record<number, number> }>();
  for (const row of rows) {
    if (row.scorecard.courseId !== courseId) continue;
    const card = cards.get(row.golferId) ?? { scorecardId: row.scorecardId, strokes: {} };
    if (card.scorecardId !== row.scorecardId) continue;
    card.strokes[row.holeNumber] = row.strokes;
    cards.set(row.golferId, card);
  }
  const holes = await tx.hole.findMany({ where: { courseId }, select: { number: true, par: true, strokeIndex: true } });
  return { holes, cards };
}

/** The skins of the night among its skins entrants with an attested card: won per golfer and unclaimed. */
async function entrantsSkins(tx: Tx, date: string, entrants: number[], net: boolean) {
  if (entrants.length === 0) return null;
  const night = await attestedCards(tx, date, entrants);
  if (!night) return null;
  const ids = [...night.cards.keys()];
  const handicaps = net ? await handicapsOn(tx, ids, date) : new Map<number, number | null>();
  const skinsCards: SkinsCard[] = ids.map((golferId) => ({
    golferId,
    handicap: net ? (handicaps.get(golferId) ?? null) : null,
    attested: true,
    strokes: night.cards.get(golferId)!.strokes,
  }));
  const setting = await tx.setting.findUnique({ where: { id: 1 }, select: { skinsCarryOver: true } });
  const outcome = flightSkins(night.holes, skinsCards, {
    skins: true,
    skinsCarryOver: setting?.skinsCarryOver ?? false,
  });
  if (!outcome) return null;
  const side = net ? outcome.net : outcome.gross;
  return { won: skinsWon(side), unclaimed: side.unclaimed.length };
}

/** The payouts a night should hold now (none until its results are final). */
async function payoutsOfNight(tx: Tx, season: number, date: string): Promise<Payout[]> {
  if (!(await nightIsFinal(tx, date))) return [];
  // One query after the other: a transaction is one connection (PostgreSQL runs one query at a time on it).
  const games = await tx.sideGames.findUnique({ where: { season } });
  const entryRows = await tx.sideGameEntry.findMany({
    where: { date },
    select: { golferId: true, game: true, feeCents: true },
  });
  const ctp = await tx.closestToPin.findUnique({ where: { date }, select: { golferId: true } });
  const entries = entryRows.flatMap((e) =>
    isGame(e.game) ? [{ golferId: e.golferId, game: e.game, feeCents: cents(e.feeCents) }] : [],
  );
  const pots = potsOf(entries, await carriedInto(tx, season, date));
  const entrantsOf = (game: Game) => entries.filter((e) => e.game === game).map((e) => e.golferId);
  const lowNetIds = entrantsOf('lowNet');
  const rounds = lowNetIds.length
    ? await tx.round.findMany({
        where: { date, golferId: { in: lowNetIds } },
        select: { golferId: true, netScore: true, grossScore: true },
      })
    : [];
  const skins = await entrantsSkins(tx, date, entrantsOf('skins'), games?.skinsNet ?? true);
  const ids = [...new Set(entries.map((e) => e.golferId))];
  const names = await tx.golfer.findMany({
    where: { id: { in: ids } },
    select: { id: true, firstName: true, lastName: true },
  });
  const nameOf = new Map(names.map((g) => [g.id, `${g.lastName}, ${g.firstName}`]));
  const ctpWinner = ctp && entrantsOf('closestToPin').includes(ctp.golferId) ? ctp.golferId : null;
  return nightPayouts({
    pots,
    skins,
    closestToPin: ctpWinner,
    lowNet: rounds.map((r) => ({ golferId: r.golferId, net: r.netScore ?? r.grossScore })),
    sortName: (id) => nameOf.get(id) ?? '',
  });
}

/** A night's stored set as a comparable text of what it carries out (and whether it has payouts at all). */
function carryKey(payouts: readonly { game: string; golferId: number | null; cents: number }[]): string {
  if (payouts.length === 0) return 'none';
  const carried = payouts.filter((p) => p.golferId === null).map((p) => `${p.game}:${p.cents}`);
  return carried.sort().join(',') || 'paid';
}

/**
 * Writes the night's payouts afresh (delete, then insert the set). Answers whether what it carries to later nights
 * changed, so the caller recomputes the next one.
 */
async function rewriteNight(tx: Tx, season: number, date: string): Promise<boolean> {
  const before = await tx.payout.findMany({ where: { date }, select: { game: true, golferId: true, cents: true } });
  const after = await payoutsOfNight(tx, season, date);
  await tx.payout.deleteMany({ where: { date } });
  if (after.length > 0)
    await tx.payout.createMany({
      data: after.map((p) => ({ date, season, game: p.game, golferId: p.golferId, cents: p.cents })),
    });
  return carryKey(before) !== carryKey(after);
}

/**
 * Recomputes the payouts of these nights, in the caller's transaction, and of the later nights their carried money
 * reaches. Only nights with entries or payouts are worked on; a season without side games costs one query.
 */
export async function recomputePayouts(tx: Tx, dates: Iterable<string>): Promise<void> {
  const bySeason = new Map<number, Set<string>>();
  for (const date of dates) {
    if (!isValidCalendarDate(date)) continue;
    const season = seasonOfDate(date)!;
    bySeason.set(season, (bySeason.get(season) ?? new Set()).add(date));
  }
  // Seasons in order, so two transactions holding several seasons take their locks in one order (no deadlock).
  for (const [season, wanted] of [...bySeason].sort(([a], [b]) => a - b)) {
    // Entries (and so payouts) exist only in a season with side games; most round writes stop here.
    if (!(await holdSeasonMoney(tx, season))) continue;
    const entryDates = await tx.sideGameEntry.findMany({
      where: { season },
      select: { date: true },
      distinct: ['date'],
    });
    const payoutDates = await tx.payout.findMany({ where: { season }, select: { date: true }, distinct: ['date'] });
    const nights = [...new Set([...entryDates, ...payoutDates].map((r) => r.date))].sort();
    if (nights.length === 0) continue;
    const due = new Set([...wanted].filter((d) => nights.includes(d)));
    for (const night of nights) {
      if (!due.has(night)) continue;
      const moved = await rewriteNight(tx, season, night);
      const next = nights.find((d) => d > night);
      if (moved && next) due.add(next);
    }
  }
}

/** Every night of a season with entries or payouts, recomputed (a change of its games, or of 'Skins carry over'). */
export async function recomputeSeasonPayouts(tx: Tx, season: number): Promise<void> {
  const rows = await tx.sideGameEntry.findMany({ where: { season }, select: { date: true }, distinct: ['date'] });
  await recomputePayouts(
    tx,
    rows.map((r) => r.date),
  );
}
