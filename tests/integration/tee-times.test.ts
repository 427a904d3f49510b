import { beforeAll, describe, expect, it } from 'vitest';
import { currentSeason } from '~/domain/season';
import { createGolfer } from '~/models/golfers.server';
import {
  assignGolferToTeeTime,
  generateSeasonTeeTimes,
  listTeeTimeGolferOptions,
  listTeeTimes,
} from '~/models/tee-times.server';
import { action as pageAction, loader as pageLoader } from '~/routes/_admin.tee-times';
import { loader as publicPage } from '~/routes/_public.public.tee-times';
import { action as addGolfer } from '~/routes/api.tee-times.$teeTimeId.add-golfer';
import { action as removeGolfer } from '~/routes/api.tee-times.$teeTimeId.remove-golfer';
import { action as generate } from '~/routes/api.tee-times.generate';
import { loader as publicApi } from '~/routes/api.public.tee-times';
import { loader as listApi } from '~/routes/api.tee-times';
import { db, queryCount } from '~/db/db.server';
import { failureOf } from '~/web/http.server';
import { call, request, signIn, toastOf, unique } from './helpers';

const season = currentSeason();
let admin: string;
let member: string;

beforeAll(async () => {
  admin = (await signIn({ isAdmin: true })).cookie;
  member = (await signIn({ isAdmin: false })).cookie;
});

async function golfer(first = 'Tee') {
  return createGolfer({ firstName: first, lastName: unique('Golfer') }, null);
}

function heldBy(golferId: number, inSeason = season) {
  return db.teeTime.findMany({
    where: {
      season: inSeason,
      OR: [{ golfer1Id: golferId }, { golfer2Id: golferId }, { golfer3Id: golferId }, { golfer4Id: golferId }],
    },
  });
}

describe('generating the season', () => {
  it('creates the Settings window (11:00 to 18:00 every 10 minutes), is idempotent and keeps reservations', async () => {
    const past = season - 2;
    const res = await call(generate, request('/api/tee-times/generate', { json: { season: past }, cookie: admin }));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ season: past, created: 43, total: 43 });
    const slots = await listTeeTimes(past);
    expect(slots[0].time).toBe('11:00');
    expect(slots.at(-1)!.time).toBe('18:00');

    const g = await golfer();
    await db.teeTime.update({ where: { id: slots[5].id }, data: { golfer2Id: g.id } });
    const again = await call(generate, request('/api/tee-times/generate', { json: { season: past }, cookie: admin }));
    expect(await again.json()).toEqual({ season: past, created: 0, total: 43 });
    expect((await db.teeTime.findUniqueOrThrow({ where: { id: slots[5].id } })).golfer2Id).toBe(g.id);
  });

  it('creates only what is missing when the window grows, and survives two generations at once', async () => {
    const s = season - 1;
    await db.setting.upsert({ where: { id: 1 }, create: { id: 1, teeLast: '12:00' }, update: { teeLast: '12:00' } });
    try {
      const both = await Promise.all([generateSeasonTeeTimes(s, null), generateSeasonTeeTimes(s, null)]);
      expect(both.map((r) => r.total)).toEqual([7, 7]);
      expect(both[0].created + both[1].created).toBe(7);
      await db.setting.update({ where: { id: 1 }, data: { teeLast: '12:30' } });
      expect(await generateSeasonTeeTimes(s, null)).toEqual({ created: 3, total: 10 });
    } finally {
      await db.setting.update({ where: { id: 1 }, data: { teeLast: '18:00' } });
    }
  });

  it('is for administrators only, enforced on the server', async () => {
    expect(
      (await call(generate, request('/api/tee-times/generate', { json: { season }, cookie: member }))).status,
    ).toBe(403);
    expect((await call(generate, request('/api/tee-times/generate', { json: { season } }))).status).toBe(401);
    expect(
      (await call(generate, request('/api/tee-times/generate', { json: { season: 'soon' }, cookie: admin }))).status,
    ).toBe(400);
  });
});

