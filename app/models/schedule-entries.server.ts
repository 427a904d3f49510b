import { ConflictError, NotFoundError } from '~/domain/errors';
import {
  calendarEventChanged,
  calendarUidOf,
  nonCountingDates,
  scheduleKindOf,
  type ScheduleEntry,
  type ScheduleEventKind,
} from '~/domain/schedule';
import { canBeRainedOut, rainOutRuleMet } from '~/domain/rain-out-rule';
import { todayInLeague } from '~/domain/season';
import { inTransaction } from '~/db/transaction.server';
import { auditCreated, auditDeleted, auditUpdated, recordAudit, type Actor } from '~/db/audit.server';
import { db, writeUnique, type Tx } from '~/db/db.server';
import {
  type EntryRecord,
  type ScheduleRow,
  applyCountingChanges,
  checkDateInYear,
  entrySelect,
  requireSeason,
  rowOf,
} from '~/models/seasons.server';

/**
 * The dates of a season's schedule (docs/product/seasons.md#season-screens): adding, changing and removing a night,
 * marking a rain-out, and the rain-out rule's hints. A change to which rounds count recomputes handicaps and points
 * in the same transaction (docs/decisions/050-seasons-as-data.md); a change to a night is a new version of its
 * calendar event.
 */

/** A schedule date as the models write it: the schema's output, or a seed or test's plain object. */
export type ScheduleEntryWrite = {
  date: string;
  weekNumber?: number | null;
  event: string;
  kind: ScheduleEventKind;
  rainOut?: boolean;
};

const entryNotFound = () => new NotFoundError('Schedule date not found');

const dateTaken = (date: string) =>
  new ConflictError(`The schedule already has ${date}`, { date: [`The schedule already has ${date}`] });

/** The dates whose counting changed between two versions of one schedule entry (either may be absent). */
function countingChanges(before: ScheduleEntry | null, after: ScheduleEntry | null): string[] {
  const wasOff = before ? nonCountingDates([before]) : new Set<string>();
  const isOff = after ? nonCountingDates([after]) : new Set<string>();
  const dates = new Set([before?.date, after?.date].filter((d): d is string => d !== undefined));
  return [...dates].filter((date) => wasOff.has(date) !== isOff.has(date));
}

/** A schedule date in the audit log: its id and date. */
const entryTarget = (id: number) => ({ entity: 'schedule entry', id, labelField: 'date' });

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

/**
 * The season screen's 'Mark rain-out' and 'Undo rain-out', for a night that is over (docs/product/seasons.md#rain-outs).
 * Tonight and the nights ahead are rained out, and back, with 'Rain out this night', which tells their golfers
 * (docs/decisions/176-rain-out-in-one-press.md): a form posted by hand for one of them changes nothing.
 */
export function setPastRainOut(
  year: number,
  id: number,
  rainOut: boolean,
  actor: Actor | null,
  today: string = todayInLeague(),
): Promise<ScheduleRow> {
  return inTransaction(db, async (tx) => {
    const entry = await requireEntry(year, id, tx);
    if (entry.date >= today)
      throw new ConflictError(
        "Tonight and the nights ahead are rained out with 'Rain out this night', which tells their golfers.",
      );
    return setRainOut(year, id, rainOut, actor, tx);
  });
}

/**
 * For each past league night of the season (before `today`), whether the rain-out rule is met
 * (app/domain/rain-out-rule.ts): the administrator decides (docs/product/seasons.md#rain-outs). Empty when the season
 * has no paid members. Three queries.
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
  const nights = schedule.filter((e) => canBeRainedOut(scheduleKindOf(e.kind))).map((e) => e.date);
  if (paid.length === 0 || nights.length === 0) return new Map();
  const rounds = await client.round.findMany({
    where: { date: { in: nights } },
    select: { date: true, golferId: true },
  });
  return rainOutRuleMet(nights, new Set(paid.map((m) => m.golferId)), rounds);
}
