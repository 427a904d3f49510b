import { db, type Tx } from '~/db/db.server';

/**
 * The codes golfers sign in with (docs/decisions/125-golfer-sign-in.md). A row is one emailed code and its one-click
 * link: its id is the SHA-256 of the link's token, the code is kept only as an HMAC (the HTTP edge makes and compares
 * both: app/web/golfer-sign-in.server.ts). A code is live for 15 minutes, until it is used, and until 5 wrong tries;
 * asking for a new one ends the address's older ones, so an address has at most one live code.
 */
export const CODE_MINUTES = 15;
export const MAX_CODE_ATTEMPTS = 5;

export type SignInCodeRow = {
  id: string;
  email: string;
  codeHash: string;
  expiresAt: Date;
  attempts: number;
  usedAt: Date | null;
};

function liveWhere(now: Date) {
  return { usedAt: null, expiresAt: { gt: now }, attempts: { lt: MAX_CODE_ATTEMPTS } };
}

/** Stores a new code for the address, in the caller's transaction, ending its older ones; clears long-dead rows. */
export async function replaceSignInCode(
  tx: Tx,
  input: { id: string; email: string; codeHash: string; now: Date },
): Promise<{ expiresAt: Date }> {
  const expiresAt = new Date(input.now.getTime() + CODE_MINUTES * 60 * 1000);
  await tx.golferSignInCode.updateMany({
    where: { email: input.email, ...liveWhere(input.now) },
    data: { expiresAt: input.now },
  });
  await tx.golferSignInCode.create({
    data: { id: input.id, email: input.email, codeHash: input.codeHash, createdAt: input.now, expiresAt },
  });
  // A day after they end, rows serve no one (not even the 'already used' message of a late click).
  await tx.golferSignInCode.deleteMany({ where: { expiresAt: { lt: new Date(input.now.getTime() - 86_400_000) } } });
  return { expiresAt };
}

/**
 * Takes one try on the address's live code before it is compared: the count is checked and raised in one
 * conditional write, so parallel guesses cannot get more than 5 tries between them. Null when there is no live code.
 */
export async function reserveCodeAttempt(email: string, now = new Date()): Promise<SignInCodeRow | null> {
  for (let round = 0; round < 3; round++) {
    const live = await db.golferSignInCode.findFirst({
      where: { email, ...liveWhere(now) },
      orderBy: { createdAt: 'desc' },
    });
    if (!live) return null;
    const taken = await db.golferSignInCode.updateMany({
      where: { id: live.id, ...liveWhere(now), attempts: live.attempts },
      data: { attempts: { increment: 1 } },
    });
    if (taken.count === 1) return { ...live, attempts: live.attempts + 1 };
    // Another try raised the count in between: read it again.
  }
  return null;
}

/** The right code was given: its try is given back (it is not a wrong one). */
export async function giveBackCodeAttempt(id: string): Promise<void> {
  await db.golferSignInCode.updateMany({ where: { id, attempts: { gt: 0 } }, data: { attempts: { decrement: 1 } } });
}

/** A code by its link's hashed token, live or not (the link page says which). */
export function findSignInCode(id: string): Promise<SignInCodeRow | null> {
  return db.golferSignInCode.findUnique({ where: { id } });
}

/** Uses a live code, once: false when it was used (or ended) meanwhile, as by a second click racing the first. */
export async function spendSignInCode(id: string, now = new Date(), client: Tx = db): Promise<boolean> {
  const { count } = await client.golferSignInCode.updateMany({
    where: { id, ...liveWhere(now) },
    data: { usedAt: now },
  });
  return count === 1;
}
