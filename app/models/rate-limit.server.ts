import { db, isUniqueViolation } from '~/db/db.server';

/**
 * Registration's rate limit per client address (docs/product/accounts.md#registration-abuse,
 * docs/decisions/094-registration-rate-limit.md): at most REGISTRATIONS_PER_HOUR (default 10) checkouts per address in
 * a fixed one-hour window. The count lives in the login throttle's table under a 'register:' key, and every step is
 * one conditional statement, so parallel requests cannot slip past it.
 */

const WINDOW_MS = 60 * 60 * 1000;
const DEFAULT_PER_HOUR = 10;

function perHour(): number {
  const configured = Number(process.env.REGISTRATIONS_PER_HOUR);
  return Number.isSafeInteger(configured) && configured > 0 ? configured : DEFAULT_PER_HOUR;
}

/**
 * Takes one registration from this address's allowance. Null when it may go ahead; otherwise the refusal to show
 * ('Too many registrations from this network. Try again in {n} minutes.') with the seconds until the window ends (the
 * answer's Retry-After), and nothing is counted. The address comes from the load context
 * (app/web/client-address.server.ts); there is no unlimited "no address".
 */
export async function takeRegistrationSlot(
  address: string,
  now = new Date(),
): Promise<{ message: string; retryAfter: number } | null> {
  if (!address.trim()) throw new Error('A registration is counted per client address, and none was given.');
  const retryAfter = await takeHourlySlot(`register:${address}`, perHour(), now);
  if (retryAfter === null) return null;
  const minutes = Math.ceil(retryAfter / 60);
  return {
    message: `Too many registrations from this network. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    retryAfter,
  };
}

/**
 * Takes one from `key`'s allowance of `limit` an hour (a fixed window from its first use): null when taken,
 * else the seconds until the window ends, and nothing is counted. Registration and the golfers' sign-in codes
 * (docs/decisions/125-golfer-sign-in.md) count with it.
 */
export async function takeHourlySlot(key: string, limit: number, now = new Date()): Promise<number | null> {
  const windowOpen = new Date(now.getTime() - WINDOW_MS);
  for (let attempt = 1; attempt <= 5; attempt++) {
    // Within the window and under the limit: count this one.
    const counted = await db.loginThrottle.updateMany({
      where: { key, windowStart: { gt: windowOpen }, attempts: { lt: limit } },
      data: { attempts: { increment: 1 } },
    });
    if (counted.count === 1) return null;
    // The window has passed: this one starts a new window.
    const restarted = await db.loginThrottle.updateMany({
      where: { key, windowStart: { lte: windowOpen } },
      data: { attempts: 1, windowStart: now },
    });
    if (restarted.count === 1) return null;
    const row = await db.loginThrottle.findUnique({ where: { key } });
    if (row) {
      // Still in its window (or it moved on since the two statements above): over the limit, or try again.
      if (row.windowStart > windowOpen && row.attempts >= limit)
        return Math.max(1, Math.ceil((row.windowStart.getTime() + WINDOW_MS - now.getTime()) / 1000));
      continue;
    }
    try {
      await db.loginThrottle.create({ data: { key, attempts: 1, windowStart: now } });
      return null;
    } catch (error) {
      // Another request created it first: count against that row.
      if (!isUniqueViolation(error)) throw error;
    }
  }
  throw new Error(`Could not count ${key}`);
}
