import { ConflictError, InvalidError, NotFoundError } from '~/domain/errors';
import { nonCountingDates, scheduleKindOf, type ScheduleEntry } from '~/domain/schedule';
import { todayInLeague } from '~/domain/season';
import {
  copySchedule,
  leagueSeasonYear,
  registrationState,
  type RegistrationState,
  type SeasonSummary,
} from '~/domain/seasons';
import { loadSchedules, seasonOfDate } from '~/models/handicaps.server';
import { recomputeHandicapsAndPoints } from '~/models/points.server';
import { inTransaction } from '~/db/transaction.server';
import { auditCreated, auditDeleted, auditMany, auditUpdated, recordAudit, type Actor } from '~/db/audit.server';
import type { SeasonInput, SeasonUpdateInput } from '~/schemas/season';
import { db, writeUnique, type Tx } from '~/db/db.server';

/**
 * Seasons (docs/product/seasons.md): the records, the league season and the one on sale. Every write runs in
 * `inTransaction`; a change that alters which rounds count recomputes what depends on it in the same transaction
 * (docs/decisions/050-seasons-as-data.md). The dates of a season's schedule are schedule-entries.server.ts.
 */

export type ScheduleRow = ScheduleEntry & { id: number };
export type SeasonDetail = SeasonSummary & { schedule: ScheduleRow[] };

export const entrySelect = { id: true, date: true, weekNumber: true, event: true, kind: true, rainOut: true } as const;
/** The fee of a league whose settings row was never saved (prisma/schema.prisma's default). */
const DEFAULT_FEE_CENTS = 15000;

export type EntryRecord = {
  id: number;
  date: string;
  weekNumber: number | null;
  event: string;
  kind: string;
  rainOut: boolean;
};

export function rowOf(record: EntryRecord): ScheduleRow {
  return { ...record, kind: scheduleKindOf(record.kind) };
}

function summaryOf(
  season: { year: number; feeCents: number; registrationOpens: string | null; registrationCloses: string | null },
  schedule: { date: string }[],
): SeasonSummary {
  const dates = schedule.map((e) => e.date).sort();
  return {
    year: season.year,
    feeCents: season.feeCents,
    registrationOpens: season.registrationOpens,
    registrationCloses: season.registrationCloses,
    firstDate: dates[0] ?? null,
    lastDate: dates.at(-1) ?? null,
    entryCount: dates.length,
  };
}

const seasonNotFound = () => new NotFoundError('Season not found');

const seasonExists = (year: number) =>
  new ConflictError(`Season ${year} already exists`, { year: [`Season ${year} already exists`] });

/** Every season, newest first, with its schedule's first and last dates: two queries whatever their number. */
export async function listSeasons(client: Tx = db): Promise<SeasonSummary[]> {
  return (await listSeasonsWithGrandChampionship(client)).map(({ grandChampionship: _grand, ...season }) => season);
}

/**
 * `listSeasons` with each Grand Championship's date (the stats' season between seasons), in the same two queries.
 */
export async function listSeasonsWithGrandChampionship(client: Tx = db): Promise<SeasonSummary[]> {
  const [seasons, spans] = await Promise.all([
    client.season.findMany({ orderBy: { year: 'desc' } }),
    // By kind too, so the Grand Championship's date comes with the span (the stats' season between seasons).
    client.scheduleEntry.groupBy({
      by: ['season', 'kind'],
      _min: { date: true },
      _max: { date: true },
      _count: { _all: true },
    }),
  ]);
  type Span = { first: string | null; last: string | null; count: number; grand: string | null };
  const spanOf = new Map<number, Span>();
  for (const row of spans) {
    const span = spanOf.get(row.season) ?? { first: null, last: null, count: 0, grand: null };
    const first = row._min.date;
    const last = row._max.date;
    if (first !== null && (span.first === null || first < span.first)) span.first = first;
    if (last !== null && (span.last === null || last > span.last)) span.last = last;
    span.count += row._count._all;
    if (row.kind === 'grand-championship') span.grand = first;
    spanOf.set(row.season, span);
  }
  return seasons.map((season) => {
    const span = spanOf.get(season.year);
    return {
      year: season.year,
      feeCents: season.feeCents,
      registrationOpens: season.registrationOpens,
      registrationCloses: season.registrationCloses,
      firstDate: span?.first ?? null,
      lastDate: span?.last ?? null,
      entryCount: span?.count ?? 0,
      grandChampionship: span?.grand ?? null,
    };
  });
}

