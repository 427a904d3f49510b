import { db } from './db.server';

/*
 * Whether the database answers, for GET /healthz (docs/decisions/170-health-check.md): a trivial query, given a
 * second. A balancer asks every few seconds, so the answer says nothing in the log; a change does, once: the check
 * failing (with the error), and it passing again.
 */

/** How long the database has to answer before the check counts it as away. */
const ANSWER_WITHIN_MS = 1_000;

export type DatabaseHealth = { ok: true } | { ok: false; reason: string };

/** Whether the last check failed: the log says the change, never each check. */
let failing = false;

/** Runs `SELECT 1` on the database; `ok: false` with the reason when it fails or takes more than a second. */
export async function databaseHealth(): Promise<DatabaseHealth> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), ANSWER_WITHIN_MS);
  });
  let health: DatabaseHealth;
  let detail: unknown = null;
  try {
    // A query that waits past the second is left to end on its own; its answer then goes nowhere.
    const answer = await Promise.race([db.$queryRawUnsafe('SELECT 1').then(() => 'answered' as const), late]);
    health =
      answer === 'answered' ? { ok: true } : { ok: false, reason: 'The database did not answer within a second.' };
  } catch (error) {
    // The reason given to the balancer names no host or error text (anyone may ask /healthz); the log has it.
    detail = error;
    health = { ok: false, reason: 'The database could not be queried.' };
  } finally {
    clearTimeout(timer);
  }
  if (!health.ok && !failing) console.error(`Health check failed: ${health.reason}`, ...(detail ? [detail] : []));
  if (health.ok && failing) console.log('Health check: the database answers again.');
  failing = !health.ok;
  return health;
}
