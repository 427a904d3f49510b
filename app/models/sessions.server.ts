import crypto from 'node:crypto';
import { db, type Tx } from '~/db/db.server';

/**
 * The server-side record of a sign-in (docs/product/accounts.md#ending-sessions). The browser's signed cookie holds
 * a random token; the `sessions` row is keyed by the token's SHA-256, so a copy of the table cannot be replayed as
 * cookies. Deleting the row ends the session wherever the cookie went.
 */
const SESSION_DAYS = 14;

/** The `sessions.id` of a cookie's token. */
export function sessionRowId(token: string): string {
  return crypto.createHash('sha256').update(token).digest('base64url');
}

/** Starts a session for the user: the token for the cookie. Expired rows of anyone are cleared on the way. */
export async function createSession(userId: number, now = new Date()): Promise<string> {
  const token = crypto.randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + SESSION_DAYS * 24 * 60 * 60 * 1000);
  await db.session.create({ data: { id: sessionRowId(token), userId, createdAt: now, expiresAt } });
  // Sign-ins are rare, and this is one indexed delete: the table never keeps more than 14 days of sign-ins.
  await db.session.deleteMany({ where: { expiresAt: { lte: now } } });
  return token;
}

/** Ends one session (signing out). */
export async function endSession(token: string): Promise<void> {
  await db.session.deleteMany({ where: { id: sessionRowId(token) } });
}

/** Ends every session of the user, except the one of `keepToken` when given (the browser doing it). */
export async function endUserSessions(client: Tx, userId: number, keepToken?: string): Promise<number> {
  const { count } = await client.session.deleteMany({
    where: { userId, ...(keepToken ? { id: { not: sessionRowId(keepToken) } } : {}) },
  });
  return count;
}
