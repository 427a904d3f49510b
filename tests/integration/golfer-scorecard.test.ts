import { describe, expect, it } from 'vitest';
import { createCourse } from '~/models/courses.server';
import { createGolfer } from '~/models/golfers.server';
import { setCourseHoles } from '~/models/holes.server';
import { claimSpot, markOut } from '~/models/nights-out.server';
import { startNight } from '~/models/scorecards.server';
import { action as pageAction, loader as pageLoader } from '~/routes/me.scorecard.$date';
import { action as apiAction, loader as apiLoader } from '~/routes/api.me.scorecard.$date';
import { loader as scoresLoader } from '~/routes/_admin.scores';
import { loader as myLeagueLoader } from '~/routes/_public.me._index';
import { db } from '~/db/db.server';
import { todayInLeague } from '~/domain/season';
import { call, request, signIn, signInGolfer, toastOf, unique } from './helpers';

// The golfer's card of tonight (docs/product/scorecards.md): the page's plain posts and the phone's JSON queue, on the night itself.
const NINE = Array.from({ length: 9 }, (_, i) => ({ number: i + 1, par: 4, strokeIndex: i + 1 }));

async function tonight() {
  const date = todayInLeague();
  const season = Number(date.slice(0, 4));
  const { user } = await signIn({ isAdmin: true });
  const course = await createCourse({ courseName: unique('Tonight'), coursePar: 36, courseLength: '3 miles' }, null);
  await setCourseHoles(course.id, NINE, null);
  const [a, b, c] = await Promise.all(
    ['Ann', 'Bob', 'Cat'].map((first) => createGolfer({ firstName: first, lastName: unique('Card') }, null)),
  );
  const group = await db.teeTime.create({ data: { time: unique('T'), season, golfer1Id: a.id, golfer2Id: b.id } });
  const other = await db.teeTime.create({ data: { time: unique('T'), season, golfer1Id: c.id } });
  await startNight(date, course.id, user);
  const page = `/me/scorecard/${date}`;
  const params = { date };
  return { date, page, params, a, b, c, group, other };
}

