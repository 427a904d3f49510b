import { db, type Tx } from '~/db/db.server';

/**
 * Runs `fn` in one transaction: a new one when the caller passed the plain client, or the caller's own when it
 * is already inside one (an import composing many writes), so a write and its recomputation never half-apply.
 * The transaction also writes the audit rows of a signed-in user's changes before it commits (db.server.ts).
 */
export function inTransaction<T>(client: Tx, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return client === db ? db.$transaction(fn, { timeout: 30_000, maxWait: 15_000 }) : fn(client);
}

export function isForeignKeyViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === 'P2003';
}
