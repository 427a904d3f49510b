import { db, isUniqueViolation } from '~/utils/db.server';
import { ConflictError, NotFoundError } from '~/domain/errors';
import { hashPassword, verifyPassword } from '~/utils/password.server';

export type PublicUser = {
  id: number;
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  isAdmin: boolean;
};

const publicFields = { id: true, username: true, email: true, firstName: true, lastName: true, isAdmin: true } as const;

export function getUserById(id: number): Promise<PublicUser | null> {
  return db.user.findUnique({ where: { id }, select: publicFields });
}

export function listUsers(): Promise<PublicUser[]> {
  return db.user.findMany({ select: publicFields, orderBy: { username: 'asc' } });
}

export function countUsers(): Promise<number> {
  return db.user.count();
}

export async function createUser(input: {
  username: string;
  password: string;
  email: string;
  firstName: string;
  lastName: string;
  isAdmin?: boolean;
}): Promise<PublicUser> {
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.user.create({
      data: {
        username: input.username.trim().toLowerCase(),
        passwordHash,
        email: input.email.trim(),
        firstName: input.firstName.trim(),
        lastName: input.lastName.trim(),
        isAdmin: input.isAdmin ?? false,
      },
      select: publicFields,
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw new ConflictError(`The username "${input.username}" is already taken`, {
        username: ['This username is already taken'],
      });
    throw error;
  }
}

export async function resetPassword(userId: number, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  const { count } = await db.user.updateMany({ where: { id: userId }, data: { passwordHash } });
  if (count === 0) throw new NotFoundError('User not found');
}

/** Checks a username and password; the same answer (null) for an unknown user and a wrong password. */
export async function verifyLogin(username: string, password: string): Promise<PublicUser | null> {
  const user = await db.user.findUnique({ where: { username: username.trim().toLowerCase() } });
  if (!user) {
    // Spend the same time as a real check so response times do not reveal which usernames exist.
    await verifyPassword(password, '$2b$10$CwTycUXWue0Thq9StjUM0uJ8.Bq0bYx5O6f5v8v8b5D1yKQx1bq2e');
    return null;
  }
  if (!(await verifyPassword(password, user.passwordHash))) return null;
  const { passwordHash: _hash, createdAt: _created, ...rest } = user;
  return rest;
}
