import { db } from '~/utils/db.server';

/**
 * After this many failures within the window, sign-in for that key is refused until the lock ends. A username
 * locks after 5; a client address after 30, so one person's typos do not lock out a whole hospital network.
 */
const MAX_FAILURES = 5;
const MAX_FAILURES_PER_ADDRESS = 30;

export function throttleKeys(username: string, address: string | undefined): string[] {
  const keys = [`user:${username.trim().toLowerCase()}`];
  if (address) keys.push(`ip:${address}`);
  return keys;
}
const WINDOW_MS = 15 * 60 * 1000;
const LOCK_MS = 15 * 60 * 1000;

/** Minutes left in a lock on any of the keys, or 0 when sign-in may be tried. */
export async function lockedMinutes(keys: string[], now = new Date()): Promise<number> {
  const rows = await db.loginThrottle.findMany({ where: { key: { in: keys }, lockedUntil: { gt: now } } });
  const until = Math.max(0, ...rows.map((r) => r.lockedUntil?.getTime() ?? 0));
  return until > now.getTime() ? Math.ceil((until - now.getTime()) / 60_000) : 0;
}

export async function recordFailure(keys: string[], now = new Date()): Promise<void> {
  await db.$transaction(async (tx) => {
    for (const key of keys) {
      const row = await tx.loginThrottle.findUnique({ where: { key } });
      const fresh = !row || now.getTime() - row.windowStart.getTime() > WINDOW_MS;
      const failures = fresh ? 1 : row.failures + 1;
      const max = key.startsWith('ip:') ? MAX_FAILURES_PER_ADDRESS : MAX_FAILURES;
      const lockedUntil = failures >= max ? new Date(now.getTime() + LOCK_MS) : null;
      await tx.loginThrottle.upsert({
        where: { key },
        create: { key, failures, windowStart: now, lockedUntil },
        update: { failures, windowStart: fresh ? now : row.windowStart, lockedUntil },
      });
    }
  });
}

export async function clearFailures(keys: string[]): Promise<void> {
  await db.loginThrottle.deleteMany({ where: { key: { in: keys } } });
}
