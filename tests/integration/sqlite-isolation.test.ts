import { describe, expect, it } from 'vitest';
import { db } from '~/utils/db.server';

describe('SQLite: one connection, isolated transactions', () => {
  it('a query from another request neither sees nor joins an open transaction', async () => {
    const name = `Isolation ${Date.now()}`;
    let insideDone!: () => void;
    const inside = new Promise<void>((resolve) => (insideDone = resolve));
    const tx = db
      .$transaction(async (t) => {
        await t.course.create({ data: { courseName: name, coursePar: 36, courseLength: '1 mile' } });
        insideDone();
        await new Promise((r) => setTimeout(r, 200));
        throw new Error('roll back');
      })
      .catch((e: Error) => e.message);
    await inside;
    // Issued while the transaction is open: it must wait and then see the rolled-back state.
    const seen = await db.course.count({ where: { courseName: name } });
    const written = await db.course.create({
      data: { courseName: `${name} outside`, coursePar: 36, courseLength: '1 mile' },
    });
    expect(await tx).toBe('roll back');
    expect(seen).toBe(0);
    expect(await db.course.count({ where: { courseName: name } })).toBe(0);
    // A write made outside the transaction survives its rollback.
    expect(await db.course.findUnique({ where: { id: written.id } })).not.toBeNull();
  });
});

describe('SQLite: another process writing at the same time', () => {
  it('a transaction holds the write lock from its start, so it never fails half-way with SQLITE_BUSY', async () => {
    const Database = (await import('better-sqlite3')).default;
    const other = new Database(process.env.DATABASE_URL!.replace(/^file:/, ''), { timeout: 0 });
    try {
      const name = `Locked ${Date.now()}`;
      let otherError: unknown = null;
      await db.$transaction(async (tx) => {
        await tx.course.count();
        // Another connection (a CLI, a test) tries to write while the transaction is open: it must wait.
        try {
          other
            .prepare("INSERT INTO courses (courseName, coursePar, courseLength) VALUES ('Other', 36, '1 mile')")
            .run();
        } catch (error) {
          otherError = error;
        }
        await tx.course.create({ data: { courseName: name, coursePar: 36, courseLength: '1 mile' } });
      });
      expect(String(otherError)).toMatch(/SQLITE_BUSY|database is locked/);
      expect(await db.course.count({ where: { courseName: name } })).toBe(1);
    } finally {
      other.close();
    }
  });
});
