import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillDisk } from './full-disk';

/*
 * A full disk under SQLite (docs/product/faults.md#a-full-disk, docs/decisions/147): the database lives on a small
 * tmpfs of this test's own, the rest of which a filler file takes. A write through a page's action and through the
 * JSON API answers 503 'The server is out of disk space: nothing was saved.' and stores nothing; reads keep working;
 * once the filler is gone, writes work again. Needs root (mount); the app's modules are imported only after
 * DATABASE_URL points at the tmpfs, so the database client opens that file.
 */
const MOUNT = fs.mkdtempSync(path.join(os.tmpdir(), 'league-disk-full-'));
const FILE = path.join(MOUNT, 'league.db');
const FILLER = path.join(MOUNT, 'filler');
const MESSAGE = 'The server is out of disk space: nothing was saved.';

/**
 * Moves every committed page into the database file and empties the write-ahead log, from a connection of the test's
 * own: a write must then grow the log, which a full disk refuses (an empty log left from before would take it).
 */
function emptyLog(): void {
  const side = new Database(FILE);
  side.pragma('wal_checkpoint(TRUNCATE)');
  side.close();
}

type Modules = Awaited<ReturnType<typeof load>>;
async function load() {
  const helpers = await import('./helpers');
  const page = await import('~/routes/_admin.courses');
  const api = await import('~/routes/api.courses');
  const { db } = await import('~/db/db.server');
  return { ...helpers, pageAction: page.action, apiAction: api.action, apiLoader: api.loader, db };
}

let app: Modules;
let mounted = false;

beforeAll(async () => {
  execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=16m', 'tmpfs', MOUNT]);
  mounted = true;
  fs.copyFileSync(process.env.TEST_TEMPLATE_DB!, FILE);
  const setup = new Database(FILE);
  setup.pragma('journal_mode = WAL');
  setup.close();
  process.env.DATABASE_URL = `file:${FILE}`;
  app = await load();
}, 60_000);

afterAll(async () => {
  await app?.db.$disconnect();
  if (mounted) execFileSync('umount', [MOUNT]);
  fs.rmSync(MOUNT, { recursive: true, force: true });
});

describe('a full disk under SQLite (docs/product/faults.md, docs/decisions/147)', () => {
  it('answers 503 nothing saved to page and API writes, keeps reading, and writes again once there is room', async () => {
    const { call, request, signIn, unique, pageAction, apiAction, apiLoader, db } = app;
    const { cookie } = await signIn();
    const kept = await db.course.create({ data: { courseName: unique('Kept'), coursePar: 36, courseLength: '3 mi' } });
    const before = await db.course.count();

    emptyLog();
    fillDisk(FILLER);
    try {
      const pageName = unique('Page Course');
      const page = await call(
        pageAction,
        request('/courses?action=new', {
          cookie,
          form: { intent: 'create', courseName: pageName, coursePar: '36', courseLength: '3.2 miles' },
        }),
      );
      expect(page.status).toBe(503);
      expect(JSON.stringify(await page.json())).toContain(MESSAGE);

      const apiName = unique('Api Course');
      const api = await call(
        apiAction,
        request('/api/courses', { cookie, json: { courseName: apiName, coursePar: 36, courseLength: '3 miles' } }),
      );
      expect(api.status).toBe(503);
      expect(await api.json()).toMatchObject({ message: MESSAGE });

      // A second write after the failed ones must answer too (the writer is free), and fail the same way.
      const again = await call(
        apiAction,
        request('/api/courses', { cookie, json: { courseName: apiName, coursePar: 36, courseLength: '3 miles' } }),
      );
      expect(again.status).toBe(503);

      // Reads keep working, and nothing of the refused writes was stored.
      const listed = await call(apiLoader, request('/api/courses', { cookie }));
      expect(listed.status).toBe(200);
      expect(JSON.stringify(await listed.json())).toContain(kept.courseName);
      expect(await db.course.count()).toBe(before);
      expect(await db.course.findMany({ where: { courseName: { in: [pageName, apiName] } } })).toEqual([]);
    } finally {
      fs.rmSync(FILLER, { force: true });
    }

    const name = unique('After Course');
    const created = await call(
      apiAction,
      request('/api/courses', { cookie, json: { courseName: name, coursePar: 36, courseLength: '3 miles' } }),
    );
    expect(created.status).toBe(201);
    expect(await db.course.count()).toBe(before + 1);
    const viaPage = await call(
      pageAction,
      request('/courses?action=new', {
        cookie,
        form: { intent: 'create', courseName: unique('After Page'), coursePar: '36', courseLength: '3 miles' },
      }),
    );
    expect(viaPage.status).toBe(302);
    expect(await db.course.count()).toBe(before + 2);
  }, 60_000);
});
