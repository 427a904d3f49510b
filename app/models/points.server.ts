import { awardPoints } from '~/domain/points';
import { nonCountingDates, playoffNightDates } from '~/domain/schedule';
import { loadSchedules, recomputeHandicaps, seasonOfDate } from '~/models/handicaps.server';
import { inTransaction } from '~/db/transaction.server';
import { formatRoundDate, isValidCalendarDate } from '~/domain/season';
import { db, type Tx } from '~/db/db.server';
import { auditNote, recordAudit, type Actor } from '~/db/audit.server';
import { InvalidError, NotFoundError } from '~/domain/errors';
import { subsOnDates } from '~/models/nights-out.server';
import { recomputePayouts } from '~/models/payouts.server';

/**
 * The dates of these seasons that give no standings points: special events and rain-outs (which count for nothing),
 * and the playoff nights, whose rounds decide the playoffs by net score instead (docs/product/playoffs.md#the-nights).
 */
async function datesWithoutPointsOf(client: Tx, seasons: Iterable<number>): Promise<Set<string>> {
  const schedule = await loadSchedules(client, seasons);
  return new Set([...nonCountingDates(schedule), ...playoffNightDates(schedule)]);
}

export type PointsResult = {
  date: string;
  season: number;
  /** Rounds that received points. */
  awarded: number;
  /** Rounds of golfers with no flight that season: their points were left as they were. */
  withoutFlight: number;
};

/** A round as the points calculation ranks it. */
type RankedRound = {
  id: number;
  golferId: number;
  date: string;
  grossScore: number;
  netScore: number | null;
  points: number | null;
};

const rankedSelect = { id: true, golferId: true, date: true, grossScore: true, netScore: true, points: true } as const;

// SQLite refuses statements with more than 999 parameters, so ids and dates are looked up 500 at a time.
const CHUNK = 500;

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

/**
 * What 'Calculate points' gives the rounds of one date: within each flight, ranked by net score, 24, 23, … with ties
 * sharing the places they occupy. Rounds of golfers without a flight (`flightOf` undefined) get nothing.
 */
function awardsFor(rounds: readonly RankedRound[], flightOf: (golferId: number) => string | undefined) {
  const byFlight = new Map<string, { key: number; netScore: number }[]>();
  for (const round of rounds) {
    const flightNo = flightOf(round.golferId);
    if (!flightNo) continue;
    // netScore is always stored by the recomputation; gross is only a guard against an unfinished import.
    const entry = { key: round.id, netScore: round.netScore ?? round.grossScore };
    const list = byFlight.get(flightNo);
    if (list) list.push(entry);
    else byFlight.set(flightNo, [entry]);
  }
  const awards = new Map<number, number>();
  for (const entries of byFlight.values()) {
    for (const [roundId, points] of awardPoints(entries)) awards.set(roundId, points);
  }
  return awards;
}

/**
 * "Calculate points" for one date (docs/product/points-and-standings.md#calculating-points): within each flight of that
 * season, the date's rounds are ranked by net score and get 24, 23, … points, ties sharing the places they occupy.
 * Rounds of golfers without a flight keep whatever points they had (see docs/decisions). A date that counts for
 * nothing (a special event or a rain-out) is refused. One transaction, joining the caller's when given one (round and
 * schedule changes recalculate points in theirs); a fixed number of reads, and one write per distinct points value.
 */
