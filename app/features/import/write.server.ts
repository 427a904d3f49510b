import { DomainError, type FieldErrors } from '~/domain/errors';
import { createCourse, updateCourse } from '~/models/courses.server';
import { golferData, normalizeEmail, updateGolfer } from '~/models/golfers.server';
import { upsertFlightAssignment } from '~/models/flights.server';
import { membershipData, upsertMembership } from '~/models/memberships.server';
import {
  calculatedDates,
  calculatedNightsOf,
  recalculateNights,
  recomputeHandicapsAndPoints,
} from '~/models/points.server';
import { createRounds, RoundTakenError, updateRound } from '~/models/rounds.server';
import { createScheduleEntry, createSeason, updateScheduleEntry } from '~/models/seasons.server';
import type { CourseImportInput } from '~/schemas/holes';
import { holesByCourse, setCourseHoles } from '~/models/holes.server';
import { holesToText } from '~/domain/scorecard';
import type { FlightInput } from '~/schemas/flight';
import type { GolferContact, GolferInput } from '~/schemas/golfer';
import type { MembershipInput } from '~/schemas/membership';
import type { RoundInput } from '~/schemas/round';
import type { ScheduleEntryInput } from '~/schemas/season';
import { auditNote, recordAudit, type Actor } from '~/db/audit.server';
import { breather } from '~/db/breather.server';
import { db, type Tx } from '~/db/db.server';
import { inTransaction } from '~/db/transaction.server';
import type { ImportType } from '~/schemas/import/fields';
import {
  importFailed,
  membershipKey,
  rowLabel,
  roundKey,
  type ImportInputs,
  type ImportSource,
  type ParsedRow,
  type RowProblem,
} from './validate';
import { formatCount } from '~/domain/format';
import { lockFieldWhenDue } from '~/features/playoffs/field.server';

/*
 * Step 5 of an import: the validated rows are written in one transaction, all or nothing. References (golferId,
 * courseId) are checked first, in a fixed number of queries; then each type matches its rows to what is stored
 * (docs/decisions/041-import-matching.md) and writes through the models' own functions, so an import obeys the
 * same rules as the forms and the API. New rows go in batches.
 */

/** Turns an error a model threw while writing a row into one that names the row. */
type WrapRowError = (rowNumber: number, error: unknown) => unknown;

/** How one import type checks and writes its validated rows. */
type Writer<T> = {
  /** Checks that need the database (references), in a fixed number of queries, before anything is written. */
  check?(tx: Tx, rows: ParsedRow<T>[]): Promise<RowProblem[]>;
  write(tx: Tx, rows: ParsedRow<T>[], wrap: WrapRowError): Promise<void>;
};

async function eachRow<T>(
  rows: ParsedRow<T>[],
  wrap: WrapRowError,
  fn: (row: ParsedRow<T>) => Promise<void>,
): Promise<void> {
  const breathe = breather();
  for (const row of rows) {
    try {
      await breathe();
      await fn(row);
    } catch (error) {
      throw wrap(row.rowNumber, error);
    }
  }
}

/**
 * Prisma refuses a statement with more than 999 parameters on SQLite (and does not split every `in` list itself),
 * so queries over thousands of ids go in slices.
 */
const ID_CHUNK = 500;

async function inSlices<T, R>(items: readonly T[], fn: (slice: T[]) => Promise<R[]>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += ID_CHUNK) out.push(...(await fn(items.slice(i, i + ID_CHUNK))));
  return out;
}

/** Golfer and course references must exist: a query per 500 ids, never one per row. */
async function missingReferences(
  tx: Tx,
  rows: ParsedRow<{ golferId: number; courseId?: number }>[],
): Promise<RowProblem[]> {
  const golferIds = [...new Set(rows.map((row) => row.input.golferId))];
  const courseIds = [...new Set(rows.flatMap((row) => (row.input.courseId === undefined ? [] : [row.input.courseId])))];
  const golfers = await inSlices(golferIds, (ids) =>
    tx.golfer.findMany({ where: { id: { in: ids } }, select: { id: true } }),
  );
  const courses = await inSlices(courseIds, (ids) =>
    tx.course.findMany({ where: { id: { in: ids } }, select: { id: true } }),
  );
  const knownGolfers = new Set(golfers.map((g) => g.id));
  const knownCourses = new Set(courses.map((c) => c.id));
  const problems: RowProblem[] = [];
  for (const { rowNumber, input } of rows) {
    const messages: string[] = [];
    if (!knownGolfers.has(input.golferId)) messages.push(`golferId: Golfer #${input.golferId} does not exist`);
    if (input.courseId !== undefined && !knownCourses.has(input.courseId))
      messages.push(`courseId: Course #${input.courseId} does not exist`);
    if (messages.length) problems.push({ rowNumber, messages });
  }
  return problems;
}

