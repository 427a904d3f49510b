import { ConflictError, InvalidError, NotFoundError } from '~/domain/errors';
import {
  calendarEventChanged,
  calendarUidOf,
  nonCountingDates,
  SCHEDULE_KINDS,
  scheduleKindOf,
  type ScheduleEntry,
  type ScheduleEventKind,
} from '~/domain/schedule';
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
 * Seasons and their schedules (docs/product/seasons.md). Every write runs in `inTransaction`; a schedule change that
 * alters which rounds count recomputes what depends on it in the same transaction (docs/decisions/050-seasons-as-data.md).
 */

export type ScheduleRow = ScheduleEntry & { id: number };
export type SeasonDetail = SeasonSummary & { schedule: ScheduleRow[] };

/** A schedule date as the models write it: the schema's output, or a seed or test's plain object. */
export type ScheduleEntryWrite = {
  date: string;
  weekNumber?: number | null;
  event: string;
  kind: ScheduleEventKind;
  rainOut?: boolean;
};

const entrySelect = { id: true, date: true, weekNumber: true, event: true, kind: true, rainOut: true } as const;
/** The fee of a league whose settings row was never saved (prisma/schema.prisma's default). */
const DEFAULT_FEE_CENTS = 15000;

type EntryRecord = {
  id: number;
  date: string;
  weekNumber: number | null;
  event: string;
  kind: string;
  rainOut: boolean;
};