describe("a golfer's scorecard", () => {
  it('saves a hole per plain post, capped at double par, and the same form sent twice is stored once', async () => {
    const { page, params, a, b, group } = await tonight();
    const cookie = await signInGolfer(a.id);
    const shown = await call(pageLoader, request(page, { cookie }), params);
    expect(shown.status).toBe(200);
    const { formId, card } = (await shown.json()) as { formId: string; card: { golfers: { name: string }[] } };
    expect(card.golfers.map((g) => g.name).sort()).toEqual([a.fullName, b.fullName].sort());
    const form = { formId, hole: '1', [`s-${a.id}`]: '5', [`s-${b.id}`]: '12' };
    for (let i = 0; i < 2; i++) {
      const res = await call(pageAction, request(page, { form, cookie }), params);
      expect(res.status).toBe(303);
      expect(res.headers.get('Location')).toBe(`${page}?hole=2`);
      expect(await toastOf(res)).toMatchObject({ title: 'Hole 1 saved' });
    }
    const rows = await db.holeScore.findMany({
      where: { scorecard: { teeTimeId: group.id } },
      orderBy: { golferId: 'asc' },
    });
    expect(rows.map((r) => [r.golferId, r.strokes])).toEqual([
      [a.id, 5],
      [b.id, 8],
    ]);
    const bad = await call(
      pageAction,
      request(page, { form: { ...form, formId: 'other-form', [`s-${a.id}`]: '21' }, cookie }),
      params,
    );
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ message: 'Strokes must be a whole number from 1 to 20' });
    expect(await db.holeScore.count({ where: { scorecard: { teeTimeId: group.id } } })).toBe(2);
  });

  it("takes the phone's queue once, refuses another group's card, and tells a late phone that the card is closed", async () => {
    const { page, params, a, b, c, group, other } = await tonight();
    const annCookie = await signInGolfer(a.id);
    const entries = NINE.flatMap((h) => [
      { clientId: `phone-ann-${a.id}-${h.number}`, golferId: a.id, hole: h.number, strokes: 4, enteredAt: Date.now() },
      { clientId: `phone-ann-${b.id}-${h.number}`, golferId: b.id, hole: h.number, strokes: 5, enteredAt: Date.now() },
    ]);
    const api = `/api${page}`;
    const first = await call(
      apiAction,
      request(api, { json: { teeTimeId: group.id, entries }, cookie: annCookie }),
      params,
    );
    expect(first.status).toBe(200);
    const again = await call(
      apiAction,
      request(api, { json: { teeTimeId: group.id, entries }, cookie: annCookie }),
      params,
    );
    const { results } = (await again.json()) as { results: { status: string }[] };
    expect(new Set(results.map((r) => r.status))).toEqual(new Set(['duplicate']));
    expect(await db.holeScore.count({ where: { scorecard: { teeTimeId: group.id } } })).toBe(18);

    const catCookie = await signInGolfer(c.id);
    const foreign = await call(
      apiAction,
      request(api, { json: { teeTimeId: group.id, entries }, cookie: catCookie }),
      params,
    );
    expect(foreign.status).toBe(403);
    expect(await db.scorecard.findFirst({ where: { teeTimeId: other.id, holeScores: { some: {} } } })).toBeNull();

    // Ann submits; she cannot attest her own card; Bob attests and the rounds are recorded.
    expect(
      (await call(pageAction, request(page, { form: { intent: 'submit' }, cookie: annCookie }), params)).status,
    ).toBe(303);
    const self = await call(pageAction, request(page, { form: { intent: 'attest' }, cookie: annCookie }), params);
    expect(self.status).toBe(409);
    const bobCookie = await signInGolfer(b.id);
    const attested = await call(pageAction, request(page, { form: { intent: 'attest' }, cookie: bobCookie }), params);
    expect(await toastOf(attested)).toMatchObject({ title: 'Card attested' });
    expect(
      (await db.round.findMany({ where: { golferId: { in: [a.id, b.id] } } })).map((r) => r.grossScore).sort(),
    ).toEqual([36, 45]);

    // A phone replaying its old queue: what it sent is answered as taken, anything new is refused; nothing changes.
    const replay = await call(apiAction, request(api, { json: { entries }, cookie: bobCookie }), params);
    expect(replay.status).toBe(200);
    const late = [{ ...entries[0], clientId: `late-entry-${a.id}`, strokes: 3 }];
    const closed = await call(apiAction, request(api, { json: { entries: late }, cookie: bobCookie }), params);
    expect(closed.status).toBe(409);
    expect(((await closed.json()) as { message: string }).message).toMatch(/^This card is closed: attested by Bob /);
    expect(await db.holeScore.count({ where: { scorecard: { teeTimeId: group.id }, strokes: 3 } })).toBe(0);
  });

  it("a sub who took a spot opens that group's card and keeps score; the golfer Out has no card that night", async () => {
    const { date, page, params, a, b, group } = await tonight();
    const sub = await createGolfer({ firstName: 'Sam', lastName: unique('Sub') }, null);
    const slot = await db.teeTime.findUniqueOrThrow({ where: { id: group.id } });
    await db.$transaction(async (tx) => {
      const spot = await markOut(tx, { golferId: b.id, date, season: slot.season, teeTime: slot.time, position: 2 });
      expect(await claimSpot(tx, spot.id, sub.id, new Date())).toBe(true);
    });

    const subCookie = await signInGolfer(sub.id);
    const shown = await call(pageLoader, request(page, { cookie: subCookie }), params);
    expect(shown.status).toBe(200);
    const { formId, card } = (await shown.json()) as {
      formId: string;
      card: { teeTimeId: number; golfers: { name: string }[] };
    };
    expect(card.teeTimeId).toBe(group.id);
    expect(card.golfers.map((g) => g.name)).toEqual([a.fullName, sub.fullName]);
    const saved = await call(
      pageAction,
      request(page, { form: { formId, hole: '1', [`s-${a.id}`]: '4', [`s-${sub.id}`]: '5' }, cookie: subCookie }),
      params,
    );
    expect(saved.status).toBe(303);
    const forAbsent = await call(
      pageAction,
      request(page, { form: { formId: 'f-absent', hole: '2', [`s-${b.id}`]: '4' }, cookie: subCookie }),
      params,
    );
    expect(forAbsent.status).toBe(400);
    expect(await forAbsent.json()).toEqual({ message: `Golfer #${b.id} is not in this group` });

    // Bob is Out: his standing group's card is not his that night, on the page or through the phone's API.
    const bobCookie = await signInGolfer(b.id);
    const bobPage = await call(pageLoader, request(page, { cookie: bobCookie }), params);
    expect(bobPage.status).toBe(404);
    const entries = [{ clientId: `bob-out-${b.id}`, golferId: a.id, hole: 3, strokes: 4, enteredAt: Date.now() }];
    const bobApi = await call(
      apiAction,
      request(`/api${page}`, { json: { teeTimeId: group.id, entries }, cookie: bobCookie }),
      params,
    );
    expect(bobApi.status).toBe(404);
    expect(((await bobApi.json()) as { message: string }).message).toContain('you are Out');
    const rows = await db.holeScore.findMany({
      where: { scorecard: { teeTimeId: group.id } },
      orderBy: { golferId: 'asc' },
    });
    // Ann was made before the sub: ordered by golfer, her hole comes first.
    expect(rows.map((r) => [r.golferId, r.holeNumber, r.strokes, r.writtenBy])).toEqual([
      [a.id, 1, 4, sub.fullName],
      [sub.id, 1, 5, sub.fullName],
    ]);

    // The administrators' /scores shows the same rows.
    const { cookie } = await signIn({ isAdmin: true });
    const scores = (await (
      await call(scoresLoader, request(`/scores?date=${date}&card=${group.id}`, { cookie }))
    ).json()) as { groups: { teeTimeId: number; golfers: string[] }[]; card: { golfers: { name: string }[] } };
    expect(scores.groups.find((g) => g.teeTimeId === group.id)?.golfers).toEqual([a.fullName, sub.fullName]);
    expect(scores.card.golfers.map((g) => g.name)).toEqual([a.fullName, sub.fullName]);
  });

  it("answers 401 to a phone whose sign-in has ended (checked with the holes' batch) and stores nothing", async () => {
    const { page, params, a, group } = await tonight();
    const cookie = await signInGolfer(a.id);
    await db.golferSession.deleteMany({ where: { golferId: a.id } });
    const entries = [{ clientId: `ended-${a.id}-1`, golferId: a.id, hole: 1, strokes: 4, enteredAt: Date.now() }];
    const res = await call(
      apiAction,
      request(`/api${page}`, { json: { teeTimeId: group.id, entries }, cookie }),
      params,
    );
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: 'Sign in with the code we email you first' });
    expect(await db.holeScore.count({ where: { scorecard: { teeTimeId: group.id } } })).toBe(0);
  });

  it('sends a visitor to sign in, and answers the API 401; a bad date is a 404, a queue that is not JSON a 400', async () => {
    const { page, params, a } = await tonight();
    const res = await call(pageLoader, request(page), params);
    expect(res.status).toBe(302);
    expect(res.headers.get('Location')).toBe(`/me/sign-in?next=${encodeURIComponent(page)}`);
    expect((await call(apiLoader, request(`/api${page}`), params)).status).toBe(401);
    const cookie = await signInGolfer(a.id);
    expect(
      (await call(pageLoader, request('/me/scorecard/2026-02-30', { cookie }), { date: '2026-02-30' })).status,
    ).toBe(404);
    const notJson = await call(apiAction, request(`/api${page}`, { jsonText: '{"entries": [', cookie }), params);
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toEqual({ message: 'Invalid JSON body.' });
  });
  it("/me leads a golfer of a group to tonight's card with 'Keep score', and shows nothing to one who plays in none", async () => {
    const { page, a } = await tonight();
    const mine = await call(myLeagueLoader, request('/me', { cookie: await signInGolfer(a.id) }), {});
    expect(mine.status).toBe(200);
    const { card } = (await mine.json()) as { card: { url: string; title: string } | null };
    expect(card).toMatchObject({ url: page, title: "Tonight's scorecard" });
    const loner = await createGolfer({ firstName: 'Lon', lastName: unique('NoGroup') }, null);
    const theirs = await call(myLeagueLoader, request('/me', { cookie: await signInGolfer(loner.id) }), {});
    expect(((await theirs.json()) as { card: unknown }).card).toBeNull();
  });
});