function nameKey(firstName: string, lastName: string): string {
  return `${firstName} ${lastName}`.trim().replace(/\s+/g, ' ').toLowerCase();
}

/** A row's values over what is already known: blank cells keep what is on file. */
function mergeGolfer(
  input: GolferInput,
  known: { nickname: string | null; email: string | null; phone: string | null },
): GolferInput {
  return {
    firstName: input.firstName,
    lastName: input.lastName,
    nickname: input.nickname ?? known.nickname ?? undefined,
    email: input.email ?? known.email ?? undefined,
    phone: input.phone ?? known.phone ?? undefined,
  };
}

type KnownGolfer = GolferContact & {
  id: number | null;
  // Never in an import file: a golfer's 'I can sub' is theirs to tick (golferData leaves it out when not given).
  canSub?: boolean;
  input?: GolferInput;
};

/**
 * Inserts per statement: far below SQLite's and PostgreSQL's parameter limits, and small enough that one statement
 * (Prisma compiles it on the server's thread) holds the event loop about 10 ms: 500 held it 45 ms.
 */
const INSERT_CHUNK = 100;

/**
 * Golfers are matched by email, else by first and last name (ignoring case), and updated rather than duplicated
 * (docs/product/import-export.md#matching-existing-records). A row with an email only takes over a same-named golfer
 * who has no email on file (a namesake with another email is someone else); blank cells keep what is on file. Rows of
 * the same file match each other too. Every golfer is loaded once into maps, so matching costs no query per row;
 * existing golfers
 * are updated through updateGolfer (only when something changed) and new ones inserted in batches, so 10,000
 * new golfers take a few statements rather than 20,000.
 */
const golfers: Writer<GolferInput> = {
  async write(tx, rows, wrap) {
    const stored = await tx.golfer.findMany({
      select: { id: true, firstName: true, lastName: true, nickname: true, email: true, phone: true },
      orderBy: { id: 'asc' },
    });
    // Several golfers may share an address (decision 125): a row matches the one of its name there, or the only one.
    const byEmail = new Map<string, KnownGolfer[]>();
    const byName = new Map<string, KnownGolfer[]>();
    const remember = (golfer: KnownGolfer) => {
      if (golfer.email) {
        const list = byEmail.get(golfer.email) ?? [];
        if (!list.includes(golfer)) byEmail.set(golfer.email, [...list, golfer]);
      }
      const key = nameKey(golfer.firstName, golfer.lastName);
      const list = byName.get(key) ?? [];
      if (!list.includes(golfer)) byName.set(key, [...list, golfer]);
    };
    const forget = (golfer: KnownGolfer) => {
      if (golfer.email)
        byEmail.set(
          golfer.email,
          (byEmail.get(golfer.email) ?? []).filter((g) => g !== golfer),
        );
      const key = nameKey(golfer.firstName, golfer.lastName);
      byName.set(
        key,
        (byName.get(key) ?? []).filter((g) => g !== golfer),
      );
    };
    stored.forEach(remember);

    const created: KnownGolfer[] = [];
    await eachRow(rows, wrap, async ({ input }) => {
      const email = normalizeEmail(input.email);
      const namesakes = byName.get(nameKey(input.firstName, input.lastName)) ?? [];
      const atEmail = email ? (byEmail.get(email) ?? []) : [];
      const byEmailMatch =
        atEmail.find((g) => namesakes.includes(g)) ?? (atEmail.length === 1 ? atEmail[0] : undefined);
      const match = byEmailMatch ?? (email ? namesakes.find((g) => !g.email) : namesakes[0]);
      const merged = match ? mergeGolfer(input, match) : input;
      const data = golferData(merged);
      if (match) {
        const unchanged = (Object.keys(data) as (keyof typeof data)[]).every(
          (key) => key === 'fullName' || data[key] === match[key],
        );
        if (unchanged) return;
        forget(match);
        Object.assign(match, data, { input: merged });
        remember(match);
        if (match.id !== null) await updateGolfer(match.id, merged, null, tx);
        return;
      }
      const golfer: KnownGolfer = { id: null, ...data, input: merged };
      created.push(golfer);
      remember(golfer);
    });

    for (let i = 0; i < created.length; i += INSERT_CHUNK) {
      const chunk = created.slice(i, i + INSERT_CHUNK);
      await tx.golfer.createMany({ data: chunk.map((golfer) => golferData(golfer.input!)) });
    }
  },
};

