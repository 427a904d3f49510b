import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appModule as app, runInChild, startingGate, type ChildOutcome, type StartingGate } from './child-module';
import { startPostgres, type PgServer } from './pg-server';

// Several `npm start` processes may share one PostgreSQL database and start at the same moment
// (docs/decisions/060-several-processes.md). Each side runs in a child process of its own, since two calls in one
// process would share its Prisma client and module state. The database is NOT migrated beforehand.

let server: PgServer;
beforeAll(async () => {
  server = await startPostgres();
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

type Outcome = ChildOutcome;

/**
 * Runs `load` then `act` (ES module code, top-level await allowed) in a fresh Node process, against `url`. Between the
 * two, every child waits at the gate until all have loaded, so that their work really overlaps rather than depending on
 * how long each took to load its modules.
 */
function runChild(url: string, gate: StartingGate | undefined, load: string, act: string): Promise<Outcome> {
  const code = `
    ${load}
    await together();
    ${act}
  `;
  return runInChild(code, { DATABASE_URL: url }, gate);
}

const PROCESSES = 3;

async function together(url: string, load: string, act: string): Promise<Outcome[]> {
  const gate = startingGate(PROCESSES);
  const outcomes = await Promise.all(Array.from({ length: PROCESSES }, () => runChild(url, gate, load, act)));
  for (const o of outcomes) expect(o.code, `child failed:\n${o.stderr}\n${o.stdout}`).toBe(0);
  return outcomes;
}

async function query<T extends pg.QueryResultRow>(url: string, sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end();
  }
}

async function createDatabase(name: string): Promise<string> {
  const admin = server.url.replace(/\/[^/]+$/, '/postgres');
  await query(admin, `CREATE DATABASE ${name}`);
  return server.url.replace(/\/[^/]+$/, `/${name}`);
}

describe('several processes on one PostgreSQL database', () => {
  it('processes migrating at once all succeed, and every migration is applied once', async () => {
    const outcomes = await together(
      server.url,
      `const { migrate } = await import(${app('db/migrate.server.ts')});
       const { databaseConfig } = await import(${app('db/database-url.server.ts')});`,
      `console.log(JSON.stringify(await migrate(databaseConfig())));`,
    );
    const dir = path.resolve('prisma', 'postgres', 'migrations');
    const onDisk = fs
      .readdirSync(dir, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
      .sort();
    // Between them they applied every migration exactly once: one did the work, the others found it done.
    const applied = outcomes.flatMap((o) => JSON.parse(o.stdout.trim().split('\n').pop()!) as string[]);
    expect(applied.sort()).toEqual(onDisk);
    const rows = await query<{ migration_name: string; checksum: string; n: number }>(
      server.url,
      'SELECT migration_name, checksum, count(*) OVER (PARTITION BY migration_name)::int AS n FROM _prisma_migrations',
    );
    expect(rows.map((r) => r.migration_name).sort()).toEqual(onDisk);
    for (const row of rows) {
      expect(row.n).toBe(1);
      const sql = fs.readFileSync(path.join(dir, row.migration_name, 'migration.sql'));
      expect(row.checksum).toBe(crypto.createHash('sha256').update(sql).digest('hex'));
    }
  }, 120_000);

  it('the first getSettings() of processes at once all succeed, with one settings row', async () => {
    // Migrated by the test above; the row is created by the first read, so make sure there is none yet.
    await query(server.url, 'DELETE FROM settings');
    const outcomes = await together(
      server.url,
      `const { getSettings } = await import(${app('models/settings.server.ts')});
       const { db } = await import(${app('db/db.server.ts')});
       // Connected before the start, as a running server is.
       await db.$queryRawUnsafe('SELECT 1');`,
      `const settings = await getSettings();
       await db.$disconnect();
       console.log(JSON.stringify({ id: settings.id }));`,
    );
    for (const o of outcomes) expect(JSON.parse(o.stdout.trim().split('\n').pop()!)).toEqual({ id: 1 });
    expect(await query(server.url, 'SELECT id FROM settings')).toEqual([{ id: 1 }]);
  }, 120_000);

  it('servers preparing a new database at once all start, with one first administrator', async () => {
    const url = await createDatabase('startup_two');
    await together(
      url,
      `process.env.ADMIN_PASSWORD = 'startup-test-password';
       const { prepareServer } = await import(${app('web/prepare.server.ts')});
       const { db } = await import(${app('db/db.server.ts')});`,
      `await prepareServer(() => {});
       await db.$disconnect();`,
    );
    const users = await query<{ n: number }>(url, 'SELECT count(*)::int AS n FROM users');
    expect(users).toEqual([{ n: 1 }]);
  }, 120_000);

  it('registrations through several processes: every checkout fulfilled once, with one receipt each', async () => {
    const url = await createDatabase('startup_registrations');
    const emails = Array.from({ length: 6 }, (_, i) => `multi${i}@example.org`);
    // One process prepares the database, opens this season's registration and starts six paid checkouts.
    const [setup] = await Promise.all([
      runChild(
        url,
        undefined,
        `delete process.env.STRIPE_SECRET_KEY;
         const { prepareServer } = await import(${app('web/prepare.server.ts')});
         const { db } = await import(${app('db/db.server.ts')});
         const { currentSeason } = await import(${app('domain/season.ts')});
         const { createSeason } = await import(${app('models/seasons.server.ts')});
         const { startRegistration } = await import(${app('features/registration/checkout.server.ts')});
         const { paySimulatedCheckout } = await import(${app('integrations/payments/simulated-checkouts.server.ts')});`,
        `await prepareServer(() => {});
         const year = currentSeason();
         await createSeason({ year, copyFrom: 2025, registrationOpens: year + '-01-01', registrationCloses: year + '-12-31' });
         const ids = [];
         for (const [i, email] of ${JSON.stringify(emails)}.entries()) {
           const { sessionId } = await startRegistration({ registrationType: 'new', firstName: 'Multi', lastName: 'Proc' + i,
             email, phone: '2315550100', estimatedScore: 40, termsAccepted: true }, 'http://localhost');
           await paySimulatedCheckout(sessionId);
           ids.push(sessionId);
         }
         console.log(JSON.stringify(ids));
         await db.$disconnect();`,
      ),
    ]);
    expect(setup.code, setup.stderr).toBe(0);
    const ids = JSON.parse(setup.stdout.trim().split('\n').pop()!) as string[];
    // Then every process verifies every checkout at the same moment, as the confirmation pages and the webhooks of
    // several servers would.
    await together(
      url,
      `delete process.env.STRIPE_SECRET_KEY;
       const { verifyCheckoutSession } = await import(${app('features/registration/fulfilment.server.ts')});
       const { db } = await import(${app('db/db.server.ts')});`,
      `const results = await Promise.all(${JSON.stringify(ids)}.map((id) => verifyCheckoutSession(id, 'http://localhost')));
       if (results.some((r) => r.state !== 'paid')) throw new Error(JSON.stringify(results));
       await db.$disconnect();`,
    );
    const rows = await query<{ golfers: number; memberships: number; receipts: number }>(
      url,
      `SELECT (SELECT count(*)::int FROM golfers WHERE email LIKE 'multi%') AS golfers,
              (SELECT count(*)::int FROM memberships m JOIN golfers g ON g.id = m."golferId"
                WHERE g.email LIKE 'multi%' AND m.paid) AS memberships,
              (SELECT count(*)::int FROM outbox_messages WHERE kind = 'receipt') AS receipts`,
    );
    expect(rows).toEqual([{ golfers: 6, memberships: 6, receipts: 6 }]);
  }, 180_000);
});
