import { openAudit, writeAudit } from './audit.server';
import { db, type Tx } from './db.server';

/**
 * Runs `fn` in one transaction: a new one when the caller passed the plain client, or the caller's own when it
 * is already inside one (an import composing many writes), so a write and its recomputation never half-apply.
 * A new transaction also writes the audit entries its writes recorded (`recordAudit`), just before it commits.
 * `timeoutMs` lets a long write (an import of ten thousand rows) hold the transaction longer than the usual 30 s;
 * it means nothing inside a caller's transaction, whose own limit stands.
 */
export function inTransaction<T>(
  client: Tx,
  fn: (tx: Tx) => Promise<T>,
  options: { timeoutMs?: number } = {},
): Promise<T> {
  if (client !== db) return fn(client);
  return db.$transaction(
    async (tx) => {
      openAudit(tx);
      const value = await fn(tx);
      await writeAudit(tx);
      return value;
    },
    { timeout: options.timeoutMs ?? 30_000, maxWait: 15_000 },
  );
}

export function isForeignKeyViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === 'P2003';
}
