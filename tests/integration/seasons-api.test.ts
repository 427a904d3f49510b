import { beforeAll, describe, expect, it } from 'vitest';
import { getLeagueSeason } from '~/models/seasons.server';
import { loader as seasonsLoader, action as seasonsAction } from '~/routes/api.seasons';
import { loader as seasonLoader, action as seasonAction } from '~/routes/api.seasons.$year';
import { loader as scheduleLoader, action as scheduleAction } from '~/routes/api.seasons.$year.schedule';
import { loader as entryLoader, action as entryAction } from '~/routes/api.seasons.$year.schedule.$id';
import { loader as publicLoader, action as publicAction } from '~/routes/api.public.schedule';
import { db } from '~/db/db.server';
import { call, request, signIn } from './helpers';

// docs/product/seasons.md#seasons-api, through the route modules. This file has its own database: the migration's
// 2025 season plus the seasons made here, each test in years of its own.

let admin: string;
let member: string;
/** The migration's 2025 schedule (docs/product/league.md#the-2025-schedule). */
let dates2025: number;
beforeAll(async () => {
  admin = (await signIn({ isAdmin: true })).cookie;
  member = (await signIn({ isAdmin: false })).cookie;
  dates2025 = await db.scheduleEntry.count({ where: { season: 2025 } });
  expect(dates2025).toBeGreaterThan(20);
});

type Json = Record<string, unknown>;

async function answer(res: Response): Promise<{ status: number; body: Json | Json[] | null }> {
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Json) : null };
}

function seasonPath(year: number | string) {
  return `/api/seasons/${year}`;
}

const entry = (date: string, extra: Json = {}) => ({
  date,
  weekNumber: 1,
  event: 'Regular round',
  kind: 'regular-round',
  ...extra,
});

async function createSeasonAs(cookie: string, body: Json) {
  return answer(await call(seasonsAction, request('/api/seasons', { json: body, cookie })));
}

async function addDate(year: number | string, body: Json, cookie = admin) {
  return answer(
    await call(scheduleAction, request(`${seasonPath(year)}/schedule`, { json: body, cookie }), {
      year: String(year),
    }),
  );
}

