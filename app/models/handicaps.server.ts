import {
  computeGolferRounds,
  currentHandicap,
  handicapBreakdown,
  ninePar,
  type GolferHandicapInput,
} from '~/domain/handicap';
import { nonCountingDates, scheduleKindOf, type ScheduleEntry } from '~/domain/schedule';
import type { Tx } from '~/db/db.server';

/** A stored round's own fields: its score, and the handicaps, net score and points worked out from it. */
export type RoundFields = {
  id: number;
  golferId: number;
  date: string;
  season: number;
  grossScore: number;
  hcpIndexBefore: number | null;
  netScore: number | null;
  hcpIndexAfter: number | null;
  points: number | null;
};

type RoundRow = RoundFields & { course: { coursePar: number } | null };

const scheduleSelect = { date: true, weekNumber: true, event: true, kind: true, rainOut: true } as const;

/** A schedule row as the domain reads it (the kind column only ever holds the kinds the schema accepts). */
function scheduleEntryOf(row: {
  date: string;
  weekNumber: number | null;
  event: string;
  kind: string;
  rainOut: boolean;
}) {
  return { ...row, kind: scheduleKindOf(row.kind) } satisfies ScheduleEntry;
}

/** The schedules of these seasons in date order, in one query whatever their number. */
export async function loadSchedules(client: Tx, seasons: Iterable<number>): Promise<ScheduleEntry[]> {
  const years = [...new Set(seasons)];
  if (years.length === 0) return [];
  const rows = await client.scheduleEntry.findMany({
    where: { season: { in: years } },
    select: scheduleSelect,
    orderBy: { date: 'asc' },
  });
  return rows.map(scheduleEntryOf);
}

/**
 * Dates of these seasons whose rounds count for neither handicap nor standings: practice round, fun night, final
 * outing (and its alternate) and rain-outs (docs/product/seasons.md#what-a-season-holds), read from the database in
 * one query. A date off the schedule counts as a regular round.
 */
async function nonCountingDatesOf(client: Tx, seasons: Iterable<number>): Promise<Set<string>> {
  return nonCountingDates(await loadSchedules(client, seasons));
}

/** The calendar year of a `yyyy-MM-dd` date (the season it belongs to), or null for a malformed value. */
export function seasonOfDate(date: string): number | null {
  const year = Number(date.slice(0, 4));
  return /^\d{4}-/.test(date) && Number.isInteger(year) ? year : null;
}

/**
 * The estimate that seeds a golfer's history: the estimated score of their earliest membership that has one
 * (it stands for the rounds before they joined).
 */
function estimateOf(memberships: { season: number; estimatedScore: number | null }[]): number | null {
  const withEstimate = memberships.filter((m) => m.estimatedScore !== null).sort((a, b) => a.season - b.season);
  return withEstimate[0]?.estimatedScore ?? null;
}

function handicapInput(
  rounds: RoundRow[],
  memberships: { season: number; estimatedScore: number | null }[],
  defaultPar: number,
  nonCounting: ReadonlySet<string>,
): GolferHandicapInput {
  return {
    estimatedScore: estimateOf(memberships),
    rounds: rounds.map((r) => ({
      id: r.id,
      date: r.date,
      createdOrder: r.id,
      grossScore: r.grossScore,
      par: ninePar(r.course?.coursePar, defaultPar),
      // The schedule of the date's own year decides, even for a round filed under another season by old data.
      counts: !nonCounting.has(r.date),
    })),
  };
}

function groupBy<T extends { golferId: number }>(rows: T[]): Map<number, T[]> {
  const out = new Map<number, T[]>();
  for (const row of rows) {
    const list = out.get(row.golferId);
    if (list) list.push(row);
    else out.set(row.golferId, [row]);
  }
  return out;
}

async function defaultParOf(tx: Tx): Promise<number> {
  return (await tx.setting.findUnique({ where: { id: 1 }, select: { defaultPar: true } }))?.defaultPar ?? 36;
}

/** Selects a round's RoundFields. */
export const roundFieldsSelect = {
  id: true,
  golferId: true,
  date: true,
  season: true,
  grossScore: true,
  hcpIndexBefore: true,
  netScore: true,
  hcpIndexAfter: true,
  points: true,
} as const;

const roundSelect = { ...roundFieldsSelect, course: { select: { coursePar: true } } } as const;

// SQLite refuses statements with more than 999 parameters, so golfer ids are looked up 500 at a time.
const ID_CHUNK = 500;