/**
 * Courses are matched by name (ignoring case) and updated, so re-importing an export changes nothing; a new name
 * is a new course. updateCourse recomputes handicaps itself when a par changes.
 */
const courses: Writer<CourseImportInput> = {
  async write(tx, rows, wrap) {
    const stored = await tx.course.findMany({
      select: { id: true, courseName: true, coursePar: true, courseLength: true },
      orderBy: { id: 'asc' },
    });
    const holesOf = await holesByCourse(
      stored.map((c) => c.id),
      tx,
    );
    const byName = new Map<string, (typeof stored)[number]>();
    for (const course of stored) {
      const key = course.courseName.trim().toLowerCase();
      if (!byName.has(key)) byName.set(key, course);
    }
    await eachRow(rows, wrap, async ({ input: { holes, ...input } }) => {
      const match = byName.get(input.courseName.trim().toLowerCase());
      // A row with holes sets them (and the par, their sum); a row without leaves a course's holes as they are.
      const sameHoles = !holes || (match && holesToText(holesOf.get(match.id) ?? []) === holesToText(holes));
      if (!match) {
        const created = await createCourse(input, null, tx);
        if (holes) await setCourseHoles(created.id, holes, null, tx);
        return;
      }
      if (
        match.courseName === input.courseName.trim() &&
        match.coursePar === input.coursePar &&
        match.courseLength === input.courseLength.trim() &&
        sameHoles
      )
        return;
      await updateCourse(match.id, input, null, tx);
      if (holes && !sameHoles) await setCourseHoles(match.id, holes, null, tx);
    });
  },
};

/**
 * Rounds: a golfer has one round per date (docs/decisions/070-one-round-per-golfer-per-date.md), so a row for a
 * golfer and date that already has a round updates it through updateRound (re-importing an export changes nothing);
 * new rounds go in batches through createRounds, which refuses a clash that appeared meanwhile, naming its row. Nothing
 * is recomputed per row: the handicap columns of every golfer touched, and the points of the dates whose points were
 * calculated before the import (docs/decisions/075-points-never-stale.md), are recomputed once at the end, in the same
 * transaction.
 */
const rounds: Writer<RoundInput> = {
  check: (tx, rows) => missingReferences(tx, rows),
  async write(tx, rows, wrap) {
    const golferIds = [...new Set(rows.map((row) => row.input.golferId))];
    const dates = [...new Set(rows.map((row) => row.input.date))];
    // Read before anything is written: the rows change these dates' rounds.
    const calculated = await calculatedDates(tx, dates);
    const existing = await inSlices(golferIds, (ids) =>
      tx.round.findMany({
        where: { golferId: { in: ids } },
        select: { id: true, golferId: true, date: true, courseId: true, points: true, notes: true },
        orderBy: { id: 'asc' },
      }),
    );
    const byKey = new Map<string, (typeof existing)[number]>();
    for (const round of existing) if (!byKey.has(roundKey(round))) byKey.set(roundKey(round), round);
    const added: ParsedRow<RoundInput>[] = [];
    await eachRow(rows, wrap, async (row) => {
      const { input, present } = row;
      const current = byKey.get(roundKey(input));
      if (!current) {
        added.push(row);
        return;
      }
      // Blank optional cells keep what is on file rather than erasing it.
      await updateRound(
        current.id,
        {
          ...input,
          courseId: present.has('courseId') ? input.courseId : (current.courseId ?? undefined),
          points: present.has('points') ? input.points : (current.points ?? undefined),
          notes: present.has('notes') ? input.notes : (current.notes ?? undefined),
        },
        null,
        tx,
        { recompute: false },
      );
    });
    try {
      await createRounds(
        added.map((row) => row.input),
        null,
        tx,
        { recompute: false },
      );
    } catch (error) {
      if (error instanceof RoundTakenError && error.index !== undefined)
        throw wrap(added[error.index].rowNumber, error);
      throw error;
    }
    await recomputeHandicapsAndPoints(tx, golferIds, { dates, calculated });
  },
};