describe('GET and POST /api/seasons', () => {
  it('lists every season with its summary to a signed-in user, and nothing to an anonymous one', async () => {
    const { status, body } = await answer(await call(seasonsLoader, request('/api/seasons', { cookie: member })));
    expect(status).toBe(200);
    const list = body as Json[];
    const s2025 = list.find((s) => s.year === 2025);
    expect(s2025).toEqual({
      year: 2025,
      feeCents: expect.any(Number),
      registrationOpens: null,
      registrationCloses: null,
      firstDate: expect.stringMatching(/^2025-0[45]-\d\d$/),
      lastDate: expect.stringMatching(/^2025-\d\d-\d\d$/),
      entryCount: dates2025,
    });
    const anonymous = await answer(await call(seasonsLoader, request('/api/seasons')));
    expect(anonymous).toEqual({ status: 401, body: { message: 'Not authenticated' } });
  });

  it('creates a season (201) with a schedule copied from another, rain-outs cleared', async () => {
    const fields = { year: 2041, feeCents: 17500, registrationOpens: '2041-03-01', registrationCloses: '2041-05-31' };
    const created = await createSeasonAs(admin, { ...fields, copyFrom: 2025 });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject(fields);
    const { status, body } = await answer(
      await call(seasonLoader, request(seasonPath(2041), { cookie: member }), { year: '2041' }),
    );
    expect(status).toBe(200);
    const season = body as { year: number; entryCount: number; schedule: Json[] };
    expect(season).toMatchObject({ year: 2041, feeCents: 17500, entryCount: dates2025 });
    expect(season.schedule).toHaveLength(dates2025);
    for (const e of season.schedule) {
      expect(e).toEqual({
        id: expect.any(Number),
        date: expect.stringMatching(/^2041-\d\d-\d\d$/),
        weekNumber: e.weekNumber === null ? null : expect.any(Number),
        event: expect.any(String),
        kind: expect.any(String),
        rainOut: false,
      });
    }
  });

  it('gives a new season without a fee the previous season’s fee', async () => {
    const previous = await db.season.findFirstOrThrow({ where: { year: { lt: 2042 } }, orderBy: { year: 'desc' } });
    const created = await createSeasonAs(admin, { year: 2042 });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ year: 2042, feeCents: previous.feeCents });
  });

  it('refuses a year that exists (409), a bad body (400), a non-administrator (403) and another method (405)', async () => {
    expect(await createSeasonAs(admin, { year: 2025 })).toMatchObject({
      status: 409,
      body: { message: 'Season 2025 already exists' },
    });
    const bad = await createSeasonAs(admin, {
      year: 2043,
      feeCents: 50,
      registrationOpens: '2043-05-01',
      registrationCloses: '2043-04-01',
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      message: 'Invalid season',
      errors: {
        feeCents: ['The fee must be at least $1.00'],
        registrationCloses: ['Registration must close on or after the day it opens'],
      },
    });
    expect((await createSeasonAs(admin, { year: 1850 })).status).toBe(400);
    const notJson = await call(
      seasonsAction,
      new Request('http://localhost/api/seasons', {
        method: 'POST',
        body: '{',
        headers: { 'Content-Type': 'application/json', Cookie: admin },
      }),
    );
    expect(await answer(notJson)).toEqual({ status: 400, body: { message: 'Invalid JSON body.' } });
    expect(await createSeasonAs(member, { year: 2043 })).toEqual({
      status: 403,
      body: { message: 'Only an administrator can do this' },
    });
    expect((await createSeasonAs('', { year: 2043 })).status).toBe(401);
    expect(await db.season.findUnique({ where: { year: 2043 } })).toBeNull();
    const put = await call(seasonsAction, request('/api/seasons', { method: 'PUT', json: {}, cookie: admin }));
    expect(put.status).toBe(405);
    expect(put.headers.get('Allow')).toBe('GET, POST');
  });
});

describe('GET, PUT and DELETE /api/seasons/{year}', () => {
  it('answers 400 for a year that is not a season, 404 for one without a record, 401 anonymously', async () => {
    for (const year of ['abc', '1999', '20255', '-1']) {
      const res = await answer(await call(seasonLoader, request(seasonPath(year), { cookie: member }), { year }));
      expect(res).toEqual({ status: 400, body: { message: `Invalid season: "${year}"` } });
    }
    expect(
      await answer(await call(seasonLoader, request(seasonPath(2099), { cookie: member }), { year: '2099' })),
    ).toEqual({ status: 404, body: { message: 'Season not found' } });
    expect((await call(seasonLoader, request(seasonPath(2025)), { year: '2025' })).status).toBe(401);
  });

  it('updates the fee and window (administrators only) and clears a window set to null', async () => {
    await createSeasonAs(admin, { year: 2044, feeCents: 15000 });
    const put = (body: Json, cookie = admin, year = '2044') =>
      call(seasonAction, request(seasonPath(year), { method: 'PUT', json: body, cookie }), { year }).then(answer);
    const fields = { feeCents: 18000, registrationOpens: '2044-02-01', registrationCloses: '2044-04-30' };
    const updated = await put(fields);
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ year: 2044, ...fields });
    expect((await put({ feeCents: 18000, registrationOpens: null, registrationCloses: null })).body).toMatchObject({
      registrationOpens: null,
      registrationCloses: null,
    });
    const bad = await put({ feeCents: 2_000_000, registrationOpens: '2044-02-30' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      message: 'Invalid season',
      errors: {
        feeCents: ['The fee can be at most $10,000.00'],
        registrationOpens: ['Enter a real calendar date (yyyy-mm-dd)'],
      },
    });
    expect((await put({ feeCents: 18000 }, member)).status).toBe(403);
    expect(await put({ feeCents: 18000 }, admin, '2098')).toEqual({
      status: 404,
      body: { message: 'Season not found' },
    });
    expect((await db.season.findUniqueOrThrow({ where: { year: 2044 } })).feeCents).toBe(18000);
  });

  it('deletes an unused season (204) and refuses one with tee times (409), a missing one (404) and PATCH (405)', async () => {
    await createSeasonAs(admin, { year: 2045, copyFrom: 2025 });
    await createSeasonAs(admin, { year: 2046 });
    await db.teeTime.create({ data: { time: '07:10', season: 2046 } });
    const del = (year: string, cookie = admin) =>
      call(seasonAction, request(seasonPath(year), { method: 'DELETE', cookie }), { year });

    expect((await del('2045', member)).status).toBe(403);
    const deleted = await del('2045');
    expect(deleted.status).toBe(204);
    expect(await deleted.text()).toBe('');
    expect(await db.season.findUnique({ where: { year: 2045 } })).toBeNull();
    expect(await db.scheduleEntry.count({ where: { season: 2045 } })).toBe(0);

    expect(await answer(await del('2046'))).toEqual({
      status: 409,
      body: { message: 'Season 2046 has rounds, memberships or tee times and cannot be deleted' },
    });
    expect(await db.season.findUnique({ where: { year: 2046 } })).not.toBeNull();
    expect(await answer(await del('2045'))).toEqual({ status: 404, body: { message: 'Season not found' } });
    expect((await del('x')).status).toBe(400);

    const patch = await call(seasonAction, request(seasonPath(2046), { method: 'PATCH', json: {}, cookie: admin }), {
      year: '2046',
    });
    expect(patch.status).toBe(405);
    expect(patch.headers.get('Allow')).toBe('GET, PUT, DELETE');
  });
});