export async function calculatePointsForDate(
  date: string,
  actor: Actor | null,
  client: Tx = db,
): Promise<PointsResult> {
  if (!isValidCalendarDate(date))
    throw new InvalidError('Enter a real calendar date (yyyy-mm-dd)', {
      date: ['Enter a real calendar date (yyyy-mm-dd)'],
    });
  const season = seasonOfDate(date)!;
  const shown = formatRoundDate(date);
  return inTransaction(client, async (tx) => {
    // Read through the caller's transaction, so a schedule change made in it (a kind, a rain-out) already applies.
    const entry = (await loadSchedules(tx, [season])).find((e) => e.date === date);
    if (entry && playoffNightDates([entry]).has(date))
      throw new InvalidError(
        `${shown} is a playoff night: it gives no standings points, its net scores decide the playoffs`,
        {
          date: ['Playoff nights do not get points'],
        },
      );
    if (entry && nonCountingDates([entry]).has(date)) {
      // docs/product/points-and-standings.md#calculating-points; a rain-out counts for nothing either
      // (docs/product/seasons.md#what-a-season-holds).
      if (entry.rainOut)
        throw new InvalidError(`${shown} is a rain-out: its rounds count for neither handicap nor standings`, {
          date: ['Rained-out rounds do not get points'],
        });
      throw new InvalidError(`${shown} is a special event: its rounds count for neither handicap nor standings`, {
        date: ['Special-event rounds do not get points'],
      });
    }
    const rounds = await tx.round.findMany({ where: { date }, select: rankedSelect });
    if (rounds.length === 0)
      throw new NotFoundError(`No rounds recorded on ${shown}`, { date: [`No rounds recorded on ${shown}`] });
    // The whole season's flights (one row per member): a list of the date's golfers could pass SQLite's limit on
    // the parameters of one statement.
    const flights = await tx.flightAssignment.findMany({
      where: { season },
      select: { golferId: true, flightNo: true },
    });
    const flightOf = new Map(flights.map((f) => [f.golferId, f.flightNo]));
    // A sub's round counts for the sub's handicap but earns no standings points (docs/product/availability-and-subs.md):
    // it is not ranked, and holds no points.
    const subs = (await subsOnDates([date], tx)).get(date) ?? new Set<number>();
    const subRounds = rounds.filter((r) => subs.has(r.golferId) && r.points !== null).map((r) => r.id);
    if (subRounds.length > 0) await tx.round.updateMany({ where: { id: { in: subRounds } }, data: { points: null } });
    const ranked = rounds.filter((r) => !subs.has(r.golferId));
    const awards = awardsFor(ranked, (golferId) => flightOf.get(golferId));

    // Group the writes by value: a flight of 25 with no ties is 25 updates, but ties and zeros share one.
    const idsByPoints = new Map<number, number[]>();
    for (const [roundId, points] of awards) {
      const ids = idsByPoints.get(points);
      if (ids) ids.push(roundId);
      else idsByPoints.set(points, [roundId]);
    }
    for (const [points, ids] of idsByPoints) {
      await tx.round.updateMany({ where: { id: { in: ids } }, data: { points } });
    }
    const awarded = awards.size;
    const note = `Calculated the points of '${date}': ${awarded} round${awarded === 1 ? '' : 's'} got points`;
    await recordAudit(tx, actor, auditNote({ action: 'update', entity: 'round', summary: note }));
    return { date, season, awarded, withoutFlight: ranked.length - awards.size };
  });
}

/** Points are stored as floating-point numbers; a share such as 23.5 is exact, but compare with a margin anyway. */
function samePoints(a: number, b: number): boolean {
  return Math.abs(a - b) < 1e-9;
}

/**
 * Whether one flight's points are a split 'Calculate points' gives: ranked by their own points, the calculation gives
 * each round exactly the points it holds (24, 23, 22, … for that many golfers, tied places sharing). The order of the
 * golfers does not matter, so points calculated before net scores moved still read as calculated.
 */
function isCalculatedSplit(rounds: readonly { id: number; points: number }[]): boolean {
  const awards = awardPoints(rounds.map((r) => ({ key: r.id, netScore: -r.points })));
  return rounds.every((r) => samePoints(awards.get(r.id)!, r.points));
}

/**
 * Which of these dates hold calculated points (docs/decisions/075-points-never-stale.md): the date counts (not a
 * special event or rain-out), and in every flight of that season the points its rounds hold form the split
 * 'Calculate points' gives (24, 23, 22, … tied places sharing), with at least one such round. Rounds without points
 * and rounds of golfers without a flight do not matter. Any other points were typed, and are kept as typed.
 * `extra` adds rounds no longer stored (those set aside at the upgrade). A fixed number of queries per 500 dates and
 * golfers.
 */
export async function calculatedDates(
  tx: Tx,
  dates: Iterable<string>,
  options: { extra?: readonly { id: number; golferId: number; date: string; points: number | null }[] } = {},
): Promise<Set<string>> {
  const out = new Set<string>();
  const wanted = [...new Set(dates)].filter(isValidCalendarDate);
  if (wanted.length === 0) return out;
  const nonCounting = await datesWithoutPointsOf(
    tx,
    wanted.map((d) => seasonOfDate(d)!),
  );
  const countingDates = new Set(wanted.filter((d) => !nonCounting.has(d)));
  const rounds: { id: number; golferId: number; date: string; points: number }[] = [];
  for (const slice of chunks([...countingDates])) {
    const found = await tx.round.findMany({
      where: { date: { in: slice }, points: { not: null } },
      select: { id: true, golferId: true, date: true, points: true },
    });
    for (const r of found) rounds.push({ ...r, points: r.points! });
  }
  for (const r of options.extra ?? []) {
    if (countingDates.has(r.date) && r.points !== null) rounds.push({ ...r, points: r.points });
  }
  if (rounds.length === 0) return out;

  const seasons = [...new Set(rounds.map((r) => seasonOfDate(r.date)!))];
  const flightOf = new Map<string, string>();
  for (const slice of chunks([...new Set(rounds.map((r) => r.golferId))])) {
    const flights = await tx.flightAssignment.findMany({
      where: { season: { in: seasons }, golferId: { in: slice } },
      select: { golferId: true, season: true, flightNo: true },
    });
    for (const f of flights) flightOf.set(`${f.season}|${f.golferId}`, f.flightNo);
  }
  const groups = new Map<string, { date: string; rounds: { id: number; points: number }[] }>();
  for (const r of rounds) {
    const flightNo = flightOf.get(`${seasonOfDate(r.date)}|${r.golferId}`);
    if (!flightNo) continue;
    const group = groups.get(`${r.date}|${flightNo}`) ?? { date: r.date, rounds: [] };
    group.rounds.push({ id: r.id, points: r.points });
    groups.set(`${r.date}|${flightNo}`, group);
  }
  const typed = new Set<string>();
  for (const group of groups.values()) {
    if (isCalculatedSplit(group.rounds)) out.add(group.date);
    else typed.add(group.date);
  }
  for (const date of typed) out.delete(date);
  return out;
}

