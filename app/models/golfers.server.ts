import type { GolferContact, GolferInput } from '~/schemas/golfer';
import { NAME_SEARCH_LIMIT, NAME_SEARCH_MIN_LETTERS, nameSearchTooShort } from '~/schemas/registration';
import { calculatedNightsOf, recalculateNights } from '~/models/points.server';
import { databaseConfig } from '~/db/database-url.server';
import { inTransaction } from '~/db/transaction.server';
import { db, writeUnique, type Prisma, type Tx } from '~/db/db.server';
import { ConflictError, InvalidError, NotFoundError } from '~/domain/errors';
import { auditCreated, auditDeleted, auditUpdated, recordAudit, type Actor } from '~/db/audit.server';

/** The stored full name: first and last name (the nickname is shown separately, see docs/decisions). */
function fullNameOf(firstName: string, lastName: string): string {
  return `${firstName.trim()} ${lastName.trim()}`.replace(/\s+/g, ' ');
}

/** Emails are stored lower-cased so uniqueness and matching ignore case. */
export function normalizeEmail(email: string | null | undefined): string | null {
  const e = email?.trim().toLowerCase();
  return e ? e : null;
}

/** What is stored for a golfer's input (trimmed text, derived full name, lower-cased email); batch imports use it too. */
export function golferData(input: GolferInput) {
  return {
    firstName: input.firstName.trim(),
    lastName: input.lastName.trim(),
    nickname: input.nickname?.trim() || null,
    fullName: fullNameOf(input.firstName, input.lastName),
    email: normalizeEmail(input.email),
    phone: input.phone?.trim() || null,
    // 'I can sub' (docs/product/availability-and-subs.md): unchanged when not given (an import, an older API client).
    ...(input.canSub === undefined ? {} : { canSub: input.canSub }),
  };
}

function duplicateEmail(email: string | null | undefined): ConflictError {
  return new ConflictError(`Another golfer already uses the email ${email}`, {
    email: ['Another golfer already uses this email'],
  });
}

/**
 * Several golfers may share one address (a couple: docs/decisions/125-golfer-sign-in.md), but only when the writer
 * says so (`sharedEmail`, the golfer form's 'Another golfer shares this address'), or when the golfer keeps the
 * address they already have: a typo that lands on someone else's address is still a clear ConflictError.
 */
async function assertEmailFree(
  email: string | null,
  exceptId: number | null,
  client: Tx,
  opts: { shared?: boolean; current?: string | null } = {},
) {
  if (!email || opts.shared || email === opts.current) return;
  const other = await client.golfer.findFirst({
    where: { email, ...(exceptId === null ? {} : { id: { not: exceptId } }) },
    select: { id: true },
  });
  if (other) throw duplicateEmail(email);
}

const golferTarget = (id: number) => ({ entity: 'golfer', id, labelField: 'fullName' });

/** Creates a golfer; `actor` is the user who asked (null: a registering visitor, an import's rows), for the audit log. */
export function createGolfer(input: GolferInput, actor: Actor | null, client: Tx = db) {
  const data = golferData(input);
  return inTransaction(client, async (tx) => {
    await assertEmailFree(data.email, null, tx, { shared: input.sharedEmail });
    return writeUnique(
      async () => {
        const golfer = await tx.golfer.create({ data });
        await recordAudit(tx, actor, auditCreated(golferTarget(golfer.id), data));
        return golfer;
      },
      () => duplicateEmail(input.email),
    );
  });
}

export function updateGolfer(id: number, input: GolferInput, actor: Actor | null, client: Tx = db) {
  return inTransaction(client, async (tx) => {
    const existing = await tx.golfer.findUnique({ where: { id } });
    if (!existing) throw new NotFoundError('Golfer not found');
    const data = golferData(input);
    await assertEmailFree(data.email, id, tx, { shared: input.sharedEmail, current: existing.email });
    return writeUnique(
      async () => {
        const golfer = await tx.golfer.update({ where: { id }, data });
        await recordAudit(tx, actor, auditUpdated(golferTarget(id), existing, data));
        return golfer;
      },
      () => duplicateEmail(input.email),
    );
  });
}

/**
 * Deletes a golfer with their memberships, rounds, flight assignments and tee-time positions, in one
 * transaction (the foreign keys cascade and null the tee-time positions). The nights they played that held
 * calculated points are recalculated without them in it (docs/decisions/117-points-never-stale.md).
 */
