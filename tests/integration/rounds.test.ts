import { currentSeason } from '~/domain/season';
import { describe, expect, it } from 'vitest';
import { deleteGolfer } from '~/models/golfers.server';
import { createRound } from '~/models/rounds.server';
import { action as apiRoundById, loader as apiRoundGet } from '~/routes/api.rounds.$id';
import { action as apiRoundsPost, loader as apiRoundsGet } from '~/routes/api.rounds';
import { loader as apiRoundsBySeason } from '~/routes/api.rounds.season.$season';
import { action as pageAction, loader as pageLoader } from '~/routes/_admin.rounds';
import { db, queryCount } from '~/db/db.server';
import { columnsOf, newCourse, newGolfer, seedSeasonRounds } from './fixtures-league';
import { call, request, signIn } from './helpers';

async function json(res: Response) {
  return res.json();
}

/** POST /api/rounds with a JSON body, as the user of `cookie`. */
const postRound = (cookie: string, body: unknown) =>
  call(apiRoundsPost, request('/api/rounds', { cookie, json: body }));

/** A form posted to the /rounds page at `url` (with its dialog's query), as the user of `cookie`. */
const postForm = (cookie: string, url: string, form: Record<string, string>) =>
  call(pageAction, request(url, { cookie, form }));

describe('/api/rounds', () => {
  it('answers anonymous requests with 401 JSON', async () => {
    const res = await call(apiRoundsBySeason, request('/api/rounds/season/2025'), { season: '2025' });
    expect(res.status).toBe(401);
    expect(await json(res)).toEqual({ message: 'Not authenticated' });
    const post = await call(apiRoundsPost, request('/api/rounds', { json: {} }));
    expect(post.status).toBe(401);
  });

  it('records a round and answers it with the computed columns', async () => {
    const { cookie } = await signIn();
    const golfer = await newGolfer();
    const course = await newCourse(36);
    const res = await postRound(cookie, {
      golferId: golfer.id,
      courseId: course.id,
      date: '2025-06-02',
      season: 2025,
      grossScore: 45,
      points: 8,
      notes: 'windy',
    });
    expect(res.status).toBe(201);
    expect(await json(res)).toEqual({
      id: expect.any(Number),
      golferId: golfer.id,
      courseId: course.id,
      date: '2025-06-02',
      season: 2025,
      grossScore: 45,
      hcpIndexBefore: null,
      netScore: 45,
      hcpIndexAfter: 7,
      points: 8,
      notes: 'windy',
    });
  });

  it('takes the season from the date when it is left out, and null optional fields as absent', async () => {
    const { cookie } = await signIn();
    const golfer = await newGolfer();
    const res = await postRound(cookie, {
      golferId: golfer.id,
      date: '2024-07-01',
      grossScore: '40',
      courseId: null,
      points: null,
      notes: '',
    });
    expect(res.status).toBe(201);
    expect(await json(res)).toMatchObject({ season: 2024, grossScore: 40, courseId: null, points: null, notes: null });
  });

  it.each([
    [{ grossScore: 8 }, 'grossScore', 'Gross score must be a whole number from 9 to 200'],
    [{ grossScore: 201 }, 'grossScore', 'Gross score must be a whole number from 9 to 200'],
    [{ grossScore: 40.5 }, 'grossScore', 'Gross score must be a whole number from 9 to 200'],
    [{ grossScore: 'forty' }, 'grossScore', 'Gross score must be a whole number from 9 to 200'],
    [{ grossScore: undefined }, 'grossScore', 'Gross score is required'],
    [{ date: '2025-02-30' }, 'date', 'Enter a real calendar date (yyyy-mm-dd)'],
    [{ date: '06/02/2025' }, 'date', 'Enter a real calendar date (yyyy-mm-dd)'],
    [{ date: '2025-06-02', season: 2024 }, 'date', 'The date must fall in the 2024 season'],
    [{ date: '1800-06-01' }, 'date', `The date must be in a season from 2000 to ${currentSeason()}`],
    [{ date: '9999-12-31' }, 'date', `The date must be in a season from 2000 to ${currentSeason()}`],
    [{ date: `${currentSeason() + 1}-06-01` }, 'date', `The date must be in a season from 2000 to ${currentSeason()}`],
    [{ points: -1 }, 'points', 'Points cannot be negative'],
    [{ golferId: 'abc' }, 'golferId', 'Choose a golfer from the list'],
  ])('refuses %j with 400 and a field message, saving nothing', async (change, field, message) => {
    const { cookie } = await signIn();
    const golfer = await newGolfer();
    const body = { golferId: golfer.id, date: '2025-06-09', grossScore: 40, ...change };
    const res = await postRound(cookie, body);
    expect(res.status).toBe(400);
    const answer = await json(res);
    expect(answer.message).toBe('Invalid round');
    expect(answer.errors[field]).toContain(message);
    expect(await db.round.count({ where: { golferId: golfer.id } })).toBe(0);
  });

  it('refuses a golfer or course that does not exist with a clear message', async () => {
    const { cookie } = await signIn();
    const golfer = await newGolfer();
    const res = await postRound(cookie, { golferId: golfer.id, courseId: 999999, date: '2025-06-09', grossScore: 40 });
    expect(res.status).toBe(400);
    expect(await json(res)).toEqual({
      message: 'Course #999999 does not exist',
      errors: { courseId: ['Course #999999 does not exist'] },
    });
    const noGolfer = await postRound(cookie, { golferId: 999999, date: '2025-06-09', grossScore: 40 });
    expect(noGolfer.status).toBe(400);
    expect((await json(noGolfer)).errors.golferId).toEqual(['Golfer #999999 does not exist']);
    expect(await db.round.count({ where: { golferId: golfer.id } })).toBe(0);
  });

  it('refuses a body that is not JSON with 400', async () => {
    const { cookie } = await signIn();
    const res = await call(apiRoundsPost, request('/api/rounds', { cookie, jsonText: '{oops' }));
    expect(res.status).toBe(400);
  });

  it('lists a season with GET /api/rounds/season/{season}, newest first, and 400 for a bad season', async () => {
    const { cookie } = await signIn();
    const golfer = await newGolfer();
    await createRound({ golferId: golfer.id, date: '2019-06-03', grossScore: 40 }, null);
    await createRound({ golferId: golfer.id, date: '2019-06-10', grossScore: 44 }, null);
    const res = await call(apiRoundsBySeason, request('/api/rounds/season/2019', { cookie }), { season: '2019' });
    expect(res.status).toBe(200);
    const rounds = await json(res);
    expect(rounds.map((r: { date: string }) => r.date)).toEqual(['2019-06-10', '2019-06-03']);
    expect(Object.keys(rounds[0]).sort()).toEqual(
      [
        'courseId',
        'date',
        'golferId',
        'grossScore',
        'hcpIndexAfter',
        'hcpIndexBefore',
        'id',
        'netScore',
        'notes',
        'points',
        'season',
      ].sort(),
    );
    const same = await call(apiRoundsGet, request('/api/rounds?season=2019', { cookie }));
    expect(await json(same)).toEqual(rounds);
    const bad = await call(apiRoundsBySeason, request('/api/rounds/season/abc', { cookie }), { season: 'abc' });
    expect(bad.status).toBe(400);
  });

  it('updates with PUT, recomputing the later rounds, and deletes with DELETE', async () => {
    const { cookie } = await signIn();
    const golfer = await newGolfer();
    const early = await createRound({ golferId: golfer.id, date: '2025-06-02', grossScore: 40 }, null);
    await createRound({ golferId: golfer.id, date: '2025-06-09', grossScore: 40 }, null);
    const put = await call(
      apiRoundById,
      request(`/api/rounds/${early.id}`, {
        method: 'PUT',
        cookie,
        json: { golferId: golfer.id, date: '2025-06-02', season: 2025, grossScore: 56 },
      }),
      { id: String(early.id) },
    );
    expect(put.status).toBe(200);
    expect(await json(put)).toMatchObject({ id: early.id, grossScore: 56, hcpIndexAfter: 16 });
    expect((await columnsOf(golfer.id))[1]).toEqual(['2025-06-09', 40, 16, 24, 10]); // [20, 4] → 9.6

    const get = await call(apiRoundGet, request(`/api/rounds/${early.id}`, { cookie }), { id: String(early.id) });
    expect(await json(get)).toMatchObject({ id: early.id, grossScore: 56 });

    const del = await call(apiRoundById, request(`/api/rounds/${early.id}`, { method: 'DELETE', cookie }), {
      id: String(early.id),
    });
    expect(del.status).toBe(204);
    expect(await columnsOf(golfer.id)).toEqual([['2025-06-09', 40, null, 40, 3]]);
    const again = await call(apiRoundById, request(`/api/rounds/${early.id}`, { method: 'DELETE', cookie }), {
      id: String(early.id),
    });
    expect(again.status).toBe(404);
    expect(await json(again)).toEqual({ message: 'Round not found' });
  });

  it('answers 400 for a non-numeric id and 404 for a missing round', async () => {
    const { cookie } = await signIn();
    const golfer = await newGolfer();
    const body = { golferId: golfer.id, date: '2025-06-02', grossScore: 40 };
    const bad = await call(apiRoundById, request('/api/rounds/abc', { method: 'PUT', cookie, json: body }), {
      id: 'abc',
    });
    expect(bad.status).toBe(400);
    const missing = await call(apiRoundById, request('/api/rounds/999999', { method: 'PUT', cookie, json: body }), {
      id: '999999',
    });
    expect(missing.status).toBe(404);
    const getMissing = await call(apiRoundGet, request('/api/rounds/999999', { cookie }), { id: '999999' });
    expect(getMissing.status).toBe(404);
  });
});