describe('/api/seasons/{year}/schedule and /api/seasons/{year}/schedule/{id}', () => {
  beforeAll(async () => {
    await createSeasonAs(admin, { year: 2047 });
  });

  it('adds a date (201) and refuses a date of another year, a date already there, a bad body and a missing season', async () => {
    const added = await addDate(2047, entry('2047-06-03', { weekNumber: 3, event: 'Week 3' }));
    expect(added.status).toBe(201);
    expect(added.body).toEqual({
      id: expect.any(Number),
      date: '2047-06-03',
      weekNumber: 3,
      event: 'Week 3',
      kind: 'regular-round',
      rainOut: false,
    });
    expect(await addDate(2047, entry('2048-06-03'))).toMatchObject({
      status: 400,
      body: { message: 'The date must be in 2047' },
    });
    expect(await addDate(2047, entry('2047-06-03'))).toMatchObject({
      status: 409,
      body: { message: 'The schedule already has 2047-06-03' },
    });
    const bad = await addDate(2047, { date: '2047-02-30', weekNumber: 0, event: '', kind: 'picnic' });
    expect(bad.status).toBe(400);
    expect(Object.keys((bad.body as { errors: Json }).errors).sort()).toEqual(['date', 'event', 'kind', 'weekNumber']);
    expect((await addDate(2097, entry('2097-06-03'))).status).toBe(404);
    expect((await addDate('abc', entry('2047-06-10'))).status).toBe(400);
    expect((await addDate(2047, entry('2047-06-10'), member)).status).toBe(403);
    expect((await addDate(2047, entry('2047-06-10'), '')).status).toBe(401);
    expect(await db.scheduleEntry.count({ where: { season: 2047 } })).toBe(1);

    const get = await call(scheduleLoader, request(`${seasonPath(2047)}/schedule`, { cookie: admin }), {
      year: '2047',
    });
    expect(get.status).toBe(405);
    expect(get.headers.get('Allow')).toBe('POST');
  });

  it('updates a date with its rain-out (200), deletes it (204), and answers 404, 400 and 405 as documented', async () => {
    const { body } = await addDate(2047, entry('2047-07-01', { weekNumber: 6 }));
    const id = String((body as { id: number }).id);
    const path = `${seasonPath(2047)}/schedule/${id}`;
    const put = (json: Json, params = { year: '2047', id }, cookie = admin) =>
      call(entryAction, request(path, { method: 'PUT', json, cookie }), params).then(answer);

    expect(await put(entry('2047-07-01', { weekNumber: 6, event: 'Rained', rainOut: true }))).toEqual({
      status: 200,
      body: {
        id: Number(id),
        date: '2047-07-01',
        weekNumber: 6,
        event: 'Rained',
        kind: 'regular-round',
        rainOut: true,
      },
    });
    expect((await put({ ...entry('2047-07-01'), kind: 'nope' })).status).toBe(400);
    expect((await put(entry('2047-07-01'), { year: '2047', id: 'x' })).status).toBe(400);
    expect(await put(entry('2047-07-01'), { year: '2047', id: '99999999' })).toEqual({
      status: 404,
      body: { message: 'Schedule date not found' },
    });
    expect((await put(entry('2047-07-01'), { year: '2047', id }, member)).status).toBe(403);

    const del = (cookie = admin) =>
      call(entryAction, request(path, { method: 'DELETE', cookie }), { year: '2047', id });
    expect((await del(member)).status).toBe(403);
    expect((await del()).status).toBe(204);
    expect(await answer(await del())).toEqual({ status: 404, body: { message: 'Schedule date not found' } });

    const get = await call(entryLoader, request(path, { cookie: admin }), { year: '2047', id });
    expect(get.status).toBe(405);
    expect(get.headers.get('Allow')).toBe('PUT, DELETE');
    const post = await call(entryAction, request(path, { method: 'POST', json: {}, cookie: admin }), {
      year: '2047',
      id,
    });
    expect(post.status).toBe(405);
  });
});

