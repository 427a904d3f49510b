import { describe, expect, it } from 'vitest';
import { createCourse, deleteCourse, listCourses, updateCourse } from '~/models/courses.server';
import { createGolfer } from '~/models/golfers.server';
import { recomputeHandicaps } from '~/models/handicaps.server';
import { action as coursesPageAction, loader as coursesPageLoader } from '~/routes/_admin.courses';
import { action as apiCourseAction, loader as apiCourseLoader } from '~/routes/api.courses.$id';
import { action as apiCoursesAction, loader as apiCoursesLoader } from '~/routes/api.courses';
import { db } from '~/db/db.server';
import { NotFoundError } from '~/domain/errors';
import { failureOf } from '~/web/http.server';
import { call, request, signIn, toastOf, unique } from './helpers';

/** A golfer with one regular-week round of gross 45 on the course, handicap columns computed. */
async function roundOn(courseId: number) {
  const golfer = await createGolfer({ firstName: 'Par', lastName: unique('Player') }, null);
  const round = await db.round.create({
    data: { golferId: golfer.id, courseId, date: '2025-06-02', season: 2025, grossScore: 45 },
  });
  await recomputeHandicaps(db, [golfer.id]);
  return db.round.findUniqueOrThrow({ where: { id: round.id } });
}

describe('course model', () => {
  it('creates, lists by name and updates a course', async () => {
    const name = unique('Zz Course');
    const course = await createCourse({ courseName: ` ${name} `, coursePar: 36, courseLength: '3.2 miles' }, null);
    expect(course).toEqual({ id: course.id, courseName: name, coursePar: 36, courseLength: '3.2 miles' });
    expect((await listCourses()).map((c) => c.id)).toContain(course.id);
    const updated = await updateCourse(
      course.id,
      { courseName: name, coursePar: 35, courseLength: '3,100 yards' },
      null,
    );
    expect(updated).toMatchObject({ coursePar: 35, courseLength: '3,100 yards' });
  });

  it("recomputes handicaps of the course's rounds when its par changes", async () => {
    const course = await createCourse({ courseName: unique('Course'), coursePar: 36, courseLength: '3 miles' }, null);
    const before = await roundOn(course.id);
    // Differential min(45, 72) - 36 = 9; handicap round(0.8 * 9) = 7.
    expect(before.hcpIndexAfter).toBe(7);
    await updateCourse(course.id, { courseName: 'Renamed', coursePar: 40, courseLength: '3 miles' }, null);
    // Differential 45 - 40 = 5; handicap 4.
    expect((await db.round.findUniqueOrThrow({ where: { id: before.id } })).hcpIndexAfter).toBe(4);
  });

  it('keeps the rounds of a deleted course, which then count at the default par', async () => {
    const course = await createCourse({ courseName: unique('Doomed'), coursePar: 40, courseLength: '3 miles' }, null);
    const round = await roundOn(course.id);
    expect(round.hcpIndexAfter).toBe(4);
    await deleteCourse(course.id, null);
    expect(await db.course.findUnique({ where: { id: course.id } })).toBeNull();
    const kept = await db.round.findUniqueOrThrow({ where: { id: round.id } });
    expect(kept.courseId).toBeNull();
    expect(kept.hcpIndexAfter).toBe(7);
  });

  it('answers 404 for a course that does not exist', async () => {
    for (const p of [
      updateCourse(999_999, { courseName: 'x', coursePar: 36, courseLength: 'x' }, null),
      deleteCourse(999_999, null),
    ]) {
      const error = await p.catch((e: unknown) => e);
      expect(error).toBeInstanceOf(NotFoundError);
      expect(failureOf(error)?.status).toBe(404);
    }
  });
});

