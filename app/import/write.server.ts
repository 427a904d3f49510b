import type { CellKind } from '~/domain/import-cells';
import type { ImportType } from '~/domain/import-headers';
import { createCourse, updateCourse } from '~/models/courses.server';
import { golferData, normalizeEmail, updateGolfer } from '~/models/golfers.server';
import { recomputeHandicaps } from '~/models/handicaps.server';
import { upsertFlightAssignment } from '~/models/flights.server';
import { membershipData, upsertMembership } from '~/models/memberships.server';
import { createRounds, updateRound } from '~/models/rounds.server';
import { courseSchema, type CourseInput } from '~/schemas/course';
import { parseFlightInput, type FlightInput } from '~/schemas/flight';
import { golferSchema, type GolferInput } from '~/schemas/golfer';
import { membershipSchema, type MembershipInput } from '~/schemas/membership';
import { parseRoundInput, type RoundInput } from '~/schemas/round';
import type { Tx } from '~/utils/db.server';

/** A row that passed its schema; `present` names the fields the row actually gave (blank cells are absent). */
export type ParsedRow<T> = { rowNumber: number; input: T; present: Set<string> };
export type RowProblem = { rowNumber: number; messages: string[] };
/** Turns an error a model threw while writing a row into one that names the row. */
export type WrapRowError = (rowNumber: number, error: unknown) => unknown;

type ParseResult<T> =
  | { success: true; data: T }
  | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };

/** How one import type reads, checks and writes its rows. */
export interface Importer<T> {
  /** How each field's cells are converted before the schema sees them. */
  kinds: Partial<Record<string, CellKind>>;
  /** The entity's own schema (the form's and the API's). */
  parse(cells: Record<string, unknown>): ParseResult<T>;
  /** Two rows of the same file that would write the same record. */
  /** `unit` is what the source calls a row: 'row' in a file, 'item' in a JSON array. */
  duplicates?(rows: ParsedRow<T>[], unit: 'row' | 'item'): RowProblem[];
  /** Checks that need the database (references), in a fixed number of queries, before anything is written. */
  check?(tx: Tx, rows: ParsedRow<T>[]): Promise<RowProblem[]>;
  write(tx: Tx, rows: ParsedRow<T>[], wrap: WrapRowError): Promise<void>;
}