export function deleteGolfer(id: number, actor: Actor | null, client: Tx = db): Promise<void> {
  return inTransaction(client, async (tx) => {
    const nights = await calculatedNightsOf(tx, [{ golferId: id }]);
    const golfer = await tx.golfer.findUnique({ where: { id } });
    const { count } = await tx.golfer.deleteMany({ where: { id } });
    if (!golfer || count === 0) throw new NotFoundError('Golfer not found');
    await recordAudit(tx, actor, auditDeleted(golferTarget(id), golfer));
    await recalculateNights(tx, nights);
  });
}

export function getGolfer(id: number, client: Tx = db) {
  return client.golfer.findUnique({ where: { id } });
}

/** The golfers at an address (several when they share it), oldest first. */
export function findGolfersByEmail(email: string, client: Tx = db) {
  const normalized = normalizeEmail(email);
  return normalized
    ? client.golfer.findMany({ where: { email: normalized }, orderBy: { id: 'asc' } })
    : Promise.resolve([]);
}

/**
 * Before looking a new golfer up by address and creating them: takes this address's lock row in the caller's
 * transaction. Since addresses may be shared (decision 125) no unique index stops two registrations with one new
 * address, fulfilled at once, from making two golfers; with this the second waits for the first to commit (or
 * collides with it and is retried) and then finds its golfer. The row lives in the throttles' table, keyed
 * `new-golfer:{email}`, as the registration rate limit's do.
 */
export async function lockEmailForNewGolfer(tx: Tx, email: string): Promise<void> {
  const key = `new-golfer:${normalizeEmail(email) ?? ''}`;
  await tx.loginThrottle.upsert({
    where: { key },
    create: { key, attempts: 1, windowStart: new Date() },
    update: { attempts: { increment: 1 } },
  });
}

/** The golfer at an address when exactly one has it; null when none or several share it. */
export async function findGolferByEmail(email: string, client: Tx = db) {
  const found = await findGolfersByEmail(email, client);
  return found.length === 1 ? found[0] : null;
}

const listFields = {
  id: true,
  firstName: true,
  lastName: true,
  nickname: true,
  fullName: true,
  email: true,
  phone: true,
  canSub: true,
} as const;

export type GolferRow = GolferContact & { id: number; fullName: string; canSub: boolean };

const golferOrder = [{ lastName: 'asc' }, { firstName: 'asc' }, { id: 'asc' }] as const;

/**
 * GET /api/golfers: every golfer with contact details, by last then first name, in one query. `query` filters in the
 * database with the golfers page's own search (golferSearchWhere), so the API and the page agree and a search does
 * not load the whole league.
 */
export function listGolfers(query?: string | null, client: Tx = db): Promise<GolferRow[]> {
  const where = query?.trim() ? golferSearchWhere(query) : {};
  return client.golfer.findMany({ where, select: listFields, orderBy: [...golferOrder] });
}

/**
 * A case-insensitive "contains" for the database in use: SQLite's LIKE ignores the case of ASCII letters by itself;
 * PostgreSQL needs `mode: 'insensitive'` (which the SQLite client's types do not know).
 */
export function containsText(text: string): Prisma.StringFilter {
  const filter = { contains: text };
  return (databaseConfig().kind === 'postgresql' ? { ...filter, mode: 'insensitive' } : filter) as Prisma.StringFilter;
}

/**
 * The search of the golfers page on the server (docs/product/performance.md): the text appears in the full name,
 * nickname, email or phone, as matchesGolferSearch (app/domain/golfer-display.ts) says for the rows already on screen.
 */
function golferSearchWhere(query: string): Prisma.GolferWhereInput {
  const text = query.trim();
  return {
    OR: [
      { fullName: containsText(text) },
      { nickname: containsText(text) },
      { email: containsText(text.toLowerCase()) },
      { phone: containsText(text) },
    ],
  };
}

const GOLFERS_PAGE_SIZE = 50;

export type GolferPage = { rows: GolferRow[]; total: number; page: number; pageCount: number; pageSize: number };

/** One page of golfers (50 by name) matching `query`: two queries whatever the number of golfers. */
export async function pageGolfers(query: string, page: number, client: Tx = db): Promise<GolferPage> {
  const where = query.trim() ? golferSearchWhere(query) : {};
  const total = await client.golfer.count({ where });
  const pageCount = Math.max(1, Math.ceil(total / GOLFERS_PAGE_SIZE));
  const current = Math.min(page, pageCount);
  const rows = await client.golfer.findMany({
    where,
    select: listFields,
    orderBy: [...golferOrder],
    skip: (current - 1) * GOLFERS_PAGE_SIZE,
    take: GOLFERS_PAGE_SIZE,
  });
  return { rows, total, page: current, pageCount, pageSize: GOLFERS_PAGE_SIZE };
}