describe('assigning and removing golfers (API)', () => {
  it('assigns, moves a golfer who already holds a slot, and removes', async () => {
    await generateSeasonTeeTimes(season, null);
    const [a, b] = (await listTeeTimes(season)).slice(0, 2);
    const g = await golfer();
    const first = await call(
      addGolfer,
      request(`/api/tee-times/${a.id}/add-golfer`, { json: { golferId: g.id, position: 1 }, cookie: admin }),
      { teeTimeId: String(a.id) },
    );
    expect(first.status).toBe(200);
    const moved = await call(
      addGolfer,
      request(`/api/tee-times/${b.id}/add-golfer`, { json: { golferId: g.id, position: 3 }, cookie: admin }),
      { teeTimeId: String(b.id) },
    );
    expect(moved.status).toBe(200);
    expect(await heldBy(g.id)).toEqual([expect.objectContaining({ id: b.id, golfer3Id: g.id })]);

    const removed = await call(
      removeGolfer,
      request(`/api/tee-times/${b.id}/remove-golfer`, { json: { position: 3 }, cookie: admin }),
      { teeTimeId: String(b.id) },
    );
    expect(removed.status).toBe(200);
    expect(await heldBy(g.id)).toEqual([]);
  });

  it('an administrator replaces whoever holds the position', async () => {
    const slot = await db.teeTime.create({ data: { time: '05:10', season } });
    const [x, y] = [await golfer(), await golfer()];
    await assignGolferToTeeTime({ teeTimeId: slot.id, position: 2, golferId: x.id }, null);
    const res = await call(
      addGolfer,
      request(`/api/tee-times/${slot.id}/add-golfer`, { json: { golferId: y.id, position: 2 }, cookie: admin }),
      { teeTimeId: String(slot.id) },
    );
    expect(res.status).toBe(200);
    expect((await db.teeTime.findUniqueOrThrow({ where: { id: slot.id } })).golfer2Id).toBe(y.id);
  });

  it('answers 400, 403, 404 and 401 as it should', async () => {
    const slot = await db.teeTime.create({ data: { time: '05:20', season } });
    const g = await golfer();
    const add = (id: string, json: unknown, cookie?: string) =>
      call(addGolfer, request(`/api/tee-times/${id}/add-golfer`, { json, cookie }), { teeTimeId: id });
    expect((await add(String(slot.id), { golferId: g.id, position: 5 }, admin)).status).toBe(400);
    expect((await add('abc', { golferId: g.id, position: 1 }, admin)).status).toBe(400);
    expect((await add('99999999', { golferId: g.id, position: 1 }, admin)).status).toBe(404);
    expect((await add(String(slot.id), { golferId: 99999999, position: 1 }, admin)).status).toBe(404);
    expect((await add(String(slot.id), { golferId: g.id, position: 1 }, member)).status).toBe(403);
    expect((await add(String(slot.id), { golferId: g.id, position: 1 })).status).toBe(401);
    const remove = await call(
      removeGolfer,
      request(`/api/tee-times/${slot.id}/remove-golfer`, { json: { position: 1 }, cookie: member }),
      { teeTimeId: String(slot.id) },
    );
    expect(remove.status).toBe(403);
    expect(await db.teeTime.findUniqueOrThrow({ where: { id: slot.id } })).toMatchObject({ golfer1Id: null });
  });
});