async function eachRow<T>(
  rows: ParsedRow<T>[],
  wrap: WrapRowError,
  fn: (row: ParsedRow<T>) => Promise<void>,
): Promise<void> {
  for (const row of rows) {
    try {
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

export async function inSlices<T, R>(items: readonly T[], fn: (slice: T[]) => Promise<R[]>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += ID_CHUNK) out.push(...(await fn(items.slice(i, i + ID_CHUNK))));
  return out;
}

/** Rows sharing a key: every row after the first is reported, naming the first. */
function duplicateRows<T>(
  rows: ParsedRow<T>[],
  keyOf: (input: T) => string,
  what: string,
  unit: 'row' | 'item',
): RowProblem[] {
  const first = new Map<string, number>();
  const problems: RowProblem[] = [];
  for (const row of rows) {
    const key = keyOf(row.input);
    const earlier = first.get(key);
    if (earlier === undefined) first.set(key, row.rowNumber);
    else problems.push({ rowNumber: row.rowNumber, messages: [`${what} as ${unit} ${earlier}`] });
  }
  return problems;
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

type KnownGolfer = {
  id: number | null;
  firstName: string;
  lastName: string;
  nickname: string | null;
  email: string | null;
  phone: string | null;
  input?: GolferInput;
};

/** Inserts per statement: 6 columns each stays far below SQLite's and PostgreSQL's parameter limits. */
const INSERT_CHUNK = 500;

/**
 * Golfers are matched by email, else by first and last name (ignoring case), and updated rather than duplicated
 * (DECISIONS.md "Import"). A row with an email only takes over a same-named golfer who has no email on file (a
 * namesake with another email is someone else); blank cells keep what is on file. Rows of the same file match
 * each other too. Every golfer is loaded once into maps, so matching costs no query per row; existing golfers
 * are updated through updateGolfer (only when something changed) and new ones inserted in batches, so 10,000
 * new golfers take a few statements rather than 20,000.
 */
const golfers: Importer<GolferInput> = {
  kinds: { firstName: 'text', lastName: 'text', nickname: 'text', email: 'text', phone: 'phone' },
  parse: (cells) => golferSchema.safeParse(cells),
  async write(tx, rows, wrap) {
    const stored = await tx.golfer.findMany({
      select: { id: true, firstName: true, lastName: true, nickname: true, email: true, phone: true },
      orderBy: { id: 'asc' },
    });
    const byEmail = new Map<string, KnownGolfer>();
    const byName = new Map<string, KnownGolfer[]>();
    const remember = (golfer: KnownGolfer) => {
      if (golfer.email) byEmail.set(golfer.email, golfer);
      const key = nameKey(golfer.firstName, golfer.lastName);
      const list = byName.get(key) ?? [];
      if (!list.includes(golfer)) byName.set(key, [...list, golfer]);
    };
    const forget = (golfer: KnownGolfer) => {
      if (golfer.email && byEmail.get(golfer.email) === golfer) byEmail.delete(golfer.email);
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
      const match =
        (email ? byEmail.get(email) : undefined) ?? (email ? namesakes.find((g) => !g.email) : namesakes[0]);
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
        if (match.id !== null) await updateGolfer(match.id, merged, tx);
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
const courses: Importer<CourseInput> = {
  kinds: { courseName: 'text', coursePar: 'integer', courseLength: 'text' },
  parse: (cells) => courseSchema.safeParse(cells),
  duplicates: (rows, unit) =>
    duplicateRows(rows, (input) => input.courseName.trim().toLowerCase(), 'The same courseName', unit),
  async write(tx, rows, wrap) {
    const stored = await tx.course.findMany({
      select: { id: true, courseName: true, coursePar: true, courseLength: true },
      orderBy: { id: 'asc' },
    });
    const byName = new Map<string, (typeof stored)[number]>();
    for (const course of stored) {
      const key = course.courseName.trim().toLowerCase();
      if (!byName.has(key)) byName.set(key, course);
    }
    await eachRow(rows, wrap, async ({ input }) => {
      const match = byName.get(input.courseName.trim().toLowerCase());
      if (!match) {
        await createCourse(input, tx);
        return;
      }
      if (
        match.courseName === input.courseName.trim() &&
        match.coursePar === input.coursePar &&
        match.courseLength === input.courseLength.trim()
      )
        return;
      await updateCourse(match.id, input, tx);
    });
  },
};

function roundKey(input: { golferId: number; date: string }): string {
  return `${input.golferId}|${input.date}`;
}

/**
 * Rounds: a golfer plays one league round per date, so a row for a golfer and date that already has a round
 * updates it through updateRound (re-importing an export changes nothing); new rounds go in batches through
 * createRounds. Nothing is recomputed per row: the handicap columns of every golfer
 * touched are recomputed once at the end, in the same transaction.
 */
const rounds: Importer<RoundInput> = {
  kinds: {
    golferId: 'integer',
    date: 'date',
    grossScore: 'integer',
    courseId: 'integer',
    points: 'number',
    notes: 'text',
  },
  parse: (cells) => parseRoundInput(cells),
  duplicates: (rows, unit) => duplicateRows(rows, roundKey, 'The same golferId and date', unit),
  check: (tx, rows) => missingReferences(tx, rows),
  async write(tx, rows, wrap) {
    const golferIds = [...new Set(rows.map((row) => row.input.golferId))];
    const existing = await inSlices(golferIds, (ids) =>
      tx.round.findMany({
        where: { golferId: { in: ids } },
        select: { id: true, golferId: true, date: true, courseId: true, points: true, notes: true },
        orderBy: { id: 'asc' },
      }),
    );
    const byKey = new Map<string, (typeof existing)[number]>();
    for (const round of existing) if (!byKey.has(roundKey(round))) byKey.set(roundKey(round), round);
    const added: RoundInput[] = [];
    await eachRow(rows, wrap, async ({ input, present }) => {
      const current = byKey.get(roundKey(input));
      if (!current) {
        added.push(input);
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
        tx,
        { recompute: false },
      );
    });
    await createRounds(added, tx, { recompute: false });
    await recomputeHandicaps(tx, golferIds);
  },
};

function membershipKey(input: { golferId: number; season: number }): string {
  return `${input.golferId}|${input.season}`;
}

/** Exports write registration times to the second; reading one back must not drop the stored milliseconds. */
function sameSecond(a: Date | undefined, b: Date | null): boolean {
  return a !== undefined && b !== null && Math.floor(a.getTime() / 1000) === Math.floor(b.getTime() / 1000);
}

/**
 * Memberships are upserted by golfer and season: existing ones through upsertMembership, new ones in batches.
 * Blank cells keep what is on file (a file listing only who paid does not un-register anyone); a new membership
 * gets the schema's defaults (not registered, not paid).
 */
const memberships: Importer<MembershipInput> = {
  kinds: {
    golferId: 'integer',
    season: 'integer',
    registered: 'boolean',
    paid: 'boolean',
    registrationDatetime: 'datetime',
    estimatedScore: 'integer',
  },
  parse: (cells) => membershipSchema.safeParse(cells),
  duplicates: (rows, unit) => duplicateRows(rows, membershipKey, 'The same golferId and season', unit),
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
        tx,
        present,
      );
    });
    await tx.membership.createMany({ data: added.map((input) => membershipData(input, null)) });
    // An estimated score seeds the golfer's handicap (DECISIONS.md "Handicaps").
    const seeded = [
      ...new Set(added.filter((input) => input.estimatedScore !== undefined).map((input) => input.golferId)),
    ];
    await recomputeHandicaps(tx, seeded);
  },
};

/**
 * Flight assignments are upserted by golfer and season: a row moves the golfer to the flight it names (through
 * upsertFlightAssignment), and golfers without an assignment that season are inserted in batches.
 */
const flights: Importer<FlightInput> = {
  kinds: { golferId: 'integer', season: 'integer', flightNo: 'flight' },
  parse: (cells) => parseFlightInput(cells),
  duplicates: (rows, unit) => duplicateRows(rows, membershipKey, 'The same golferId and season', unit),
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
    const added: FlightInput[] = [];
    await eachRow(rows, wrap, async ({ input }) => {
      const current = byKey.get(membershipKey(input));
      if (!current) added.push(input);
      else if (current.flightNo !== input.flightNo) await upsertFlightAssignment(input, tx);
    });
    await tx.flightAssignment.createMany({
      data: added.map(({ golferId, season, flightNo }) => ({ golferId, season, flightNo })),
    });
  },
};

/** A typed importer stored with the others; the registry cannot name each one's input type. */
function entry<T>(importer: Importer<T>): Importer<unknown> {
  return importer as unknown as Importer<unknown>;
}

export const IMPORTERS: Record<ImportType, Importer<unknown>> = {
  golfers: entry(golfers),
  rounds: entry(rounds),
  courses: entry(courses),
  memberships: entry(memberships),
  flights: entry(flights),
};