/** A season with its schedule in date order, or null. */
export async function getSeason(year: number, client: Tx = db): Promise<SeasonDetail | null> {
  const season = await client.season.findUnique({
    where: { year },
    include: { schedule: { select: entrySelect, orderBy: { date: 'asc' } } },
  });
  if (!season) return null;
  const schedule = season.schedule.map(rowOf);
  return { ...summaryOf(season, schedule), schedule };
}

/** A season's schedule in date order; [] for a season without one (or without a record). */
export function getSchedule(year: number, client: Tx = db): Promise<ScheduleEntry[]> {
  return loadSchedules(client, [year]);
}

/** The schedules of several seasons in one query, in date order (a list of rounds that may span seasons). */
export function getSchedules(years: Iterable<number>, client: Tx = db): Promise<ScheduleEntry[]> {
  return loadSchedules(client, years);
}

async function settingsFee(client: Tx): Promise<number> {
  const settings = await client.setting.findUnique({ where: { id: 1 }, select: { seasonFeeCents: true } });
  return settings?.seasonFeeCents ?? DEFAULT_FEE_CENTS;
}

/** The league season's year among these, as a summary; a year without a record has the Settings fee and no schedule. */
async function leagueSeasonOf(seasons: SeasonSummary[], client: Tx, today: string): Promise<SeasonSummary> {
  const year = leagueSeasonYear(seasons, today);
  const found = seasons.find((s) => s.year === year);
  if (found) return found;
  return {
    year,
    feeCents: await settingsFee(client),
    registrationOpens: null,
    registrationCloses: null,
    firstDate: null,
    lastDate: null,
    entryCount: 0,
  };
}

/** The season the public sees (docs/product/seasons.md#the-league-season). */
export async function getLeagueSeason(client: Tx = db, today: string = todayInLeague()): Promise<SeasonSummary> {
  return leagueSeasonOf(await listSeasons(client), client, today);
}

/**
 * The season /register offers and whether it is on sale (docs/product/seasons.md#registration-follows-the-season):
 * the league season when its window is open; else the season whose window opens soonest, so the page can say when;
 * else the league season, closed.
 */
export async function getRegistrationSeason(
  client: Tx = db,
  today: string = todayInLeague(),
): Promise<{ season: SeasonSummary; state: RegistrationState }> {
  const seasons = await listSeasons(client);
  const league = await leagueSeasonOf(seasons, client, today);
  const leagueState = registrationState(league, today);
  if (leagueState.status === 'open') return { season: league, state: leagueState };
  const upcoming = seasons
    .map((season) => ({ season, state: registrationState(season, today) }))
    .filter((s): s is { season: SeasonSummary; state: { status: 'opens-later'; opens: string } } => {
      return s.state.status === 'opens-later';
    })
    .sort((a, b) => a.state.opens.localeCompare(b.state.opens) || a.season.year - b.season.year);
  return upcoming[0] ?? { season: league, state: leagueState };
}

/**
 * After dates changed between counting and not counting (docs/decisions/050-seasons-as-data.md): recompute the
 * handicaps of every golfer with a round on them, and recalculate the points of the dates that hold calculated points
 * and may now rank differently (docs/decisions/075-points-never-stale.md), as round changes do.
 */
export async function applyCountingChanges(tx: Tx, dates: Iterable<string>): Promise<void> {
  const changed = [...new Set(dates)];
  if (changed.length === 0) return;
  const players = await tx.round.findMany({
    where: { date: { in: changed } },
    select: { golferId: true },
    distinct: ['golferId'],
  });
  await recomputeHandicapsAndPoints(
    tx,
    players.map((p) => p.golferId),
    { dates: changed },
  );
}

export async function requireSeason(year: number, tx: Tx) {
  const season = await tx.season.findUnique({ where: { year } });
  if (!season) throw seasonNotFound();
  return season;
}