/** Exports write registration times to the second; reading one back must not drop the stored milliseconds. */
function sameSecond(a: Date | undefined, b: Date | null): boolean {
  return a !== undefined && b !== null && Math.floor(a.getTime() / 1000) === Math.floor(b.getTime() / 1000);
}

/**
 * Memberships are upserted by golfer and season: existing ones through upsertMembership, new ones in batches.
 * Blank cells keep what is on file (a file listing only who paid does not un-register anyone); a new membership
 * gets the schema's defaults (not registered, not paid).
 */
const memberships: Writer<MembershipInput> = {
  check: (tx, rows) => missingReferences(tx, rows),
  async write(tx, rows, wrap) {
    const golferIds = [...new Set(rows.map((row) => row.input.golferId))];
    const seasons = [...new Set(rows.map((row) => row.input.season))];
    const stored = await inSlices(golferIds, (ids) =>
      tx.membership.findMany({
        where: { golferId: { in: ids }, season: { in: seasons } },
        select: { golferId: true, season: true, registrationDatetime: true },
      }),
    );
    const byKey = new Map(stored.map((m) => [membershipKey(m), m]));
    const added: MembershipInput[] = [];
    await eachRow(rows, wrap, async ({ input, present }) => {
      const current = byKey.get(membershipKey(input));
      if (!current) {
        added.push(input);
        return;
      }
      // The model keeps what the row left out; a time read back from an export keeps its stored milliseconds.
      await upsertMembership(
        sameSecond(input.registrationDatetime, current.registrationDatetime)
          ? { ...input, registrationDatetime: current.registrationDatetime! }
          : input,
        null,
        tx,
        present,
      );
    });
    await tx.membership.createMany({ data: added.map((input) => membershipData(input, null)) });
    // An estimated score seeds the golfer's handicap (docs/product/handicaps.md#estimated-score), and so the
    // calculated points of the nights where it moves a net score (docs/decisions/117-points-never-stale.md).
    const seeded = [
      ...new Set(added.filter((input) => input.estimatedScore !== undefined).map((input) => input.golferId)),
    ];
    await recomputeHandicapsAndPoints(tx, seeded);
  },
};

/**
 * Flight assignments are upserted by golfer and season: a row moves the golfer to the flight it names (through
 * upsertFlightAssignment), and golfers without an assignment that season are inserted in batches. The nights of
 * the rows' golfers and seasons that held calculated points are read before the first write and recalculated once
 * after the last (docs/decisions/117-points-never-stale.md).
 */
const flights: Writer<FlightInput> = {
  check: (tx, rows) => missingReferences(tx, rows),
  async write(tx, rows, wrap) {
    const golferIds = [...new Set(rows.map((row) => row.input.golferId))];
    const seasons = [...new Set(rows.map((row) => row.input.season))];
    const stored = await inSlices(golferIds, (ids) =>
      tx.flightAssignment.findMany({
        where: { golferId: { in: ids }, season: { in: seasons } },
        select: { golferId: true, season: true, flightNo: true },
      }),
    );
    const byKey = new Map(stored.map((f) => [membershipKey(f), f]));
    const nights = await calculatedNightsOf(
      tx,
      rows.map((row) => row.input),
    );
    const added: FlightInput[] = [];
    await eachRow(rows, wrap, async ({ input }) => {
      const current = byKey.get(membershipKey(input));
      if (!current) added.push(input);
      else if (current.flightNo !== input.flightNo)
        await upsertFlightAssignment(input, null, tx, { recalculate: false });
    });
    await tx.flightAssignment.createMany({
      data: added.map(({ golferId, season, flightNo }) => ({ golferId, season, flightNo })),
    });
    await recalculateNights(tx, nights);
  },
};

function yearOf(date: string): number {
  return Number(date.slice(0, 4));
}

/**
 * Schedule dates: the season is the date's year, and a season has one entry per date, so a row for a stored date
 * updates that entry (blank weekNumber and rainOut cells keep what is on file) and any other row adds one. A year
 * without a season record gets one first, in year order, with the model's default fee (the previous season's, else
 * Settings'; docs/decisions/052-registration-follows-the-season.md). Every write goes through the seasons model, so
 * a change to which rounds count recomputes handicaps and points as the Seasons screens do.
 */
