import { describe, expect, it } from 'vitest';
import type { Db } from '~/db/db.server';
import { withPostgres } from './pg-server';

// The audit log on a real PostgreSQL server (docs/decisions/111-explicit-audit-entries.md), where transactions run side
// by side on a pool of connections: each change and its audit row commit or roll back together, and concurrent
// requests keep their own actors. The SQLite counterpart is audit.test.ts.

let db: Db;
withPostgres((ready) => (db = ready));

const admin = { id: 1, username: 'admin' };

const courseInput = (name: string, par = 36) => ({ courseName: name, coursePar: par, courseLength: '3,100 yards' });

describe('the audit log on PostgreSQL', () => {
  it('writes the audit row in the transaction of the change: a rollback leaves neither', async () => {
    const { createCourse, updateCourse } = await import('~/models/courses.server');
    const { inTransaction } = await import('~/db/transaction.server');
    const course = await createCourse(courseInput('Rollback'), null);
    const before = await db.auditEntry.count();

    await expect(
      inTransaction(db, async (tx) => {
        await updateCourse(course.id, courseInput('Rollback', 34), admin, tx);
        // Neither the change nor its row can be seen from another connection before the commit.
        expect(await db.course.findUniqueOrThrow({ where: { id: course.id } })).toMatchObject({ coursePar: 36 });
        throw new Error('a later step failed');
      }),
    ).rejects.toThrow('a later step failed');
    expect(await db.course.findUniqueOrThrow({ where: { id: course.id } })).toMatchObject({ coursePar: 36 });
    expect(await db.auditEntry.count()).toBe(before);

    await updateCourse(course.id, courseInput('Rollback', 34), admin);
    expect(await db.auditEntry.count()).toBe(before + 1);
    expect(await db.auditEntry.findFirst({ orderBy: { id: 'desc' } })).toMatchObject({
      userId: 1,
      username: 'admin',
      action: 'update',
      entity: 'course',
      entityId: String(course.id),
      summary: `Updated course #${course.id} 'Rollback': course par 36 → 34`,
    });
  });

  it('does not make a change whose audit row cannot be written', async () => {
    const { createCourse, updateCourse } = await import('~/models/courses.server');
    const { inTransaction } = await import('~/db/transaction.server');
    const course = await createCourse(courseInput('Atomic'), null);
    await db.$executeRawUnsafe('ALTER TABLE audit_log RENAME TO audit_log_away');
    try {
      await expect(updateCourse(course.id, courseInput('Atomic', 30), admin)).rejects.toThrow();
      await expect(
        inTransaction(db, (tx) => updateCourse(course.id, courseInput('Atomic', 31), admin, tx)),
      ).rejects.toThrow();
    } finally {
      await db.$executeRawUnsafe('ALTER TABLE audit_log_away RENAME TO audit_log');
    }
    expect(await db.course.findUniqueOrThrow({ where: { id: course.id } })).toMatchObject({ coursePar: 36 });
  });

  it('keeps each of many concurrent requests to its own actor', async () => {
    const { createCourse } = await import('~/models/courses.server');
    const created = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        createCourse(courseInput(`Parallel ${i}`), { id: 100 + i, username: `clerk${i}` }),
      ),
    );
    const rows = await db.auditEntry.findMany({
      where: { entity: 'course', action: 'create', entityId: { in: created.map((c) => String(c.id)) } },
    });
    expect(rows).toHaveLength(12);
    for (const [i, course] of created.entries())
      expect(rows.find((r) => r.entityId === String(course.id))).toMatchObject({
        userId: 100 + i,
        username: `clerk${i}`,
      });
  });

  it('makes one row for an import', async () => {
    const { importJsonText } = await import('~/features/import/import.server');
    const before = await db.auditEntry.count();
    const body = JSON.stringify(Array.from({ length: 50 }, (_, i) => ({ firstName: `P${i}`, lastName: 'Postgres' })));
    expect(await importJsonText('golfers', body, admin)).toEqual({ count: 50 });
    expect(await db.auditEntry.count()).toBe(before + 1);
    expect(await db.auditEntry.findFirst({ orderBy: { id: 'desc' } })).toMatchObject({
      action: 'import',
      entity: 'golfer',
      summary: 'Imported 50 golfers from JSON',
    });
  });
});
