import { expect } from 'vitest';
import type { Db } from '~/db/db.server';

/**
 * The golfers of a second-release database, written with plain SQL (the release's own columns), before the
 * golfer_sign_in migration turns golfers.email's unique index into a plain one and adds golfer_sign_in_codes.
 */
export async function fillGolfersBeforeSignIn(db: Db) {
  const rows = [
    ['Ada', 'Upgrade', 'ada.upgrade@example.org'],
    ['Bo', 'Upgrade', null],
  ] as const;
  for (const [first, last, email] of rows) {
    const fullName = `${first} ${last}`;
    await db.$executeRaw`INSERT INTO "golfers" ("firstName", "lastName", "fullName", "email", "createdAt", "updatedAt") VALUES (${first}, ${last}, ${fullName}, ${email}, CURRENT_TIMESTAMP, CURRENT_TIMESTAMP)`;
  }
  return db.golfer.findMany({
    where: { lastName: 'Upgrade' },
    orderBy: { id: 'asc' },
    select: { id: true, email: true },
  });
}

export async function expectGolfersAfterSignIn(db: Db, before: { id: number; email: string | null }[]) {
  const after = await db.golfer.findMany({
    where: { lastName: 'Upgrade' },
    orderBy: { id: 'asc' },
    select: { id: true, email: true },
  });
  expect(after).toEqual(before);
  // The address may now be shared (the unique index is gone), and found by its plain index.
  await db.golfer.create({
    data: { firstName: 'Cy', lastName: 'Upgrade', fullName: 'Cy Upgrade', email: 'ada.upgrade@example.org' },
  });
  expect(await db.golfer.count({ where: { email: 'ada.upgrade@example.org' } })).toBe(2);
  await db.golferSignInCode.create({
    data: { id: 'upgrade-code', email: 'ada.upgrade@example.org', codeHash: 'x', expiresAt: new Date() },
  });
  expect(await db.golferSignInCode.count()).toBe(1);
}