describe('/courses page', () => {
  it('sends anonymous visitors to /auth', async () => {
    expect((await call(coursesPageLoader, request('/courses'))).status).toBe(302);
    expect((await call(coursesPageAction, request('/courses', { form: { intent: 'delete', id: '1' } }))).status).toBe(
      302,
    );
  });

  it('creates, updates and deletes with the documented toasts', async () => {
    const { cookie } = await signIn();
    const name = unique('Page Course');
    const created = await call(
      coursesPageAction,
      request('/courses?action=new', {
        cookie,
        form: { intent: 'create', courseName: name, coursePar: '36', courseLength: '3.2 miles' },
      }),
    );
    expect(created.headers.get('Location')).toBe('/courses');
    expect(await toastOf(created)).toEqual({
      type: 'success',
      title: 'Success',
      description: 'Course created successfully',
    });
    const course = await db.course.findFirstOrThrow({ where: { courseName: name } });
    const updated = await call(
      coursesPageAction,
      request('/courses', {
        cookie,
        form: {
          intent: 'update',
          id: String(course.id),
          courseName: name,
          coursePar: '72',
          courseLength: '6,200 yards',
        },
      }),
    );
    expect(await toastOf(updated)).toMatchObject({ description: 'Course updated successfully' });
    expect(await db.course.findUniqueOrThrow({ where: { id: course.id } })).toMatchObject({
      coursePar: 72,
      courseLength: '6,200 yards',
    });
    const deleted = await call(
      coursesPageAction,
      request('/courses', { cookie, form: { intent: 'delete', id: String(course.id) } }),
    );
    expect(await toastOf(deleted)).toMatchObject({ description: 'Course deleted successfully' });
    const body = await (await call(coursesPageLoader, request('/courses', { cookie }))).json();
    expect(body.courses.find((c: { id: number }) => c.id === course.id)).toBeUndefined();
  });

  it('refuses a par outside 27 to 90, a non-integer par and blank fields with 400', async () => {
    const { cookie } = await signIn();
    for (const coursePar of ['26', '91', '36.5', 'abc']) {
      const res = await call(
        coursesPageAction,
        request('/courses', { cookie, form: { intent: 'create', courseName: 'X', coursePar, courseLength: '1 mile' } }),
      );
      expect(res.status).toBe(400);
      expect((await res.json()).result.error.coursePar).toEqual(['Par must be a whole number from 27 to 90']);
    }
    const blank = await call(
      coursesPageAction,
      request('/courses', { cookie, form: { intent: 'create', courseName: ' ', coursePar: '', courseLength: '' } }),
    );
    expect((await blank.json()).result.error).toMatchObject({
      courseName: ['Course name is required'],
      coursePar: ['Par is required'],
      courseLength: ['Course length is required'],
    });
    const noId = await call(
      coursesPageAction,
      request('/courses', {
        cookie,
        form: { intent: 'update', courseName: 'X', coursePar: '36', courseLength: '1 mile' },
      }),
    );
    expect((await noId.json()).result.error['']).toEqual(['Course is required for update']);
  });
});

describe('/api/courses', () => {
  it('answers anonymous requests with 401', async () => {
    expect((await call(apiCoursesLoader, request('/api/courses'))).status).toBe(401);
    expect((await call(apiCoursesAction, request('/api/courses', { json: {} }))).status).toBe(401);
    expect((await call(apiCourseAction, request('/api/courses/1', { method: 'DELETE' }), { id: '1' })).status).toBe(
      401,
    );
  });

  it('creates (201), lists, updates and deletes (204) a course', async () => {
    const { cookie } = await signIn({ isAdmin: false });
    const name = unique('Api Course');
    const created = await call(
      apiCoursesAction,
      request('/api/courses', { cookie, json: { courseName: name, coursePar: 36, courseLength: '3.2 miles' } }),
    );
    expect(created.status).toBe(201);
    const course = await created.json();
    expect(course).toEqual({ id: course.id, courseName: name, coursePar: 36, courseLength: '3.2 miles' });
    const list = await (await call(apiCoursesLoader, request('/api/courses', { cookie }))).json();
    expect(list).toContainEqual(course);
    const put = await call(
      apiCourseAction,
      request(`/api/courses/${course.id}`, {
        method: 'PUT',
        cookie,
        json: { courseName: name, coursePar: '35', courseLength: '3 miles' },
      }),
      { id: String(course.id) },
    );
    expect(await put.json()).toMatchObject({ coursePar: 35 });
    const del = await call(apiCourseAction, request(`/api/courses/${course.id}`, { method: 'DELETE', cookie }), {
      id: String(course.id),
    });
    expect(del.status).toBe(204);
    expect(
      (await call(apiCourseLoader, request(`/api/courses/${course.id}`, { cookie }), { id: String(course.id) })).status,
    ).toBe(404);
  });

  it('answers 400 for bad bodies and ids and 404 for missing courses', async () => {
    const { cookie } = await signIn();
    const bad = await call(
      apiCoursesAction,
      request('/api/courses', { cookie, json: { courseName: 'X', coursePar: 100 } }),
    );
    expect(bad.status).toBe(400);
    expect((await bad.json()).errors).toMatchObject({
      coursePar: ['Par must be a whole number from 27 to 90'],
      courseLength: ['Course length is required'],
    });
    expect(
      (await call(apiCourseAction, request('/api/courses/x1', { method: 'DELETE', cookie }), { id: 'x1' })).status,
    ).toBe(400);
    expect(
      (await call(apiCourseAction, request('/api/courses/876543', { method: 'DELETE', cookie }), { id: '876543' }))
        .status,
    ).toBe(404);
    const put = await call(
      apiCourseAction,
      request('/api/courses/876543', {
        method: 'PUT',
        cookie,
        json: { courseName: 'X', coursePar: 36, courseLength: '1 mile' },
      }),
      { id: '876543' },
    );
    expect(put.status).toBe(404);
  });
});