export function checkDateInYear(year: number, date: string): void {
  if (seasonOfDate(date) !== year) {
    throw new InvalidError(`The date must be in ${year}`, { date: [`The date must be in ${year}`] });
  }
}

/** The fee a new season takes when none is given: the previous season's, else the Settings fee. */
async function defaultFee(year: number, tx: Tx): Promise<number> {
  const previous = await tx.season.findFirst({
    where: { year: { lt: year } },
    orderBy: { year: 'desc' },
    select: { feeCents: true },
  });
  return previous?.feeCents ?? settingsFee(tx);
}

/** A season in the audit log goes by its year ('Updated season 2026: fee cents 15000 → 16000'). */
const seasonTarget = (year: number) => ({ entity: 'season', id: String(year) });

/**
 * Creates a season, optionally with the schedule of another copied to its year (docs/product/seasons.md#season-screens:
 * same weekday of the same week, holidays follow their holidays, rain-outs cleared).
 */
export function createSeason(input: SeasonInput, actor: Actor | null, client: Tx = db): Promise<SeasonDetail> {
  return inTransaction(client, async (tx) => {
    if (await tx.season.findUnique({ where: { year: input.year }, select: { year: true } }))
      throw seasonExists(input.year);
    let copied: ScheduleEntry[] = [];
    if (input.copyFrom !== undefined) {
      const source = await getSeason(input.copyFrom, tx);
      if (!source) {
        const message = `Season ${input.copyFrom} does not exist`;
        throw new InvalidError(message, { copyFrom: [message] });
      }
      copied = copySchedule(source.schedule, input.year);
      for (const entry of copied) checkDateInYear(input.year, entry.date);
    }
    const data = {
      feeCents: input.feeCents ?? (await defaultFee(input.year, tx)),
      registrationOpens: input.registrationOpens,
      registrationCloses: input.registrationCloses,
    };
    await writeUnique(
      async () => {
        await tx.season.create({ data: { year: input.year, ...data } });
        await recordAudit(tx, actor, auditCreated(seasonTarget(input.year), data));
      },
      () => seasonExists(input.year),
    );
    if (copied.length > 0) {
      await tx.scheduleEntry.createMany({ data: copied.map((entry) => ({ ...entry, season: input.year })) });
      await recordAudit(tx, actor, auditMany('create', 'schedule entry', copied.length));
      // Rounds may already be recorded on the new season's dates (entered before its schedule was).
      await applyCountingChanges(tx, nonCountingDates(copied));
    }
    return (await getSeason(input.year, tx))!;
  });
}

/** Replaces a season's fee and registration window (a date left empty goes back to its default). */
export function updateSeason(
  year: number,
  input: SeasonUpdateInput,
  actor: Actor | null,
  client: Tx = db,
): Promise<SeasonDetail> {
  return inTransaction(client, async (tx) => {
    const before = await requireSeason(year, tx);
    const saved = await tx.season.update({
      where: { year },
      data: {
        feeCents: input.feeCents,
        registrationOpens: input.registrationOpens,
        registrationCloses: input.registrationCloses,
      },
    });
    await recordAudit(tx, actor, auditUpdated(seasonTarget(year), before, saved));
    return (await getSeason(year, tx))!;
  });
}

/** Deletes a season and its schedule; refused while rounds, memberships or tee times belong to it. */
export function deleteSeason(year: number, actor: Actor | null, client: Tx = db): Promise<void> {
  return inTransaction(client, async (tx) => {
    const season = await getSeason(year, tx);
    if (!season) throw seasonNotFound();
    const [rounds, memberships, teeTimes] = await Promise.all([
      tx.round.count({ where: { season: year } }),
      tx.membership.count({ where: { season: year } }),
      tx.teeTime.count({ where: { season: year } }),
    ]);
    if (rounds + memberships + teeTimes > 0)
      throw new ConflictError(`Season ${year} has rounds, memberships or tee times and cannot be deleted`);
    const { year: _year, ...row } = await tx.season.delete({ where: { year } });
    await recordAudit(tx, actor, auditDeleted(seasonTarget(year), row));
    // Rounds of its dates filed under another season (old data) count as regular rounds from now on.
    await applyCountingChanges(tx, nonCountingDates(season.schedule));
  });
}
