import { expect } from 'vitest';
import type { Db } from '~/db/db.server';

/** A course and a round typed as a total on it, written as the second release stores them (before scorecards). */
export async function fillBeforeScorecards(db: Db): Promise<void> {
  // Raw SQL: the current client would read back columns the older database does not have.
  await db.$executeRaw`INSERT INTO "courses" ("courseName", "coursePar", "courseLength") VALUES ('Old Pines', 36, '3100 yards')`;
  await db.$executeRaw`INSERT INTO "golfers" ("firstName", "lastName", "fullName", "updatedAt")
    VALUES ('Tot', 'Al', 'Tot Al', CURRENT_TIMESTAMP)`;
  await db.$executeRaw`INSERT INTO "rounds" ("golferId", "courseId", "date", "season", "grossScore", "netScore")
    SELECT g."id", c."id", '2026-06-01', 2026, 41, 41 FROM "golfers" g, "courses" c
    WHERE g."fullName" = 'Tot Al' AND c."courseName" = 'Old Pines'`;
}

/**
 * After the upgrade the course is as it was, without holes (scored by totals until an administrator fills them in),
 * its round is kept, and a round typed as a total still records; filling in the holes keeps the par they add up to.
 */
export async function expectUpgradedToScorecards(db: Db): Promise<void> {
  const course = await db.course.findFirstOrThrow({ where: { courseName: 'Old Pines' } });
  expect(course).toMatchObject({ coursePar: 36, courseLength: '3100 yards' });
  expect(await db.hole.count({ where: { courseId: course.id } })).toBe(0);
  expect(await db.scorecard.count()).toBe(0);
  const golfer = await db.golfer.findFirstOrThrow({ where: { fullName: 'Tot Al' } });
  expect(
    await db.round.findMany({ where: { golferId: golfer.id }, select: { grossScore: true, courseId: true } }),
  ).toEqual([{ grossScore: 41, courseId: course.id }]);
  const { createRound } = await import('~/models/rounds.server');
  await createRound({ golferId: golfer.id, courseId: course.id, date: '2026-06-08', grossScore: 39 }, null);
  const { setCourseHoles } = await import('~/models/holes.server');
  const holes = Array.from({ length: 9 }, (_, i) => ({ number: i + 1, par: 4, strokeIndex: i + 1 }));
  await setCourseHoles(course.id, holes, null);
  expect(await db.hole.count({ where: { courseId: course.id } })).toBe(9);
  expect((await db.course.findUniqueOrThrow({ where: { id: course.id } })).coursePar).toBe(36);
}