const schedule: Writer<ScheduleEntryInput> = {
  async write(tx, rows, wrap) {
    const years = [...new Set(rows.map((row) => yearOf(row.input.date)))].sort((a, b) => a - b);
    const seasons = await tx.season.findMany({ where: { year: { in: years } }, select: { year: true } });
    const stored = await tx.scheduleEntry.findMany({ where: { season: { in: years } } });
    const known = new Set(seasons.map((season) => season.year));
    for (const year of years) {
      if (known.has(year)) continue;
      const first = rows.find((row) => yearOf(row.input.date) === year)!;
      try {
        await createSeason({ year, registrationOpens: null, registrationCloses: null }, null, tx);
      } catch (error) {
        throw wrap(first.rowNumber, error);
      }
    }
    const byDate = new Map(stored.map((entry) => [entry.date, entry]));
    await eachRow(rows, wrap, async ({ input, present }) => {
      const year = yearOf(input.date);
      const current = byDate.get(input.date);
      if (!current) {
        await createScheduleEntry(year, input, null, tx);
        return;
      }
      const merged: ScheduleEntryInput = {
        ...input,
        weekNumber: present.has('weekNumber') ? input.weekNumber : (current.weekNumber ?? undefined),
        rainOut: present.has('rainOut') ? input.rainOut : current.rainOut,
      };
      if (
        merged.event === current.event &&
        merged.kind === current.kind &&
        (merged.weekNumber ?? null) === current.weekNumber &&
        merged.rainOut === current.rainOut
      )
        return;
      await updateScheduleEntry(year, current.id, merged, null, tx);
    });
  },
};

const WRITERS: { [K in ImportType]: Writer<ImportInputs[K]> } = {
  golfers,
  rounds,
  courses,
  memberships,
  flights,
  schedule,
};

/** A model's own refusal while writing (a 404 or 409) still names the row it came from, with its own kind. */
function atRow(source: ImportSource, rowNumber: number, error: unknown): unknown {
  if (!(error instanceof DomainError)) return error;
  const Kind = error.constructor as new (message: string, fieldErrors?: FieldErrors) => DomainError;
  return new Kind(`Nothing was imported. ${rowLabel(source, rowNumber)}: ${error.message}`, error.fieldErrors);
}

/** The audit log's row for an import: 'Imported 120 rounds from a file'. */
function importNote(type: ImportType, source: ImportSource, count: number) {
  const noun = type === 'schedule' ? 'schedule entr' : type.slice(0, -1);
  const plural = type === 'schedule' ? `${noun}${count === 1 ? 'y' : 'ies'}` : count === 1 ? noun : type;
  return auditNote({
    action: 'import',
    entity: type === 'schedule' ? 'schedule entry' : noun,
    summary: `Imported ${formatCount(count)} ${plural} from ${source === 'file' ? 'a file' : 'JSON'}`,
  });
}

/**
 * Writes validated rows of one type in one transaction: any missing reference or refusal by a model rolls back
 * every row, and the answer is the number of rows imported (created or updated). The import is one entry of the
 * audit log, by `actor`, however many rows it writes: the models' writes under it record nothing of their own.
 */
export async function writeRows<T extends ImportType>(
  type: T,
  source: ImportSource,
  rows: ParsedRow<ImportInputs[T]>[],
  actor: Actor | null,
): Promise<{ count: number }> {
  const writer: Writer<ImportInputs[T]> = WRITERS[type];
  await inTransaction(
    db,
    async (tx) => {
      const referenceProblems = writer.check ? await writer.check(tx, rows) : [];
      if (referenceProblems.length > 0) throw importFailed(source, referenceProblems);
      await writer.write(tx, rows, (rowNumber, error) => atRow(source, rowNumber, error));
      // One audit entry for the whole import, not one per row written (docs/decisions/111-explicit-audit-entries.md).
      await recordAudit(tx, actor, importNote(type, source, rows.length));
    },
    // Ten thousand rows through the models take a while; SQLite holds the write lock meanwhile, so keep it bounded.
    { timeoutMs: 120_000 },
  );
  // Rounds may give the last qualifier night its points: the playoff field then locks by itself.
  if (type === 'rounds') {
    const seasons = new Set(
      rows
        .map((row) => (row.input as { date?: unknown }).date)
        .filter(isDate)
        .map(yearOf),
    );
    for (const season of seasons) await lockFieldWhenDue(season);
  }
  return { count: rows.length };
}

const isDate = (value: unknown): value is string => typeof value === 'string' && /^\d{4}-/.test(value);
