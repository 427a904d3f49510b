import { describe, expect, it } from 'vitest';
import * as joinPage from '~/routes/_public.join';
import * as registerPage from '~/routes/_public.register';
import * as rulesPage from '~/routes/_public.rules';
import * as schedulePage from '~/routes/_public.schedule';
import * as standingsPage from '~/routes/_public.stats._index';
import * as teeTimesPage from '~/routes/_public.public.tee-times';
import * as termsPage from '~/routes/_public.terms';
import { getSettings } from '~/models/settings.server';
import { db, insertRows, watchOtherConnectionsCommits } from '~/db/db.server';
import { renderPage } from './render-page';

/** A page whose meta reads its loader's data is typed more narrowly than the build's plain route module. */
const asModule = (module: object) => module as Parameters<typeof renderPage>[1]['module'];

/**
 * Opens a transaction that writes a course named `name` and stays open until the returned `finish` is called (or
 * 10 s pass), then rolls back. `open` resolves once the transaction has written.
 */
function holdTransaction(name: string) {
  let opened!: () => void;
  const open = new Promise<void>((resolve) => (opened = resolve));
  let finish!: () => void;
  const finished = new Promise<void>((resolve) => (finish = resolve));
  let isOpen = true;
  const done = db
    .$transaction(async (t) => {
      await t.course.create({ data: { courseName: name, coursePar: 36, courseLength: '1 mile' } });
      opened();
      await Promise.race([finished, new Promise((r) => setTimeout(r, 10_000))]);
      isOpen = false;
      throw new Error('roll back');
    })
    .catch((e: Error) => e.message);
  return { open, finish, done, isOpen: () => isOpen };
}

describe('SQLite: one connection, isolated transactions', () => {
  it('a read during an open transaction answers at once, from the last committed data', async () => {
    const name = `Reader ${Date.now()}`;
    const held = holdTransaction(name);
    await held.open;
    const seen = await db.course.count({ where: { courseName: name } });
    const answeredWhileOpen = held.isOpen();
    held.finish();
    expect(await held.done).toBe('roll back');
    expect(answeredWhileOpen).toBe(true);
    expect(seen).toBe(0);
  });

  it("every public page renders while another request's long write transaction is open (an import)", async () => {
    // The settings row is made by the first page ever shown (a write, which waits its turn like any other).
    await getSettings();
    const held = holdTransaction(`Import ${Date.now()}`);
    await held.open;
    const pages = [
      renderPage('/join', { id: 'routes/_public.join', path: 'join', module: joinPage }),
      renderPage('/rules', { id: 'routes/_public.rules', path: 'rules', module: rulesPage }),
      renderPage('/terms', { id: 'routes/_public.terms', path: 'terms', module: termsPage }),
      renderPage('/schedule', { id: 'routes/_public.schedule', path: 'schedule', module: schedulePage }),
      renderPage('/register', { id: 'routes/_public.register', path: 'register', module: asModule(registerPage) }),
      renderPage('/public/tee-times', {
        id: 'routes/_public.public.tee-times',
        path: 'public/tee-times',
        module: teeTimesPage,
      }),
      renderPage('/stats', { id: 'routes/_public.stats._index', path: 'stats', module: asModule(standingsPage) }),
    ];
    const statuses = await Promise.all(pages.map((page) => page.then((answer) => answer.status)));
    const answeredWhileOpen = held.isOpen();
    held.finish();
    await held.done;
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 200]);
    expect(answeredWhileOpen).toBe(true);
  });

  it('a long transaction lets other requests run while it works (the event loop is never held for long)', async () => {
    // better-sqlite3 answers at once: without a pause the statements below would follow each other in microtasks,
    // and a timer (a request arriving) would only run after the last of them.
    let timerRan = false;
    setTimeout(() => (timerRan = true), 0);
    const statementsBeforeTimer = await db.$transaction(async (tx) => {
      let statements = 0;
      while (!timerRan && statements < 3_000) {
        await tx.course.count();
        statements += 1;
      }
      return statements;
    });
    expect(timerRan).toBe(true);
    expect(statementsBeforeTimer).toBeLessThan(3_000);
  });

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
    // Issued while the transaction is open: the read sees the last committed state, the write waits its turn.
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
  it("tells another connection's commit from this process's own (decision 005; the page cache and live results)", async () => {
    const Database = (await import('better-sqlite3')).default;
    await db.course.count();
    const othersCommitted = watchOtherConnectionsCommits()!;
    othersCommitted();
    const name = `Own ${Date.now()}`;
    // This process's writes, in a transaction, outside one and in bulk: none is another connection's.
    await db.$transaction(async (tx) => {
      await tx.course.create({ data: { courseName: `${name} A`, coursePar: 36, courseLength: '1 mile' } });
    });
    await db.course.create({ data: { courseName: `${name} B`, coursePar: 36, courseLength: '1 mile' } });
    await db.$transaction((tx) =>
      insertRows(tx, 'Course', 'courses', ['courseName', 'coursePar', 'courseLength'] as const, [
        { courseName: `${name} C`, coursePar: 36, courseLength: '1 mile' },
      ]),
    );
    expect(othersCommitted()).toBe(false);
    // A script's write, on a connection of its own, is; and it is told once.
    const other = new Database(process.env.DATABASE_URL!.replace(/^file:/, ''));
    try {
      other.prepare('UPDATE courses SET coursePar = 35 WHERE courseName = ?').run(`${name} A`);
    } finally {
      other.close();
    }
    expect(othersCommitted()).toBe(true);
    expect(othersCommitted()).toBe(false);
    // Another connection's commit made before this process's next transaction is still told after it.
    const again = new Database(process.env.DATABASE_URL!.replace(/^file:/, ''));
    try {
      again.prepare('UPDATE courses SET coursePar = 34 WHERE courseName = ?').run(`${name} A`);
    } finally {
      again.close();
    }
    await db.$transaction(async (tx) => {
      await tx.course.updateMany({ where: { courseName: `${name} B` }, data: { coursePar: 34 } });
    });
    expect(othersCommitted()).toBe(true);
  });

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

  it('rows inserted in bulk (insertRows, which runs in the open transaction past Prisma) roll back and commit with it', async () => {
    const name = `Bulk ${Date.now()}`;
    const rows = ['A', 'B'].map((x) => ({ courseName: `${name} ${x}`, coursePar: 36, courseLength: '1 mile' }));
    const columns = ['courseName', 'coursePar', 'courseLength'] as const;
    const count = () => db.course.count({ where: { courseName: { startsWith: name } } });
    const failed = await db
      .$transaction(async (tx) => {
        await insertRows(tx, 'Course', 'courses', columns, rows);
        expect(await tx.course.count({ where: { courseName: { startsWith: name } } })).toBe(2);
        // Other requests meanwhile read the last committed data.
        expect(await count()).toBe(0);
        throw new Error('roll back');
      })
      .catch((e: Error) => e.message);
    expect(failed).toBe('roll back');
    expect(await count()).toBe(0);
    await db.$transaction((tx) => insertRows(tx, 'Course', 'courses', columns, rows));
    expect(await count()).toBe(2);
  });
});
