import { describe, expect, it } from 'vitest';
import { createCourse } from '~/models/courses.server';
import { listHoles } from '~/models/holes.server';
import { action as coursesPageAction, loader as coursesPageLoader } from '~/routes/_admin.courses';
import { action as holesApiAction, loader as holesApiLoader } from '~/routes/api.courses.$id.holes';
import { db } from '~/db/db.server';
import { call, request, signIn, toastOf, unique } from './helpers';

/** The 'Holes' form of a course as the browser posts it, with these pars and stroke indexes. */
function holesForm(courseId: number, pars: number[], strokeIndexes: number[]): URLSearchParams {
  const form = new URLSearchParams({ intent: 'holes', id: String(courseId) });
  pars.forEach((par, i) => {
    form.set(`holes[${i}].number`, String(i + 1));
    form.set(`holes[${i}].par`, String(par));
    form.set(`holes[${i}].strokeIndex`, String(strokeIndexes[i]));
  });
  return form;
}

const PARS = [4, 3, 5, 4, 4, 3, 4, 5, 4];
const SI = [5, 9, 1, 7, 3, 8, 2, 6, 4];

describe("a course's holes (docs/product/scorecards.md)", () => {
  it('saves 9 holes from the form without JavaScript; the course par becomes their sum and /courses lists them', async () => {
    const { cookie } = await signIn();
    const course = await createCourse({ courseName: unique('Holed'), coursePar: 35, courseLength: '3 miles' }, null);
    const res = await call(
      coursesPageAction,
      request('/courses?holes=1', { form: holesForm(course.id, PARS, SI), cookie }),
    );
    expect(res.status).toBe(302);
    expect(await toastOf(res)).toMatchObject({ description: 'Holes saved: 9 holes' });
    expect(await listHoles(course.id)).toEqual(PARS.map((par, i) => ({ number: i + 1, par, strokeIndex: SI[i] })));
    expect((await db.course.findUniqueOrThrow({ where: { id: course.id } })).coursePar).toBe(36);
    const page = (await (await call(coursesPageLoader, request('/courses', { cookie }))).json()) as {
      courses: { id: number; holes: unknown[] }[];
    };
    expect(page.courses.find((c) => c.id === course.id)?.holes).toHaveLength(9);
  });

  it('answers a repeated stroke index, a par out of range or 10 holes with the message and changes nothing', async () => {
    const { cookie } = await signIn();
    const course = await createCourse({ courseName: unique('Holed'), coursePar: 36, courseLength: '3 miles' }, null);
    const cases: [URLSearchParams, string][] = [
      [holesForm(course.id, PARS, [1, 1, 2, 3, 4, 5, 6, 7, 8]), "Hole 2: stroke index 1 is already hole 1's"],
      [holesForm(course.id, [...PARS.slice(0, 8), 9], SI), 'Par must be a whole number from 3 to 6'],
      [holesForm(course.id, [...PARS, 4], [...SI, 10]), 'A course has 9 or 18 holes'],
    ];
    for (const [form, message] of cases) {
      const res = await call(coursesPageAction, request('/courses', { form, cookie }));
      expect(res.status).toBe(400);
      expect(JSON.stringify(await res.json())).toContain(message);
    }
    expect(await listHoles(course.id)).toEqual([]);
    expect((await db.course.findUniqueOrThrow({ where: { id: course.id } })).coursePar).toBe(36);
  });

  it('PUT /api/courses/:id/holes is the twin of the form; GET answers them; a visitor gets 401', async () => {
    const { cookie } = await signIn();
    const course = await createCourse({ courseName: unique('Api'), coursePar: 36, courseLength: '3 miles' }, null);
    const holes = PARS.map((par, i) => ({ number: i + 1, par, strokeIndex: SI[i] }));
    const params = { id: String(course.id) };
    const put = await call(
      holesApiAction,
      request(`/api/courses/${course.id}/holes`, { method: 'PUT', json: { holes }, cookie }),
      params,
    );
    expect(put.status).toBe(200);
    const got = await call(holesApiLoader, request(`/api/courses/${course.id}/holes`, { cookie }), params);
    expect(await got.json()).toEqual({ holes });
    const bad = await call(
      holesApiAction,
      request(`/api/courses/${course.id}/holes`, {
        method: 'PUT',
        json: { holes: holes.map((h) => ({ ...h, par: 0 })) },
        cookie,
      }),
      params,
    );
    expect(bad.status).toBe(400);
    expect((await call(holesApiLoader, request(`/api/courses/${course.id}/holes`), params)).status).toBe(401);
  });
});
