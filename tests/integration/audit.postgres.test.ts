import { describe, expect, it } from 'vitest';
import type { Db } from '~/db/db.server';
import { withPostgres } from './pg-server';

// The audit log on a real PostgreSQL server (docs/decisions/098-audit-log.md), where transactions run side by side on
// a pool of connections: each change and its audit row commit or roll back together, and concurrent requests keep
// their own actors. The SQLite counterpart is audit.test.ts.

let db: Db;
withPostgres((ready) => (db = ready));

async function asActor<T>(actor: { id: number; username: string }, fn: () => Promise<T>): Promise<T> {
  const { markActor, runInRequestContext } = await import('~/web/request-context.server');
  return runInRequestContext(async () => {
    markActor(actor);
    return fn();
  });
}

const courseInput = (name: string, par = 36) => ({ courseName: name, coursePar: par, courseLength: '3,100 yards' });

describe('the audit log on PostgreSQL', () => {
  it('writes the audit row in the transaction of the change: a rollback leaves neither', async () => {
    const { createCourse, updateCourse } = await import('~/models/courses.server');
    const { inTransaction } = await import('~/db/transaction.server');
    const course = await createCourse(courseInput('Rollback'));
    const before = await db.auditEntry.count();

    await asActor({ id: 1, username: 'admin' }, async () => {
      await expect(
        inTransaction(db, async (tx) => {
          await updateCourse(course.id, courseInput('Rollback', 34), tx);
          // Neither the change nor its row can be seen from another connection before the commit.
          expect(await db.course.findUniqueOrThrow({ where: { id: course.id } })).toMatchObject({ coursePar: 36 });
          throw new Error('a later step failed');
        }),
      ).rejects.toThrow('a later step failed');
    });
    expect(await db.course.findUniqueOrThrow({ where: { id: course.id } })).toMatchObject({ coursePar: 36 });
    expect(await db.auditEntry.count()).toBe(before);

    await asActor({ id: 1, username: 'admin' }, () => updateCourse(course.id, courseInput('Rollback', 34)));
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
    const course = await createCourse(courseInput('Atomic'));
    await db.$executeRawUnsafe('ALTER TABLE audit_log RENAME TO audit_log_away');
    try {
      await asActor({ id: 1, username: 'admin' }, async () => {
        await expect(db.course.update({ where: { id: course.id }, data: { coursePar: 30 } })).rejects.toThrow();
        await expect(updateCourse(course.id, courseInput('Atomic', 31))).rejects.toThrow();
      });
    } finally {
      await db.$executeRawUnsafe('ALTER TABLE audit_log_away RENAME TO audit_log');
    }
    expect(await db.course.findUniqueOrThrow({ where: { id: course.id } })).toMatchObject({ coursePar: 36 });
  });

  it('keeps each of many concurrent requests to its own actor', async () => {
    const { createCourse } = await import('~/models/courses.server');
    const created = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        asActor({ id: 100 + i, username: `clerk${i}` }, () => createCourse(courseInput(`Parallel ${i}`))),
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
    expect(await asActor({ id: 1, username: 'admin' }, () => importJsonText('golfers', body))).toEqual({ count: 50 });
    expect(await db.auditEntry.count()).toBe(before + 1);
    expect(await db.auditEntry.findFirst({ orderBy: { id: 'desc' } })).toMatchObject({
      action: 'import',
      entity: 'golfer',
      summary: 'Imported 50 golfers from JSON',
    });
  });
});