describe('no double booking', () => {
  it('two golfers taking the same open position: one wins, the other gets 409', async () => {
    const slot = await db.teeTime.create({ data: { time: '05:30', season } });
    const golfers = await Promise.all([golfer(), golfer(), golfer()]);
    const results = await Promise.allSettled(
      golfers.map((g) => assignGolferToTeeTime({ teeTimeId: slot.id, position: 4, golferId: g.id }, null)),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const rejected = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(rejected.map((r) => [failureOf(r.reason)?.status, failureOf(r.reason)?.message])).toEqual([
      [409, 'That tee time was just taken. Please choose another one.'],
      [409, 'That tee time was just taken. Please choose another one.'],
    ]);
  });

  it('the same golfer assigned to two slots at once ends up holding exactly one', async () => {
    const s1 = await db.teeTime.create({ data: { time: '05:40', season } });
    const s2 = await db.teeTime.create({ data: { time: '05:50', season } });
    const g = await golfer();
    await Promise.all([
      assignGolferToTeeTime({ teeTimeId: s1.id, position: 1, golferId: g.id }, null),
      assignGolferToTeeTime({ teeTimeId: s2.id, position: 1, golferId: g.id }, null),
    ]);
    expect(await heldBy(g.id)).toHaveLength(1);
  });

  it('a golfer may hold one slot in each season', async () => {
    const thisYear = await db.teeTime.create({ data: { time: '06:00', season } });
    const lastYear = await db.teeTime.create({ data: { time: '06:00', season: season - 1 } });
    const g = await golfer();
    await assignGolferToTeeTime({ teeTimeId: lastYear.id, position: 1, golferId: g.id }, null);
    await assignGolferToTeeTime({ teeTimeId: thisYear.id, position: 1, golferId: g.id }, null);
    expect(await heldBy(g.id, season - 1)).toHaveLength(1);
    expect(await heldBy(g.id, season)).toHaveLength(1);
  });
});

describe('reading tee times', () => {
  it('GET /api/tee-times needs a user and lists slots by time with names', async () => {
    expect((await call(listApi, request('/api/tee-times'))).status).toBe(401);
    const s = season + 1;
    await db.teeTime.createMany({ data: ['13:05', '09:40', '11:00'].map((time) => ({ time, season: s })) });
    const g = await golfer('Named');
    const nine = await db.teeTime.findFirstOrThrow({ where: { season: s, time: '09:40' } });
    await assignGolferToTeeTime({ teeTimeId: nine.id, position: 3, golferId: g.id }, null);
    const res = await call(listApi, request(`/api/tee-times?season=${s}`, { cookie: member }));
    const rows = await res.json();
    expect(rows.map((r: { time: string }) => r.time)).toEqual(['09:40', '11:00', '13:05']);
    expect(rows[0]).toMatchObject({ golfer3Id: g.id, golfer3Name: g.fullName, golfer1Id: null, golfer1Name: null });
  });

  it('GET /api/public/tee-times needs no login, names only; a bad season is a 400', async () => {
    const res = await call(publicApi, request(`/api/public/tee-times?season=${season}`));
    expect(res.status).toBe(200);
    const rows = await res.json();
    expect(Object.keys(rows[0]).sort()).toEqual(
      [
        'id',
        'time',
        'season',
        'golfer1Id',
        'golfer2Id',
        'golfer3Id',
        'golfer4Id',
        'golfer1Name',
        'golfer2Name',
        'golfer3Name',
        'golfer4Name',
      ].sort(),
    );
    expect((await call(publicApi, request('/api/public/tee-times?season=20x5'))).status).toBe(400);
    // The page shows the league season, not the calendar year (docs/product/seasons.md; every public default is checked in
    // league-season-defaults.test.ts): here 2025, the only season this file's database has a schedule for.
    const page = await call(publicPage, request('/public/tee-times'));
    expect((await page.json()).season).toBe(2025);
  });

  it('lists in a fixed number of queries whatever the number of slots', async () => {
    const few = season + 2;
    const many = season + 3;
    await db.teeTime.createMany({ data: ['10:00', '10:10'].map((time) => ({ time, season: few })) });
    await db.teeTime.createMany({
      data: Array.from({ length: 40 }, (_, i) => ({
        time: `${String(8 + Math.floor(i / 6)).padStart(2, '0')}:${i % 6}0`,
        season: many,
      })),
    });
    const all = await db.golfer.findMany({ take: 4, select: { id: true } });
    const manySlots = await db.teeTime.findMany({ where: { season: many } });
    for (const [i, g] of all.entries())
      await db.teeTime.update({ where: { id: manySlots[i].id }, data: { golfer1Id: g.id } });
    const count = async (s: number) => {
      const before = queryCount();
      await listTeeTimes(s);
      return queryCount() - before;
    };
    expect(await count(many)).toBe(await count(few));
  });

  it('the selector lists golfers registered this season, or everyone when nobody is', async () => {
    const empty = season + 4;
    const everyone = await listTeeTimeGolferOptions(empty);
    expect(everyone.length).toBe(await db.golfer.count());
    const g = await golfer('Registered');
    await db.membership.create({ data: { golferId: g.id, season: empty, registered: true } });
    expect(await listTeeTimeGolferOptions(empty)).toEqual([{ id: g.id, fullName: g.fullName }]);
  });
});

describe('the /tee-times page', () => {
  it('sends anonymous visitors to sign in, and gives non-admins no selector', async () => {
    const anon = await call(pageLoader, request('/tee-times'));
    expect(anon.status).toBe(302);
    expect(anon.headers.get('Location')).toMatch(/^\/auth/);
    const slot = (await listTeeTimes(season))[0];
    const res = await call(pageLoader, request(`/tee-times?slot=${slot.id}-1`, { cookie: member }));
    const body = await res.json();
    expect(body).toMatchObject({ isAdmin: false, editing: null, golfers: [] });
    const adminView = await (await call(pageLoader, request(`/tee-times?slot=${slot.id}-1`, { cookie: admin }))).json();
    expect(adminView).toMatchObject({ isAdmin: true, editing: { teeTimeId: slot.id, position: 1 } });
  });

  it('generates, assigns and removes with the documented toasts', async () => {
    const gen = await call(pageAction, request('/tee-times', { form: { intent: 'generate' }, cookie: admin }));
    expect(gen.status).toBe(302);
    expect(await toastOf(gen)).toEqual({
      type: 'success',
      title: 'Tee times generated',
      description: `Standing tee times have been generated for the ${season} season`,
    });

    const slot = await db.teeTime.create({ data: { time: '07:15', season } });
    const g = await golfer();
    const assigned = await call(
      pageAction,
      request('/tee-times', {
        form: { intent: 'assign', teeTimeId: String(slot.id), position: '2', golferId: String(g.id) },
        cookie: admin,
      }),
    );
    expect(await toastOf(assigned)).toEqual({
      type: 'success',
      title: 'Golfer assigned',
      description: 'Golfer has been assigned to the tee time',
    });
    expect((await db.teeTime.findUniqueOrThrow({ where: { id: slot.id } })).golfer2Id).toBe(g.id);

    const none = await call(
      pageAction,
      request('/tee-times', {
        form: { intent: 'assign', teeTimeId: String(slot.id), position: '2', golferId: '' },
        cookie: admin,
      }),
    );
    expect(await toastOf(none)).toEqual({
      type: 'success',
      title: 'Golfer removed',
      description: 'Golfer has been removed from the tee time',
    });
    expect((await db.teeTime.findUniqueOrThrow({ where: { id: slot.id } })).golfer2Id).toBeNull();

    await assignGolferToTeeTime({ teeTimeId: slot.id, position: 4, golferId: g.id }, null);
    const trash = await call(
      pageAction,
      request('/tee-times', { form: { intent: 'remove', teeTimeId: String(slot.id), position: '4' }, cookie: admin }),
    );
    expect((await toastOf(trash))?.title).toBe('Golfer removed');
    expect((await db.teeTime.findUniqueOrThrow({ where: { id: slot.id } })).golfer4Id).toBeNull();
  });

  it('refuses non-admins on the server, with the failure titles', async () => {
    const slot = await db.teeTime.create({ data: { time: '07:25', season } });
    const g = await golfer();
    await assignGolferToTeeTime({ teeTimeId: slot.id, position: 1, golferId: g.id }, null);
    for (const [form, title] of [
      [{ intent: 'generate' }, 'Failed to generate tee times'],
      [{ intent: 'assign', teeTimeId: String(slot.id), position: '1', golferId: '' }, 'Failed to assign golfer'],
      [{ intent: 'remove', teeTimeId: String(slot.id), position: '1' }, 'Failed to remove golfer'],
    ] as const) {
      const res = await call(pageAction, request('/tee-times', { form, cookie: member }));
      expect(res.status).toBe(403);
      expect((await res.json()).error.title).toBe(title);
    }
    expect((await db.teeTime.findUniqueOrThrow({ where: { id: slot.id } })).golfer1Id).toBe(g.id);
    const anon = await call(pageAction, request('/tee-times', { form: { intent: 'generate' } }));
    expect(anon.status).toBe(302);
  });

  it('answers a bad slot with 404 and the failure title', async () => {
    const g = await golfer();
    const res = await call(
      pageAction,
      request('/tee-times', {
        form: { intent: 'assign', teeTimeId: '99999999', position: '1', golferId: String(g.id) },
        cookie: admin,
      }),
    );
    expect(res.status).toBe(404);
    expect((await res.json()).error).toEqual({ title: 'Failed to assign golfer', message: 'Tee time not found' });
  });
});