function rowOf(record: EntryRecord): ScheduleRow {
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
const entryNotFound = () => new NotFoundError('Schedule date not found');
const seasonExists = (year: number) =>
  new ConflictError(`Season ${year} already exists`, { year: [`Season ${year} already exists`] });
const dateTaken = (date: string) =>
  new ConflictError(`The schedule already has ${date}`, { date: [`The schedule already has ${date}`] });

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
async function applyCountingChanges(tx: Tx, dates: Iterable<string>): Promise<void> {
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

/** The dates whose counting changed between two versions of one schedule entry (either may be absent). */
function countingChanges(before: ScheduleEntry | null, after: ScheduleEntry | null): string[] {
  const wasOff = before ? nonCountingDates([before]) : new Set<string>();
  const isOff = after ? nonCountingDates([after]) : new Set<string>();
  const dates = new Set([before?.date, after?.date].filter((d): d is string => d !== undefined));
  return [...dates].filter((date) => wasOff.has(date) !== isOff.has(date));
}

async function requireSeason(year: number, tx: Tx) {
  const season = await tx.season.findUnique({ where: { year } });
  if (!season) throw seasonNotFound();
  return season;
}

function checkDateInYear(year: number, date: string): void {
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

/**
 * Creates a season, optionally with the schedule of another copied to its year (docs/product/seasons.md#season-screens:
 * same weekday of the same week, holidays follow their holidays, rain-outs cleared).
 */
/** A season in the audit log goes by its year ('Updated season 2026: fee cents 15000 → 16000'). */
const seasonTarget = (year: number) => ({ entity: 'season', id: String(year) });
/** A schedule date in the audit log: its id and date. */
const entryTarget = (id: number) => ({ entity: 'schedule entry', id, labelField: 'date' });

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

async function requireEntry(year: number, id: number, tx: Tx): Promise<ScheduleRow> {
  const record = await tx.scheduleEntry.findFirst({ where: { id, season: year }, select: entrySelect });
  if (!record) throw entryNotFound();
  return rowOf(record);
}

async function checkDateFree(year: number, date: string, id: number | null, tx: Tx): Promise<void> {
  const clash = await tx.scheduleEntry.findFirst({
    where: { season: year, date, ...(id === null ? {} : { NOT: { id } }) },
    select: { id: true },
  });
  if (clash) throw dateTaken(date);
}

function entryData(input: ScheduleEntryWrite) {
  return {
    date: input.date,
    weekNumber: input.weekNumber ?? null,
    event: input.event,
    kind: input.kind,
    rainOut: input.rainOut ?? false,
  };
}

/**
 * A new version of a night's calendar event: its SEQUENCE rises and LAST-MODIFIED is now, so calendar apps replace
 * their copy (docs/decisions/115-league-season-defaults-and-calendar-updates.md).
 */
function newCalendarVersion() {
  return { sequence: { increment: 1 }, changedAt: new Date() };
}

/**
 * The UID a night moving away from its date keeps: the one it has, else the one its date gave it, so calendar apps
 * see the same event at its new date.
 */
async function uidKeptOnMove(id: number, before: ScheduleRow, tx: Tx): Promise<string> {
  const { calendarUid } = await tx.scheduleEntry.findUniqueOrThrow({ where: { id }, select: { calendarUid: true } });
  return calendarUid ?? calendarUidOf(before.date);
}

/** A new night on a date whose UID a moved night kept gets a UID of its own, so two nights never share one. */
async function giveOwnUidIfTaken(created: ScheduleRow, tx: Tx): Promise<void> {
  const holder = await tx.scheduleEntry.findUnique({
    where: { calendarUid: calendarUidOf(created.date) },
    select: { id: true },
  });
  if (holder && holder.id !== created.id) {
    await tx.scheduleEntry.update({
      where: { id: created.id },
      data: { calendarUid: calendarUidOf(created.date, created.id) },
    });
  }
}

async function writeEntry(date: string, write: () => Promise<EntryRecord>): Promise<ScheduleRow> {
  return rowOf(await writeUnique(write, () => dateTaken(date)));
}

/** Adds a date to a season's schedule. */
export function createScheduleEntry(
  year: number,
  input: ScheduleEntryWrite,
  actor: Actor | null,
  client: Tx = db,
): Promise<ScheduleRow> {
  return inTransaction(client, async (tx) => {
    await requireSeason(year, tx);
    checkDateInYear(year, input.date);
    await checkDateFree(year, input.date, null, tx);
    const created = await writeEntry(input.date, () =>
      tx.scheduleEntry.create({ data: { ...entryData(input), season: year }, select: entrySelect }),
    );
    await giveOwnUidIfTaken(created, tx);
    await recordAudit(tx, actor, auditCreated(entryTarget(created.id), { ...created, season: year }));
    await applyCountingChanges(tx, countingChanges(null, created));
    return created;
  });
}

/**
 * Replaces a schedule date (PUT semantics: an absent rainOut is false, an absent week number is none). A change a
 * calendar shows is a new version of the night's event; a moved night keeps its event's UID.
 */
export function updateScheduleEntry(
  year: number,
  id: number,
  input: ScheduleEntryWrite,
  actor: Actor | null,
  client: Tx = db,
): Promise<ScheduleRow> {
  return inTransaction(client, async (tx) => {
    const before = await requireEntry(year, id, tx);
    checkDateInYear(year, input.date);
    if (input.date !== before.date) await checkDateFree(year, input.date, id, tx);
    const data = entryData(input);
    const changed = calendarEventChanged(before, { ...data, kind: scheduleKindOf(data.kind) });
    const revision = {
      ...(changed ? newCalendarVersion() : {}),
      ...(data.date !== before.date ? { calendarUid: await uidKeptOnMove(id, before, tx) } : {}),
    };
    const updated = await writeEntry(input.date, () =>
      tx.scheduleEntry.update({ where: { id }, data: { ...data, ...revision }, select: entrySelect }),
    );
    await recordAudit(tx, actor, auditUpdated(entryTarget(id), before, updated));
    await applyCountingChanges(tx, countingChanges(before, updated));
    return updated;
  });
}

/** Removes a date from the schedule; its rounds stay and count as regular rounds from now on. */
export function deleteScheduleEntry(
  year: number,
  id: number,
  actor: Actor | null,
  client: Tx = db,
): Promise<ScheduleRow> {
  return inTransaction(client, async (tx) => {
    const before = await requireEntry(year, id, tx);
    await tx.scheduleEntry.delete({ where: { id } });
    await recordAudit(tx, actor, auditDeleted(entryTarget(id), before));
    await applyCountingChanges(tx, countingChanges(before, null));
    return before;
  });
}

/** 'Mark rain-out' / 'Undo rain-out' (docs/product/seasons.md#rain-outs): a new version of the night's event. */
export function setRainOut(
  year: number,
  id: number,
  rainOut: boolean,
  actor: Actor | null,
  client: Tx = db,
): Promise<ScheduleRow> {
  return inTransaction(client, async (tx) => {
    const before = await requireEntry(year, id, tx);
    if (before.rainOut === rainOut) return before;
    const updated = rowOf(
      await tx.scheduleEntry.update({
        where: { id },
        data: { rainOut, ...newCalendarVersion() },
        select: entrySelect,
      }),
    );
    await recordAudit(tx, actor, auditUpdated(entryTarget(id), before, updated));
    await applyCountingChanges(tx, countingChanges(before, updated));
    return updated;
  });
}

/** Kinds on which the league plays, so a night can be rained out. */
const PLAYED_KINDS: ReadonlySet<ScheduleEventKind> = new Set(SCHEDULE_KINDS.filter((k) => k !== 'no-league'));
/** docs/product/league.md#rain-out-rule: a night is a rain-out when 25% or less of the league finishes. */
const RAIN_OUT_SHARE = 0.25;

/**
 * For each past league night of the season (before `today`), whether the rain-out rule is met: 25% or less of the
 * season's paid members have a round that night. The administrator decides (docs/product/seasons.md#rain-outs).
 * Empty when the season has no paid members, since the rule then says nothing. Three queries.
 */
export async function rainOutHints(
  year: number,
  client: Tx = db,
  today: string = todayInLeague(),
): Promise<Map<string, boolean>> {
  const [schedule, paid] = await Promise.all([
    client.scheduleEntry.findMany({ where: { season: year, date: { lt: today } }, select: { date: true, kind: true } }),
    client.membership.findMany({ where: { season: year, paid: true }, select: { golferId: true } }),
  ]);
  const nights = schedule.filter((e) => PLAYED_KINDS.has(scheduleKindOf(e.kind)));
  const hints = new Map<string, boolean>();
  if (paid.length === 0 || nights.length === 0) return hints;
  const members = new Set(paid.map((m) => m.golferId));
  const rounds = await client.round.findMany({
    where: { date: { in: nights.map((n) => n.date) } },
    select: { date: true, golferId: true },
  });
  const finished = new Map<string, Set<number>>();
  for (const r of rounds) {
    if (!members.has(r.golferId)) continue;
    const set = finished.get(r.date) ?? new Set<number>();
    set.add(r.golferId);
    finished.set(r.date, set);
  }
  for (const night of nights) {
    hints.set(night.date, (finished.get(night.date)?.size ?? 0) <= RAIN_OUT_SHARE * members.size);
  }
  return hints;
}