async function netScoresOf(tx: Tx, golferIds: number[]): Promise<Map<number, { date: string; net: number | null }>> {
  const out = new Map<number, { date: string; net: number | null }>();
  for (const slice of chunks(golferIds)) {
    const rows = await tx.round.findMany({
      where: { golferId: { in: slice } },
      select: { id: true, date: true, netScore: true },
    });
    for (const r of rows) out.set(r.id, { date: r.date, net: r.netScore });
  }
  return out;
}

/**
 * After rounds, the schedule, a course's par or an estimated score changed (docs/decisions/075-points-never-stale.md,
 * docs/decisions/117-points-never-stale.md), in the transaction of the change: recomputes the handicaps of these
 * golfers, then recalculates the points of every date that held calculated points and may now rank differently — the
 * changed dates themselves, and the later dates where a net score moved with the handicaps. `changed.dates` are the
 * dates whose rounds the write changed (none for a par or an estimate, which only move net scores);
 * `changed.calculated` says which of them held calculated points before the change: a round write reads it before
 * writing (calculatedDates), since the write changes the date's rounds; without it (a schedule change, where the
 * rounds did not change) it is read here, before the recomputation. Points of a date that does not count are kept as
 * they were: nothing counts them there, and they are recalculated if the date counts again.
 */
export async function recomputeHandicapsAndPoints(
  tx: Tx,
  golferIds: Iterable<number>,
  changed: { dates: Iterable<string>; calculated?: ReadonlySet<string> } = { dates: [] },
): Promise<void> {
  const ids = [...new Set(golferIds)];
  const dates = new Set(changed.dates);
  const calculatedBefore = changed.calculated ?? (await calculatedDates(tx, dates));
  const before = await netScoresOf(tx, ids);
  await recomputeHandicaps(tx, ids);
  const after = await netScoresOf(tx, ids);
  const moved = new Set<string>();
  for (const [id, now] of after) {
    if (!dates.has(now.date) && before.get(id)?.net !== now.net) moved.add(now.date);
  }
  const movedCalculated = await calculatedDates(tx, moved);
  await recalculateNights(tx, new Set([...calculatedBefore, ...movedCalculated]));
  // The side games' payouts of these nights follow their results: low net reads the net scores, net skins the
  // handicaps (docs/product/money.md#payouts).
  await recomputePayouts(tx, [...dates, ...moved]);
}

/** Whose nights a write changes: a golfer's rounds of one season, or of every season when none is given. */
export type GolferNights = { golferId: number; season?: number };

/**
 * The dates of these golfers' rounds that hold calculated points (docs/decisions/117-points-never-stale.md). A write
 * that changes who is ranked on a night and in which flight (deleting a golfer, a flight assignment) reads them before
 * writing, since the write itself breaks the night's split, and hands them to recalculateNights after it. A fixed
 * number of queries per season and 500 golfers.
 */
export async function calculatedNightsOf(tx: Tx, golfers: Iterable<GolferNights>): Promise<Set<string>> {
  const bySeason = new Map<number | undefined, Set<number>>();
  for (const { golferId, season } of golfers) {
    const ids = bySeason.get(season) ?? new Set<number>();
    ids.add(golferId);
    bySeason.set(season, ids);
  }
  const dates = new Set<string>();
  for (const [season, ids] of bySeason) {
    // A date's flights are those of its year (as calculatePointsForDate reads them), whatever season a round is
    // filed under.
    const within = season === undefined ? {} : { date: { gte: `${season}-`, lt: `${season + 1}-` } };
    for (const slice of chunks([...ids])) {
      const found = await tx.round.findMany({
        where: { golferId: { in: slice }, ...within },
        select: { date: true },
        distinct: ['date'],
      });
      for (const r of found) dates.add(r.date);
    }
  }
  return calculatedDates(tx, dates);
}

/**
 * Recalculates the points of these dates, which held calculated points before the write of the caller's transaction
 * (calculatedDates, calculatedNightsOf). A date that lost its last round, or no longer counts, since it was calculated
 * is not ranked: its points stay as they were.
 */
export async function recalculateNights(tx: Tx, nights: ReadonlySet<string>): Promise<void> {
  const due = [...nights];
  if (due.length === 0) return;
  const nonCounting = await datesWithoutPointsOf(
    tx,
    due.map((d) => seasonOfDate(d)!),
  );
  const withRounds = new Set<string>();
  for (const slice of chunks(due)) {
    const found = await tx.round.findMany({
      where: { date: { in: slice } },
      select: { date: true },
      distinct: ['date'],
    });
    for (const r of found) withRounds.add(r.date);
  }
  for (const date of due.sort()) {
    if (withRounds.has(date) && !nonCounting.has(date)) await calculatePointsForDate(date, null, tx);
  }
}
