import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '~/db/db.server';
import { databaseUrl, withPgClient, withPostgres } from './pg-server';
import { fillDisk } from './full-disk';

/*
 * A full disk under PostgreSQL (docs/product/faults.md#a-full-disk, docs/decisions/147): the courses table is moved
 * to a tablespace on a small tmpfs of this test's own, the rest of which a filler file takes, so a new row needs a
 * block the file system refuses and PostgreSQL fails the statement with 53100 disk_full. A write through a page's
 * action and through the JSON API answers 503 'The server is out of disk space: nothing was saved.' and stores
 * nothing; reads keep working; once the filler is gone, writes work again. The SQLite counterpart is
 * disk-full.test.ts. Needs root (mount); the server runs as the `postgres` user (pg-server.ts), which must own the
 * tablespace's folder.
 */
const MOUNT = fs.mkdtempSync(path.join(os.tmpdir(), 'league-pg-disk-full-'));
const SPACE = path.join(MOUNT, 'space');
const FILLER = path.join(MOUNT, 'filler');
const TABLESPACE = `full_disk_${process.pid}`;
const MESSAGE = 'The server is out of disk space: nothing was saved.';

let db: Db;
withPostgres((ready) => (db = ready));

/** The cluster's `postgres` database: a tablespace is the cluster's, made and dropped outside the test's database. */
const onCluster = (sql: string) =>
  withPgClient(databaseUrl(process.env.DATABASE_URL!, 'postgres'), (client) => client.query(sql));
const onDatabase = (sql: string) => withPgClient(process.env.DATABASE_URL!, (client) => client.query(sql));

/**
 * Inserts rows straight into the table until PostgreSQL refuses one for want of space (53100): the free room left in
 * the table's last block is used up, so the app's next row needs a new block. Those rows are deleted again after the
 * test, with the filler gone.
 */
async function useUpLastBlock(): Promise<string> {
  return withPgClient(process.env.DATABASE_URL!, async (client) => {
    for (let i = 0; i < 10_000; i++) {
      try {
        await client.query(
          `INSERT INTO courses ("courseName", "coursePar", "courseLength") VALUES ('Filler ${i}', 36, '3 mi')`,
        );
      } catch (error) {
        return (error as { code?: string }).code ?? String(error);
      }
    }
    return 'never refused';
  });
}

let mounted = false;
let spaceMade = false;

beforeAll(async () => {
  execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=16m', 'tmpfs', MOUNT]);
  mounted = true;
  fs.mkdirSync(SPACE);
  execFileSync('chown', ['postgres:postgres', SPACE]);
  await onCluster(`CREATE TABLESPACE ${TABLESPACE} LOCATION '${SPACE}'`);
  spaceMade = true;
  await onDatabase(`ALTER TABLE courses SET TABLESPACE ${TABLESPACE}`);
}, 60_000);

afterAll(async () => {
  // Before withPostgres drops the database (its afterAll runs after this one): the table back, then the tablespace.
  fs.rmSync(FILLER, { force: true });
  if (spaceMade) {
    await onDatabase(`DELETE FROM courses WHERE "courseName" LIKE 'Filler %'`);
    await onDatabase(`ALTER TABLE courses SET TABLESPACE pg_default`);
    await onCluster(`DROP TABLESPACE ${TABLESPACE}`);
  }
  if (mounted) execFileSync('umount', [MOUNT]);
  fs.rmSync(MOUNT, { recursive: true, force: true });
});

describe('a full disk under PostgreSQL (docs/product/faults.md, docs/decisions/147)', () => {
  it('answers 503 nothing saved to page and API writes, keeps reading, and writes again once there is room', async () => {
    const { call, request, signIn, unique } = await import('./helpers');
    const { action: pageAction } = await import('~/routes/_admin.courses');
    const { action: apiAction, loader: apiLoader } = await import('~/routes/api.courses');
    const { cookie } = await signIn();
    const kept = await db.course.create({ data: { courseName: unique('Kept'), coursePar: 36, courseLength: '3 mi' } });

    fillDisk(FILLER);
    try {
      expect(await useUpLastBlock()).toBe('53100');
      const before = await db.course.count();

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

      // Reads keep working, and nothing of the refused writes was stored (nor their audit rows' changes).
      const listed = await call(apiLoader, request('/api/courses', { cookie }));
      expect(listed.status).toBe(200);
      expect(JSON.stringify(await listed.json())).toContain(kept.courseName);
      expect(await db.course.count()).toBe(before);
      expect(await db.course.findMany({ where: { courseName: { in: [pageName, apiName] } } })).toEqual([]);
    } finally {
      fs.rmSync(FILLER, { force: true });
    }

    const before = await db.course.count();
    const created = await call(
      apiAction,
      request('/api/courses', {
        cookie,
        json: { courseName: unique('After Course'), coursePar: 36, courseLength: '3 miles' },
      }),
    );
    expect(created.status).toBe(201);
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
