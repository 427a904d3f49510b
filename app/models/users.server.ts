import { db, isUniqueViolation } from '~/db/db.server';
import { ConflictError, ForbiddenError, NotFoundError } from '~/domain/errors';
import { dummyPasswordHash, hashPassword, verifyPassword } from '~/models/password.server';
import { inTransaction } from '~/db/transaction.server';
import { auditCreated, auditUpdated, recordAudit, type Actor } from '~/db/audit.server';
import { endUserSessions, sessionRowId } from './sessions.server';

export type PublicUser = {
  id: number;
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  isAdmin: boolean;
};

/** A row of Settings → Users: a disabled user cannot sign in. */
type UserRow = PublicUser & { disabled: boolean };

const publicFields = { id: true, username: true, email: true, firstName: true, lastName: true, isAdmin: true } as const;

const DISABLED_MESSAGE = 'This account is disabled. Ask a league administrator to enable it.';

/**
 * The signed-in user of a session cookie's token, in one query: null when the session has ended (signed out,
 * ended everywhere, expired on the server after 14 days) or the user is disabled.
 */
export function getUserOfSession(token: string, now = new Date()): Promise<PublicUser | null> {
  return db.user.findFirst({
    where: { disabledAt: null, sessions: { some: { id: sessionRowId(token), expiresAt: { gt: now } } } },
    select: publicFields,
  });
}

export async function listUsers(): Promise<UserRow[]> {
  const rows = await db.user.findMany({ select: { ...publicFields, disabledAt: true }, orderBy: { username: 'asc' } });
  return rows.map(({ disabledAt, ...user }) => ({ ...user, disabled: disabledAt !== null }));
}

export function countUsers(): Promise<number> {
  return db.user.count();
}

const userTarget = (id: number) => ({ entity: 'user', id, labelField: 'username' });

export async function createUser(
  input: {
    username: string;
    password: string;
    email: string;
    firstName: string;
    lastName: string;
    isAdmin?: boolean;
  },
  actor: Actor | null,
): Promise<PublicUser> {
  const passwordHash = await hashPassword(input.password);
  const data = {
    username: input.username.trim().toLowerCase(),
    passwordHash,
    email: input.email.trim(),
    firstName: input.firstName.trim(),
    lastName: input.lastName.trim(),
    isAdmin: input.isAdmin ?? false,
  };
  try {
    return await inTransaction(db, async (tx) => {
      const user = await tx.user.create({ data, select: publicFields });
      await recordAudit(tx, actor, auditCreated(userTarget(user.id), data));
      return user;
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw new ConflictError(`The username "${input.username}" is already taken`, {
        username: ['This username is already taken'],
      });
    throw error;
  }
}

/**
 * Sets a new password and ends the user's sessions, all of them except the one of `keepSession` (an administrator
 * resetting their own password stays signed in on the browser that did it).
 */
export async function resetPassword(
  userId: number,
  password: string,
  actor: Actor | null,
  keepSession?: string,
): Promise<void> {
  const passwordHash = await hashPassword(password);
  await inTransaction(db, async (tx) => {
    const before = await tx.user.findUnique({ where: { id: userId }, select: { username: true, passwordHash: true } });
    const { count } = await tx.user.updateMany({ where: { id: userId }, data: { passwordHash } });
    if (!before || count === 0) throw new NotFoundError('User not found');
    await recordAudit(tx, actor, auditUpdated(userTarget(userId), before, { passwordHash }));
    await endUserSessions(tx, userId, keepSession);
  });
}

/** 'Sign out everywhere': ends every session of the user, this one included. */
export async function signOutEverywhere(userId: number): Promise<void> {
  await endUserSessions(db, userId);
}

/**
 * Disables a user (they cannot sign in, and their sessions end) or enables them again. An administrator cannot
 * disable themselves (`actorId`), so an enabled administrator always remains.
 */
export async function setUserDisabled(actor: Actor, userId: number, disabled: boolean): Promise<PublicUser> {
  if (disabled && actor.id === userId) throw new ForbiddenError('You cannot disable yourself');
  return inTransaction(db, async (tx) => {
    const user = await tx.user.findUnique({ where: { id: userId }, select: { ...publicFields, disabledAt: true } });
    if (!user) throw new NotFoundError('User not found');
    const target = userTarget(userId);
    if (disabled) {
      // Disabling twice keeps the first time.
      if (!user.disabledAt) {
        const disabledAt = new Date();
        await tx.user.update({ where: { id: userId }, data: { disabledAt } });
        await recordAudit(tx, actor, auditUpdated(target, user, { disabledAt }));
      }
      await endUserSessions(tx, userId);
    } else if (user.disabledAt) {
      await tx.user.update({ where: { id: userId }, data: { disabledAt: null } });
      await recordAudit(tx, actor, auditUpdated(target, user, { disabledAt: null }));
    }
    const { disabledAt: _disabledAt, ...rest } = user;
    return rest;
  });
}

/**
 * Checks a username and password: null for an unknown user and a wrong password alike, both after one bcrypt
 * check at the configured cost, so neither the answer nor its time tells which usernames exist. The right password
 * of a disabled user is refused with DISABLED_MESSAGE.
 */
export async function verifyLogin(username: string, password: string): Promise<PublicUser | null> {
  const user = await db.user.findUnique({ where: { username: username.trim().toLowerCase() } });
  if (!user) {
    await verifyPassword(password, await dummyPasswordHash());
    return null;
  }
  if (!(await verifyPassword(password, user.passwordHash))) return null;
  if (user.disabledAt) throw new ForbiddenError(DISABLED_MESSAGE);
  const { passwordHash: _hash, createdAt: _created, disabledAt: _disabled, ...rest } = user;
  return rest;
}

/** Where a golfer reaches the league (a reply to HELP): the first administrator's address, or null without one. */
export async function leagueContactEmail(): Promise<string | null> {
  const admin = await db.user.findFirst({
    where: { isAdmin: true, disabledAt: null, email: { contains: '@' } },
    orderBy: { id: 'asc' },
    select: { email: true },
  });
  return admin?.email.trim() || null;
}
