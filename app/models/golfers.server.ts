import type { GolferInput } from '~/schemas/golfer';
import { db, isUniqueViolation, type Tx } from '~/utils/db.server';
import { HttpError } from '~/utils/http.server';

/** The stored full name: first and last name (the nickname is shown separately, see docs/decisions). */
export function fullNameOf(firstName: string, lastName: string): string {
  return `${firstName.trim()} ${lastName.trim()}`.replace(/\s+/g, ' ');
}

/** Emails are stored lower-cased so uniqueness and matching ignore case. */
export function normalizeEmail(email: string | null | undefined): string | null {
  const e = email?.trim().toLowerCase();
  return e ? e : null;
}

function golferData(input: GolferInput) {
  return {
    firstName: input.firstName.trim(),
    lastName: input.lastName.trim(),
    nickname: input.nickname?.trim() || null,
    fullName: fullNameOf(input.firstName, input.lastName),
    email: normalizeEmail(input.email),
    phone: input.phone?.trim() || null,
  };
}

function duplicateEmail(email: string | null | undefined): HttpError {
  return new HttpError(409, `Another golfer already uses the email ${email}`, { email: ['Another golfer already uses this email'] });
}

export async function createGolfer(input: GolferInput, client: Tx = db) {
  try {
    return await client.golfer.create({ data: golferData(input) });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateEmail(input.email);
    throw error;
  }
}

export async function updateGolfer(id: number, input: GolferInput, client: Tx = db) {
  const existing = await client.golfer.findUnique({ where: { id }, select: { id: true } });
  if (!existing) throw new HttpError(404, 'Golfer not found');
  try {
    return await client.golfer.update({ where: { id }, data: golferData(input) });
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
  if (count === 0) throw new HttpError(404, 'Golfer not found');
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
 * details (DECISIONS.md "Privacy").
 */
export function listGolferOptions(client: Tx = db) {
  return client.golfer.findMany({
    select: { id: true, firstName: true, lastName: true, fullName: true },
    orderBy: [{ lastName: 'asc' }, { firstName: 'asc' }, { id: 'asc' }],
  });
}