describe('/rounds page', () => {
  it('sends anonymous visitors to sign in, for the loader and the action', async () => {
    const res = await call(pageLoader, request('/rounds'));
    expect(res.status).toBe(302);
    expect(res.headers.get('Location')).toMatch(/^\/auth/);
    const post = await call(pageAction, request('/rounds', { form: { intent: 'delete', id: '1' } }));
    expect(post.status).toBe(302);
    expect(post.headers.get('Location')).toMatch(/^\/auth/);
  });

  it('lists the season with golfer and course names, and loads the form options only for a dialog', async () => {
    const { cookie } = await signIn();
    const golfer = await newGolfer();
    const course = await newCourse(36);
    await createRound({ golferId: golfer.id, courseId: course.id, date: '2018-06-04', grossScore: 41 }, null);
    const res = await call(pageLoader, request('/rounds?season=2018', { cookie }));
    const data = await json(res);
    expect(data.season).toBe(2018);
    expect(data.rounds).toMatchObject({ total: 1, page: 1, pageCount: 1 });
    expect(data.rounds.rows[0]).toMatchObject({
      golferName: golfer.fullName,
      courseName: course.courseName,
      netScore: 41,
      hcpIndexAfter: 4,
    });
    expect(data.golfers).toBeNull();
    const open = await json(await call(pageLoader, request('/rounds?season=2018&action=new', { cookie })));
    expect(open.golfers?.golfers).toContainEqual({ id: golfer.id, fullName: golfer.fullName });
    expect(open.courses).toContainEqual({ id: course.id, courseName: course.courseName });
  });

  it('answers 400 for a bad season or id and 404 for a missing round in the URL', async () => {
    const { cookie } = await signIn();
    expect((await call(pageLoader, request('/rounds?season=20x5', { cookie }))).status).toBe(400);
    expect((await call(pageLoader, request('/rounds?edit=abc', { cookie }))).status).toBe(400);
    expect((await call(pageLoader, request('/rounds?edit=999999', { cookie }))).status).toBe(404);
    expect((await call(pageLoader, request('/rounds?delete=999999', { cookie }))).status).toBe(404);
  });

  it('records, updates and deletes through the form intents with toasts', async () => {
    const { cookie } = await signIn();
    const golfer = await newGolfer();
    const created = await postForm(cookie, '/rounds?season=2025&action=new', {
      intent: 'create',
      golferId: String(golfer.id),
      courseId: '',
      date: '2025-06-16',
      season: '2025',
      grossScore: '43',
      points: '',
      notes: '',
    });
    expect(created.status).toBe(302);
    expect(created.headers.get('Location')).toBe('/rounds?season=2025');
    expect(created.headers.get('Set-Cookie')).toContain('__league_session');
    const round = await db.round.findFirstOrThrow({ where: { golferId: golfer.id } });
    expect(round).toMatchObject({
      grossScore: 43,
      courseId: null,
      points: null,
      notes: null,
      hcpIndexAfter: 6,
      netScore: 43,
    });

    const updated = await postForm(cookie, `/rounds?season=2025&edit=${round.id}`, {
      intent: 'update',
      id: String(round.id),
      golferId: String(golfer.id),
      date: '2025-06-16',
      season: '2025',
      grossScore: '38',
      points: '23.5',
    });
    expect(updated.status).toBe(302);
    expect(await db.round.findUniqueOrThrow({ where: { id: round.id } })).toMatchObject({
      grossScore: 38,
      points: 23.5,
      hcpIndexAfter: 2,
    });

    const deleted = await postForm(cookie, `/rounds?season=2025&delete=${round.id}`, {
      intent: 'delete',
      id: String(round.id),
    });
    expect(deleted.status).toBe(302);
    expect(deleted.headers.get('Location')).toBe('/rounds?season=2025');
    expect(await db.round.count({ where: { id: round.id } })).toBe(0);
  });

  it('answers a bad form with 400 and its field messages, saving nothing', async () => {
    const { cookie } = await signIn();
    const golfer = await newGolfer();
    const res = await postForm(cookie, '/rounds', {
      intent: 'create',
      golferId: String(golfer.id),
      date: '2025-06-31',
      season: '2025',
      grossScore: '300',
    });
    expect(res.status).toBe(400);
    const { result } = await json(res);
    expect(result.error).toMatchObject({
      date: ['Enter a real calendar date (yyyy-mm-dd)'],
      grossScore: ['Gross score must be a whole number from 9 to 200'],
    });
    const missingCourse = await postForm(cookie, '/rounds', {
      intent: 'create',
      golferId: String(golfer.id),
      courseId: '999999',
      date: '2025-06-30',
      season: '2025',
      grossScore: '40',
    });
    expect(missingCourse.status).toBe(400);
    expect((await json(missingCourse)).result.error).toMatchObject({
      '': ['Course #999999 does not exist'],
      courseId: ['Course #999999 does not exist'],
    });
    expect(await db.round.count({ where: { golferId: golfer.id } })).toBe(0);
  });

  it('answers a delete of a missing round with 404 and a message for the dialog', async () => {
    const { cookie } = await signIn();
    const res = await postForm(cookie, '/rounds?delete=999999', { intent: 'delete', id: '999999' });
    expect(res.status).toBe(404);
    expect(await json(res)).toEqual({ intent: 'delete', message: 'Round not found' });
  });

  it('loads a season of 100 golfers × 15 rounds with the same number of queries as a small one', async () => {
    const { cookie } = await signIn();
    async function seed(season: number, golfers: number, roundsEach: number) {
      const course = await newCourse(36);
      const ids: number[] = [];
      for (let g = 0; g < golfers; g++) ids.push((await newGolfer()).id);
      await seedSeasonRounds(season, ids, roundsEach, course.id);
    }
    async function queriesFor(url: string) {
      const before = queryCount();
      const res = await call(pageLoader, request(url, { cookie }));
      expect(res.status).toBe(200);
      const { rounds } = (await json(res)) as { rounds: { rows: unknown[]; total: number } };
      return { queries: queryCount() - before, rows: rounds.rows.length, total: rounds.total };
    }
    await seed(2016, 2, 2);
    await seed(2017, 100, 15);
    const small = await queriesFor('/rounds?season=2016');
    const large = await queriesFor('/rounds?season=2017');
    expect(small).toMatchObject({ rows: 4, total: 4 });
    // 100 a page (docs/product/performance.md): the page's size does not grow with the season's.
    expect(large).toMatchObject({ rows: 100, total: 1500 });
    expect(large.queries).toBe(small.queries);
    const last = await queriesFor('/rounds?season=2017&page=15');
    expect(last).toMatchObject({ rows: 100, total: 1500 });
    const smallDialog = await queriesFor('/rounds?season=2016&action=new');
    const largeDialog = await queriesFor('/rounds?season=2017&action=new');
    expect(largeDialog.queries).toBe(smallDialog.queries);
  }, 120_000);

  it("removes a golfer's rounds with the golfer", async () => {
    const golfer = await newGolfer();
    await createRound({ golferId: golfer.id, date: '2025-06-02', grossScore: 40 }, null);
    await deleteGolfer(golfer.id, null);
    expect(await db.round.count({ where: { golferId: golfer.id } })).toBe(0);
  });
});