/** What a handicap computation needs for these golfers, in a fixed number of queries per 500 golfers (plus one). */
async function loadHandicapData(tx: Tx, ids: number[]) {
  const rounds: RoundRow[] = [];
  const memberships: { golferId: number; season: number; estimatedScore: number | null }[] = [];
  const defaultPar = await defaultParOf(tx);
  for (let i = 0; i < ids.length; i += ID_CHUNK) {
    const chunk = ids.slice(i, i + ID_CHUNK);
    rounds.push(...(await tx.round.findMany({ where: { golferId: { in: chunk } }, select: roundSelect })));
    memberships.push(
      ...(await tx.membership.findMany({
        where: { golferId: { in: chunk } },
        select: { golferId: true, season: true, estimatedScore: true },
      })),
    );
  }
  // One more query for the schedules of every year these rounds were played in, whatever their number.
  const nonCounting = await nonCountingDatesOf(
    tx,
    rounds.map((r) => seasonOfDate(r.date) ?? r.season),
  );
  const roundsOf = groupBy(rounds);
  const membershipsOf = groupBy(memberships);
  return (golferId: number) => {
    const rows = roundsOf.get(golferId) ?? [];
    return { rows, input: handicapInput(rows, membershipsOf.get(golferId) ?? [], defaultPar, nonCounting) };
  };
}

/**
 * Recomputes hcpIndexBefore, netScore and hcpIndexAfter of every round of these golfers
 * (docs/product/handicaps.md#stored-columns), writing only the rows that changed. Call it inside the transaction that
 * changed their rounds,
 * memberships' estimates, or a course's par, so stored values are always consistent.
 */
export async function recomputeHandicaps(tx: Tx, golferIds: Iterable<number>): Promise<void> {
  const ids = [...new Set(golferIds)];
  if (ids.length === 0) return;
  const inputOf = await loadHandicapData(tx, ids);
  for (const golferId of ids) {
    const { rows, input } = inputOf(golferId);
    if (rows.length === 0) continue;
    const stored = new Map(rows.map((r) => [r.id, r]));
    for (const c of computeGolferRounds(input)) {
      const row = stored.get(c.id)!;
      if (
        row.hcpIndexBefore === c.hcpIndexBefore &&
        row.netScore === c.netScore &&
        row.hcpIndexAfter === c.hcpIndexAfter
      )
        continue;
      await tx.round.update({
        where: { id: c.id },
        data: { hcpIndexBefore: c.hcpIndexBefore, netScore: c.netScore, hcpIndexAfter: c.hcpIndexAfter },
      });
    }
  }
}

/** After a course's par changed: recompute every golfer who played it. */
export async function recomputeCourseHandicaps(tx: Tx, courseId: number): Promise<void> {
  const golfers = await tx.round.findMany({ where: { courseId }, select: { golferId: true }, distinct: ['golferId'] });
  await recomputeHandicaps(
    tx,
    golfers.map((g) => g.golferId),
  );
}

/** Current handicaps of many golfers in a fixed number of queries (for flights and lists). */
export async function currentHandicaps(tx: Tx, golferIds: number[]): Promise<Map<number, number | null>> {
  const out = new Map<number, number | null>();
  if (golferIds.length === 0) return out;
  const inputOf = await loadHandicapData(tx, golferIds);
  for (const id of golferIds) out.set(id, currentHandicap(inputOf(id).input));
  return out;
}

/**
 * Handicaps of many golfers on the night `date`: from their rounds before that date, as the night's results compute a
 * round's hcpIndexBefore (one round per golfer and date, so a round of that night is never its own history). For a
 * golfer still on the course (docs/decisions/124-live-results-and-skins.md). A fixed number of queries.
 */
export async function handicapsOn(tx: Tx, golferIds: number[], date: string): Promise<Map<number, number | null>> {
  const out = new Map<number, number | null>();
  if (golferIds.length === 0) return out;
  const inputOf = await loadHandicapData(tx, golferIds);
  for (const id of golferIds) {
    const { input } = inputOf(id);
    out.set(id, currentHandicap({ ...input, rounds: input.rounds.filter((r) => r.date < date) }));
  }
  return out;
}

/**
 * One golfer's handicap as the stats website explains it (docs/product/stats.md#public-stats-pages): the breakdown
 * from the same data and domain functions that compute the stored columns, and every round of the golfer with its
 * stored columns, its nine-hole par and whether it counts. A fixed number of queries.
 */
export async function golferHandicapDetail(client: Tx, golferId: number) {
  const { rows, input } = (await loadHandicapData(client, [golferId]))(golferId);
  const inputOf = new Map(input.rounds.map((r) => [r.id, r]));
  return {
    breakdown: handicapBreakdown(input),
    rounds: rows.map(({ course: _course, ...row }) => ({
      ...row,
      par: inputOf.get(row.id)!.par,
      counts: inputOf.get(row.id)!.counts,
    })),
  };
}
