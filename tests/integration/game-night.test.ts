import { describe, expect, it } from 'vitest';
import { createCourse } from '~/models/courses.server';
import { createGolfer } from '~/models/golfers.server';
import { setCourseHoles } from '~/models/holes.server';
import { listNightHoleScores, type NightHoleScore } from '~/models/night-scores.server';
import { action as scoresAction, loader as scoresLoader } from '~/routes/_admin.scores';
import { db } from '~/db/db.server';
import { call, request, signIn, toastOf, unique } from './helpers';

// The administrators' game night (SPEC-3 §D3) without JavaScript: every change is a form post to /scores?date=.
const YEAR = 2032;
const NINE = Array.from({ length: 9 }, (_, i) => ({ number: i + 1, par: 4, strokeIndex: i + 1 }));

async function night(day: string) {
  const course = await createCourse(
    { courseName: unique('Night Links'), coursePar: 36, courseLength: '3 miles' },
    null,
  );
  await setCourseHoles(course.id, NINE, null);
  const a = await createGolfer({ firstName: 'Gn', lastName: unique('A') }, null);
  const b = await createGolfer({ firstName: 'Gn', lastName: unique('B') }, null);
  const slot = await db.teeTime.create({
    data: { time: `17:${day.slice(-2)}`, season: YEAR, golfer1Id: a.id, golfer2Id: b.id },
  });
  return { date: `${YEAR}-07-${day}`, course, a, b, teeTimeId: slot.id };
}

function cells(teeTimeId: number, values: Record<string, number | string>, intent = 'edit'): URLSearchParams {
  const form = new URLSearchParams({ intent, teeTimeId: String(teeTimeId) });
  for (const [name, value] of Object.entries(values)) form.set(name, String(value));
  return form;
}

describe('/scores: game night for administrators', () => {
  it('starts the night, edits holes, lists each group, confirms (rounds written) and reopens (rounds removed)', async () => {
    const { cookie } = await signIn({ isAdmin: true });
    const { date, course, a, b, teeTimeId } = await night('06');
    const url = `/scores?date=${date}`;
    const started = await call(
      scoresAction,
      request(url, { form: { intent: 'start', courseId: String(course.id) }, cookie }),
    );
    expect(started.status).toBe(302);

    const all: Record<string, number> = {};
    for (const g of [a, b]) for (const h of NINE) all[`s-${g.id}-${h.number}`] = g === a ? 4 : 5;
    all[`s-${a.id}-1`] = 9; // capped at 8
    const saved = await call(scoresAction, request(url, { form: cells(teeTimeId, all), cookie }));
    expect(saved.status).toBe(302);
    expect(await toastOf(saved)).toMatchObject({ description: '18 hole scores saved' });

    const page = (await (await call(scoresLoader, request(`${url}&card=${teeTimeId}`, { cookie }))).json()) as {
      groups: { teeTimeId: number; status: string; scorerName: string }[];
      card: { lines: Record<string, { gross: number }> };
    };
    expect(page.groups.find((g) => g.teeTimeId === teeTimeId)).toMatchObject({
      status: 'Thru 9',
      scorerName: 'Test (administrator)',
    });
    expect(page.card.lines[a.id].gross).toBe(40);

    // The live leaderboard's read (issue 26): every hole of the night with its gross strokes and the card's state.
    const holes: NightHoleScore[] = (await listNightHoleScores(date)).filter((h) => h.teeTimeId === teeTimeId);
    expect(holes).toHaveLength(18);
    expect(holes.find((h) => h.golferId === a.id && h.hole === 1)).toMatchObject({ strokes: 8, state: 'open' });

    const confirmed = await call(scoresAction, request(url, { form: cells(teeTimeId, {}, 'confirm'), cookie }));
    expect(await toastOf(confirmed)).toMatchObject({ description: 'Card confirmed: its rounds are recorded' });
    const rounds = await db.round.findMany({ where: { date }, orderBy: { golferId: 'asc' } });
    expect(rounds.map((r) => [r.golferId, r.grossScore, r.courseId])).toEqual([
      [a.id, 40, course.id],
      [b.id, 45, course.id],
    ]);
    // An attested card takes no edit until it is reopened.
    const locked = await call(scoresAction, request(url, { form: cells(teeTimeId, { [`s-${a.id}-2`]: 3 }), cookie }));
    expect(locked.status).toBe(409);

    const reopened = await call(scoresAction, request(url, { form: cells(teeTimeId, {}, 'reopen'), cookie }));
    expect(reopened.status).toBe(302);
    expect(await db.round.count({ where: { date } })).toBe(0);
  });

  it('refuses strokes out of range, a golfer not in the group and a user who is not an administrator; nothing changes', async () => {
    const { cookie } = await signIn({ isAdmin: true });
    const { date, course, a, teeTimeId } = await night('13');
    const url = `/scores?date=${date}`;
    await call(scoresAction, request(url, { form: { intent: 'start', courseId: String(course.id) }, cookie }));
    const outsider = await createGolfer({ firstName: 'Not', lastName: unique('InGroup') }, null);
    for (const [values, status, message] of [
      [{ [`s-${a.id}-1`]: 0 }, 400, 'Strokes must be a whole number from 1 to 20'],
      [{ [`s-${a.id}-1`]: 'x' }, 400, 'Strokes must be a whole number from 1 to 20'],
      [{ [`s-${a.id}-10`]: 4 }, 400, 'Hole 10 does not exist on this course'],
      [{ [`s-${outsider.id}-1`]: 4 }, 400, `Golfer #${outsider.id} is not in this group`],
    ] as const) {
      const res = await call(scoresAction, request(url, { form: cells(teeTimeId, values), cookie }));
      expect(res.status).toBe(status);
      expect(JSON.stringify(await res.json())).toContain(message);
    }
    const { cookie: plain } = await signIn({ isAdmin: false });
    const refused = await call(
      scoresAction,
      request(url, { form: cells(teeTimeId, { [`s-${a.id}-1`]: 4 }), cookie: plain }),
    );
    expect(refused.status).toBe(403);
    expect(await db.holeScore.count({ where: { scorecard: { date } } })).toBe(0);
    const bad = await call(scoresLoader, request('/scores?date=2032-02-30', { cookie }));
    expect(bad.status).toBe(400);
  });
});
