import { db, isUniqueViolation } from '~/db/db.server';

/**
 * Failed sign-ins are counted per username and address, and per address (docs/product/accounts.md#login-throttling).
 * A username locks after 5 failures from one address, for that address only, so nobody can lock the administrator
 * out from elsewhere; an address locks after 30 failures whatever the usernames, so one address trying many
 * usernames is slowed down too (30, not fewer, so one person's typos do not lock out a whole hospital network).
 *
 * Every attempt is reserved BEFORE the password is checked, with a conditional update (or an insert) that two
 * requests cannot both win: twenty parallel guesses check at most five passwords. A failed attempt keeps its
 * reservation; a successful one gives it back.
 */
type ThrottleKey = { key: string; max: number };

const MAX_FAILURES_PER_USERNAME = 5;
const MAX_FAILURES_PER_ADDRESS = 30;
const WINDOW_MS = 15 * 60 * 1000;
const LOCK_MS = 15 * 60 * 1000;

/**
 * The keys of one sign-in attempt: username at address first, then the address. There is no key for "no address":
 * one bucket shared by every request would let anyone lock everyone out (app/web/client-address.server.ts).
 */
export function throttleKeys(username: string, address: string): ThrottleKey[] {
  const from = address.trim();
  if (!from) throw new Error('A sign-in attempt is counted per client address, and none was given.');
  return [
    { key: `user:${username.trim().toLowerCase()}@${from}`, max: MAX_FAILURES_PER_USERNAME },
    { key: `ip:${from}`, max: MAX_FAILURES_PER_ADDRESS },
  ];
}

function minutesUntil(until: Date, now: Date): number {
  return Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000));
}

/** Takes one attempt on `key`: 0 when taken, else the minutes until the key's lock ends. */
async function reserve({ key, max }: ThrottleKey, now: Date): Promise<number> {
  const windowFloor = new Date(now.getTime() - WINDOW_MS);
  for (let round = 0; round < 3; round++) {
    // Within the window, below the limit and not locked: take one (the count is checked and raised in one write).
    const took = await db.loginThrottle.updateMany({
      where: { key, attempts: { lt: max }, windowStart: { gt: windowFloor }, lockedUntil: null },
      data: { attempts: { increment: 1 } },
    });
    if (took.count > 0) return 0;
    // The window has passed, or the lock has ended: a new window starts with this attempt. Once one request has
    // restarted it, the condition no longer holds for the others.
    const restarted = await db.loginThrottle.updateMany({
      where: { key, OR: [{ lockedUntil: { lte: now } }, { lockedUntil: null, windowStart: { lte: windowFloor } }] },
      data: { attempts: 1, windowStart: now, lockedUntil: null },
    });
    if (restarted.count > 0) return 0;
    // No row yet: the first attempt creates it (a parallel first attempt loses on the primary key and goes round).
    try {
      await db.loginThrottle.create({ data: { key, attempts: 1, windowStart: now } });
      return 0;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
    // The limit is reached: the first refusal starts the lock.
    await db.loginThrottle.updateMany({
      where: { key, lockedUntil: null, attempts: { gte: max }, windowStart: { gt: windowFloor } },
      data: { lockedUntil: new Date(now.getTime() + LOCK_MS) },
    });
    const row = await db.loginThrottle.findUnique({ where: { key } });
    if (row?.lockedUntil && row.lockedUntil > now) return minutesUntil(row.lockedUntil, now);
    // The row changed in between (a success gave an attempt back, a window restarted): try again.
  }
  return minutesUntil(new Date(now.getTime() + LOCK_MS), now);
}

/** Gives back an attempt that was reserved but did not fail. */
async function giveBack({ key }: ThrottleKey): Promise<void> {
  await db.loginThrottle.updateMany({ where: { key, attempts: { gt: 0 } }, data: { attempts: { decrement: 1 } } });
}

/**
 * Reserves one sign-in attempt on every key before the password is checked: 0 when it may go ahead, else the
 * minutes until it may be tried again (nothing stays reserved then).
 */
export async function reserveAttempt(keys: ThrottleKey[], now = new Date()): Promise<number> {
  const taken: ThrottleKey[] = [];
  for (const key of keys) {
    const minutes = await reserve(key, now);
    if (minutes > 0) {
      for (const done of taken) await giveBack(done);
      return minutes;
    }
    taken.push(key);
  }
  return 0;
}

/**
 * The password was right: the username's count at this address starts again, and the address gets its attempt
 * back (not its whole count, or signing in to one's own account between guesses would reset it).
 */
export async function attemptSucceeded(keys: ThrottleKey[]): Promise<void> {
  const [user, ...rest] = keys;
  if (user) await db.loginThrottle.deleteMany({ where: { key: user.key } });
  for (const key of rest) await giveBack(key);
}

/**
 * A key whose tries are used up (`max` failures in its window) locks now, rather than at the next try: for a code
 * whose number must stay locked 15 minutes from the last wrong try, sending included (docs/decisions/175).
 */
export async function lockIfUsedUp({ key, max }: ThrottleKey, now = new Date()): Promise<void> {
  await db.loginThrottle.updateMany({
    where: { key, lockedUntil: null, attempts: { gte: max }, windowStart: { gt: new Date(now.getTime() - WINDOW_MS) } },
    data: { lockedUntil: new Date(now.getTime() + LOCK_MS) },
  });
}

/** Minutes until a locked key may be tried again, else 0 (for a step that is no try itself: a new code). */
export async function lockedMinutes({ key }: ThrottleKey, now = new Date()): Promise<number> {
  const row = await db.loginThrottle.findUnique({ where: { key }, select: { lockedUntil: true } });
  return row?.lockedUntil && row.lockedUntil > now ? minutesUntil(row.lockedUntil, now) : 0;
}