describe('GET /api/public/schedule', () => {
  it('answers anonymously with the season, its registration window and its schedule without ids', async () => {
    const { status, body } = await answer(await call(publicLoader, request('/api/public/schedule?season=2025')));
    expect(status).toBe(200);
    const data = body as { season: number; registration: Json; schedule: Json[] };
    expect(data.season).toBe(2025);
    expect(data.registration).toEqual({
      open: false,
      opens: '2025-01-01',
      closes: data.schedule[data.schedule.length - 1].date,
    });
    expect(data.schedule).toHaveLength(dates2025);
    expect(Object.keys(data.schedule[0]).sort()).toEqual(['date', 'event', 'kind', 'rainOut', 'weekNumber']);
    expect(data.schedule.map((e) => e.date)).toEqual([...data.schedule.map((e) => e.date as string)].sort());
  });

  it('says a season’s registration is open on its window, and defaults to the league season', async () => {
    await createSeasonAs(admin, { year: 2048, registrationOpens: '2048-02-01', registrationCloses: '2048-03-01' });
    const { body } = await answer(await call(publicLoader, request('/api/public/schedule?season=2048')));
    expect(body).toEqual({
      season: 2048,
      registration: { open: false, opens: '2048-02-01', closes: '2048-03-01' },
      schedule: [],
    });
    const league = await getLeagueSeason();
    const byDefault = await answer(await call(publicLoader, request('/api/public/schedule')));
    const explicit = await answer(await call(publicLoader, request(`/api/public/schedule?season=${league.year}`)));
    expect(byDefault.status).toBe(200);
    expect(byDefault.body).toEqual(explicit.body);
  });

  it('answers 400 for a bad season, 404 for a year without a season, 405 for a POST', async () => {
    expect(await answer(await call(publicLoader, request('/api/public/schedule?season=abc')))).toEqual({
      status: 400,
      body: { message: 'Invalid season: "abc"' },
    });
    expect(await answer(await call(publicLoader, request('/api/public/schedule?season=2096')))).toEqual({
      status: 404,
      body: { message: 'Season not found' },
    });
    const post = await call(publicAction, request('/api/public/schedule', { method: 'POST', json: {} }));
    expect(post.status).toBe(405);
  });
});
