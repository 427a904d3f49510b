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
    const written = await db.course.create({ data: { courseName: `${name} outside`, coursePar: 36, courseLength: '1 mile' } });
    expect(await tx).toBe('roll back');
    expect(seen).toBe(0);
    expect(await db.course.count({ where: { courseName: name } })).toBe(0);
    // A write made outside the transaction survives its rollback.
    expect(await db.course.findUnique({ where: { id: written.id } })).not.toBeNull();
  });
});
