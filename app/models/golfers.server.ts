import { matchesGolferSearch } from '~/domain/golfer-display';
import type { GolferInput } from '~/schemas/golfer';
import { db, isUniqueViolation, type Tx } from '~/utils/db.server';
import { ConflictError, NotFoundError } from '~/domain/errors';

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
  };
}

function duplicateEmail(email: string | null | undefined): ConflictError {
  return new ConflictError(`Another golfer already uses the email ${email}`, {
    email: ['Another golfer already uses this email'],
  });
}

/**
 * Checked before writing (and the unique index catches a race) so a duplicate is a clear ConflictError and, on PostgreSQL,
 * does not abort a caller's surrounding transaction.
 */
async function assertEmailFree(email: string | null, exceptId: number | null, client: Tx) {
  if (!email) return;
  const other = await client.golfer.findUnique({ where: { email }, select: { id: true } });
  if (other && other.id !== exceptId) throw duplicateEmail(email);
}

export async function createGolfer(input: GolferInput, client: Tx = db) {
  const data = golferData(input);
  await assertEmailFree(data.email, null, client);
  try {
    return await client.golfer.create({ data });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateEmail(input.email);
    throw error;
  }
}

export async function updateGolfer(id: number, input: GolferInput, client: Tx = db) {
  const existing = await client.golfer.findUnique({ where: { id }, select: { id: true } });
  if (!existing) throw new NotFoundError('Golfer not found');
  const data = golferData(input);
  await assertEmailFree(data.email, id, client);
  try {
    return await client.golfer.update({ where: { id }, data });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateEmail(input.email);
    throw error;
  }
}

/**
 * Deletes a golfer with their memberships, rounds, flight assignments and tee-time positions, in one
 * transaction (the foreign keys cascade and null the tee-time positions).
 */
export async function deleteGolfer(id: number, client: Tx = db) {
  const { count } = await client.golfer.deleteMany({ where: { id } });
  if (count === 0) throw new NotFoundError('Golfer not found');
}

export function getGolfer(id: number, client: Tx = db) {
  return client.golfer.findUnique({ where: { id } });
}

export function findGolferByEmail(email: string, client: Tx = db) {
  const normalized = normalizeEmail(email);
  return normalized ? client.golfer.findUnique({ where: { email: normalized } }) : Promise.resolve(null);
}

/**
 * Privacy-safe golfer list for selects and the public registration page: ids and names only, never contact
 * details (docs/product/privacy-and-access.md#contact-details).
 */
export function listGolferOptions(client: Tx = db) {
  return client.golfer.findMany({
    select: { id: true, firstName: true, lastName: true, fullName: true },
    orderBy: [{ lastName: 'asc' }, { firstName: 'asc' }, { id: 'asc' }],
  });
}

const listFields = {
  id: true,
  firstName: true,
  lastName: true,
  nickname: true,
  fullName: true,
  email: true,
  phone: true,
} as const;

export type GolferRow = {
  id: number;
  firstName: string;
  lastName: string;
  nickname: string | null;
  fullName: string;
  email: string | null;
  phone: string | null;
};

/**
 * The golfers page and GET /api/golfers: every golfer with contact details, by last then first name, in one
 * query. `query` filters like the page's search box (the same function, so JS on and off agree).
 */
export async function listGolfers(query?: string | null, client: Tx = db): Promise<GolferRow[]> {
  const rows = await client.golfer.findMany({
    select: listFields,
    orderBy: [{ lastName: 'asc' }, { firstName: 'asc' }, { id: 'asc' }],
  });
  return query ? rows.filter((g) => matchesGolferSearch(g, query)) : rows;
}

/** One golfer with the list's fields, or a NotFoundError. */
export async function requireGolfer(id: number, client: Tx = db): Promise<GolferRow> {
  const golfer = await client.golfer.findUnique({ where: { id }, select: listFields });
  if (!golfer) throw new NotFoundError('Golfer not found');
  return golfer;
}

/** The API's view of a golfer: the list fields, without timestamps. */
export function golferJson(golfer: GolferRow): GolferRow {
  const { id, firstName, lastName, nickname, fullName, email, phone } = golfer;
  return { id, firstName, lastName, nickname, fullName, email, phone };
}