/** One golfer with the list's fields, or a NotFoundError. */
export async function requireGolfer(id: number, client: Tx = db): Promise<GolferRow> {
  const golfer = await client.golfer.findUnique({ where: { id }, select: listFields });
  if (!golfer) throw new NotFoundError('Golfer not found');
  return golfer;
}

/** The API's view of a golfer: the list fields, without timestamps. */
export function golferJson(golfer: GolferRow): GolferRow {
  const { id, firstName, lastName, nickname, fullName, email, phone, canSub } = golfer;
  return { id, firstName, lastName, nickname, fullName, email, phone, canSub };
}

type GolferName = { id: number; firstName: string; lastName: string; fullName: string };

const nameFields = { id: true, firstName: true, lastName: true, fullName: true } as const;

/** Golfers whose full name (first and last) or nickname contains every word of `text` (at most 5 words). */
function golferNameWhere(text: string): Prisma.GolferWhereInput {
  const words = text.trim().slice(0, 100).split(/\s+/).filter(Boolean).slice(0, 5);
  return { AND: words.map((word) => ({ OR: [{ fullName: containsText(word) }, { nickname: containsText(word) }] })) };
}

/**
 * The public name search of /register and GET /api/golfers-public (docs/product/performance.md#lists-at-scale): ids
 * and names only, never contact details, of the golfers whose full name or nickname contains every word typed, by
 * last then first name, at most 20 of them, and whether more matched. Fewer than 2 letters is refused: one letter
 * would list a good part of the league.
 */
export async function findGolferNames(
  text: string,
  client: Tx = db,
): Promise<{ golfers: GolferName[]; more: boolean }> {
  if (nameSearchTooShort(text))
    throw new InvalidError(`Type at least ${NAME_SEARCH_MIN_LETTERS} letters of your name.`);
  const rows = await client.golfer.findMany({
    where: golferNameWhere(text),
    select: nameFields,
    orderBy: [...golferOrder],
    take: NAME_SEARCH_LIMIT + 1,
  });
  return { golfers: rows.slice(0, NAME_SEARCH_LIMIT), more: rows.length > NAME_SEARCH_LIMIT };
}

/** How many golfers the Golfer select of an admin dialog lists at most (docs/decisions/105-golfer-picker.md). */
const GOLFER_CHOICE_LIMIT = 100;

type GolferChoice = { id: number; fullName: string };

/** The Golfer select's list and what the line under it says (shown, of how many matched, for which search). */
export type GolferChoices = { golfers: GolferChoice[]; matched: number; limit: number; search: string };

/**
 * What the Golfer select of an admin dialog offers: `golfers`, the first 100 by last then first name of those whose
 * name contains every word of `search` (every golfer when it is empty), plus the golfers of `include` (the one being
 * edited, one already chosen) in their place by name; `matched`, how many golfers the search matches in all. Three
 * queries whatever the number of golfers (docs/decisions/105-golfer-picker.md).
 */
export async function findGolferChoices(
  search: string,
  include: readonly (number | null | undefined)[] = [],
  client: Tx = db,
): Promise<GolferChoices> {
  const text = search.trim().slice(0, 100);
  const where = text ? golferNameWhere(text) : {};
  const wanted = [...new Set(include)]
    .filter((id): id is number => typeof id === 'number' && Number.isSafeInteger(id) && id > 0)
    .slice(0, 5);
  const [rows, matched, extra] = await Promise.all([
    client.golfer.findMany({ where, select: nameFields, orderBy: [...golferOrder], take: GOLFER_CHOICE_LIMIT }),
    client.golfer.count({ where }),
    wanted.length ? client.golfer.findMany({ where: { id: { in: wanted } }, select: nameFields }) : [],
  ]);
  const listed = [...rows];
  for (const golfer of extra) {
    if (listed.some((g) => g.id === golfer.id)) continue;
    const at = listed.findIndex((g) => compareNames(golfer, g) < 0);
    listed.splice(at === -1 ? listed.length : at, 0, golfer);
  }
  return {
    golfers: listed.map(({ id, fullName }) => ({ id, fullName })),
    matched,
    limit: GOLFER_CHOICE_LIMIT,
    search: text,
  };
}

/** The list's order (last name, first name, id) for placing an included golfer among the rows the query sorted. */
function compareNames(a: GolferName, b: GolferName): number {
  return a.lastName.localeCompare(b.lastName) || a.firstName.localeCompare(b.firstName) || a.id - b.id;
}
