import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '~/db/db.server';
import { startMailServer, type TestMailServer } from './mail-helpers';
import { playoffsLeague } from './playoffs-league';
import { withPostgres } from './pg-server';

// The race to the playoffs, locking the field, 'Replace' and the email on a real PostgreSQL server
// (docs/product/playoffs.md): the same season as on SQLite gives the same field, seeds and status lines (registration
// timestamps, decimal points and the relation filters included), and two locks can really run at once: one stores the
// field, the other finds it locked, and each golfer gets one email.

let db: Db;
let smtp: TestMailServer;
withPostgres((ready) => (db = ready));

beforeAll(async () => {
  smtp = await startMailServer();
  process.env.SMTP_URL = smtp.url;
});

afterAll(async () => {
  delete process.env.SMTP_URL;
  await smtp.stop();
});

const YEAR = 2061;

describe('the playoff field on PostgreSQL', () => {
  it('locks once when two administrators press Lock at the same time, and emails each seeded golfer once', async () => {
    const { golfers } = await playoffsLeague(YEAR, { emails: true });
    const { call, request, signIn } = await import('./helpers');
    const { cookie } = await signIn({ isAdmin: true });
    const lockApi = await import('~/routes/api.seasons.$year.playoffs.lock');
    const lock = () =>
      call(lockApi.action, request(`/api/seasons/${YEAR}/playoffs/lock`, { method: 'POST', cookie }), {
        year: String(YEAR),
      });
    const answers = await Promise.all([lock(), lock(), lock()]);
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    const bodies = (await Promise.all(answers.map((r) => r.json()))) as { newlyLocked: boolean }[];
    expect(bodies.filter((b) => b.newlyLocked)).toHaveLength(1);
    expect(await db.playoffField.count({ where: { season: YEAR } })).toBe(1);
    const seeds = await db.playoffSeed.findMany({
      where: { season: YEAR },
      orderBy: [{ flightNo: 'asc' }, { seed: 'asc' }],
    });
    expect(seeds.map((s) => s.golferId)).toEqual([
      golfers.Amy.id,
      golfers.Cat.id,
      golfers.Bea.id,
      golfers.Ian.id,
      golfers.Hal.id,
      golfers.Kim.id,
      golfers.Jo.id,
    ]);
    expect(await db.outboxMessage.count({ where: { key: { startsWith: `playoffs:${YEAR}:` } } })).toBe(7);
    expect(await db.auditEntry.count({ where: { entity: 'playoff field', action: 'lock' } })).toBe(1);

    const { createMailSender } = await import('~/integrations/mail/sender.server');
    await createMailSender({
      wait: () => Promise.resolve(),
      perSecond: 1000,
      backoffBaseMs: 1000,
      log: () => undefined,
    }).deliverDue();
    expect(smtp.to(`bea.race${YEAR}@example.org`).map((m) => m.mail.subject)).toEqual([
      `You're in the ${YEAR} playoffs: Flight 1, seed 3`,
    ]);
  });

  it('replaces a golfer with the next qualified one, with the reason, and refuses what it cannot do', async () => {
    const { call, request, signIn } = await import('./helpers');
    const { cookie } = await signIn({ isAdmin: true });
    const replaceApi = await import('~/routes/api.seasons.$year.playoffs.replace');
    const replace = (json: unknown) =>
      call(replaceApi.action, request(`/api/seasons/${YEAR}/playoffs/replace`, { method: 'POST', json, cookie }), {
        year: String(YEAR),
      });
    expect((await replace({ flight: '2', seed: 3, reason: 'Away' })).status).toBe(409);
    expect((await replace({ flight: '2', seed: 1, reason: 'Away' })).status).toBe(409);

    // A fifth qualified golfer of Flight 3 takes seed 1 when Kim cannot play.
    const { createGolfer } = await import('~/models/golfers.server');
    const { createFlightAssignment } = await import('~/models/flights.server');
    const { createRounds } = await import('~/models/rounds.server');
    const leo = await createGolfer(
      { firstName: 'Leo', lastName: `Race${YEAR}`, email: `leo.race${YEAR}@example.org` },
      null,
    );
    await createFlightAssignment({ golferId: leo.id, season: YEAR, flightNo: '3' }, null);
    const kim = await db.golfer.findFirstOrThrow({ where: { firstName: 'Kim', lastName: `Race${YEAR}` } });
    const dates = (await db.round.findMany({ where: { golferId: kim.id }, orderBy: { date: 'asc' } })).map(
      (r) => r.date,
    );
    await createRounds(
      dates.map((date) => ({ golferId: leo.id, date, season: YEAR, grossScore: 50, points: 1 })),
      null,
    );
    const res = await replace({ flight: '3', seed: 1, reason: 'Moved away' });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ in: { golferId: leo.id }, out: { golferId: kim.id } });
    expect((await db.playoffSeed.findFirst({ where: { season: YEAR, flightNo: '3', seed: 1 } }))?.golferId).toBe(
      leo.id,
    );
    expect(await db.playoffReplacement.findFirst({ where: { season: YEAR } })).toMatchObject({
      reason: 'Moved away',
      outGolferId: kim.id,
      inGolferId: leo.id,
    });
    expect(await db.outboxMessage.count({ where: { key: `playoffs:${YEAR}:${leo.id}` } })).toBe(1);
  });
});

describe('GET /api/public/playoffs on PostgreSQL', () => {
  it('answers the seeded field and the race of each flight', async () => {
    const { golfers } = await playoffsLeague(2053);
    const { call, request } = await import('./helpers');
    const { loader } = await import('~/routes/api.public.playoffs');
    const res = await call(loader, request('/api/public/playoffs?season=2053'));
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      locked: boolean;
      flights: {
        flight: string;
        field: { seed: number; golferId: number }[];
        race: { name: string; status: string }[];
      }[];
    };
    expect(body.locked).toBe(false);
    const [one, two, three] = body.flights;
    expect(one.field.map((e) => [e.seed, e.golferId])).toEqual([
      [1, golfers.Amy.id],
      [2, golfers.Cat.id],
      [3, golfers.Bea.id],
    ]);
    expect(one.race.map((r) => r.status)).toEqual([
      'Needs 1 more qualifier week',
      'In the top 4',
      'In the top 4',
      'In the top 4',
      'Cannot qualify this season',
      'Needs 1 more regular round and 1 more qualifier week',
    ]);
    expect(two.field.map((e) => e.golferId)).toEqual([golfers.Ian.id, golfers.Hal.id]);
    expect(three.field.map((e) => e.golferId)).toEqual([golfers.Kim.id, golfers.Jo.id]);
    // The data came from this server.
    expect(await db.round.count({ where: { season: 2053 } })).toBe(84);
  });
});
