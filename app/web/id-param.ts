import { InvalidError } from '~/domain/errors';

/**
 * The one reader of record ids in URLs and forms (docs/decisions/113-one-id-parser-one-formatter.md).
 * Not a `.server` file: the register page reads the chosen golfer's id in the browser too. It throws the domain's
 * InvalidError, which the HTTP edge (failureOf) answers 400, and a stats page turns into its 404 page.
 */

/** The largest id a record can have: ids are the schema's `Int`, 32-bit on SQLite and PostgreSQL alike. */
const MAX_ID = 2_147_483_647;

/**
 * An id as a URL or a form writes it: digits alone, naming a whole number from 1 to the largest id a record can have
 * ('007' is 7). Anything else is no id (null): '', '0', '-1', '1.5', '1e3', ' 1', 2^31 and past (looked up, such an
 * id would be a database error, not 'not found').
 */
export function readId(value: unknown): number | null {
  if (typeof value !== 'string' || !/^\d+$/.test(value)) return null;
  const id = Number(value);
  return Number.isInteger(id) && id > 0 && id <= MAX_ID ? id : null;
}

/** A required id whose absence or malformation is answered with `message` (400). */
export function requireId(value: unknown, message: string): number {
  const id = readId(value);
  if (id === null) throw new InvalidError(message);
  return id;
}

/**
 * An id in a route's path or query (`params.id`, `?edit=`, `?view=`), or a 400 'Invalid {what}: "{value}"':
 * 'Invalid id: "abc"', 'Invalid round id: "1.5"' (docs/product/api.md#conventions).
 */
export function idParam(value: string | null | undefined, what = 'id'): number {
  return requireId(value, `Invalid ${what}: "${value ?? ''}"`);
}
