import { recomputeHandicapsAndPoints } from '~/models/points.server';
import type { CourseInput } from '~/schemas/course';
import { db, type Tx } from '~/db/db.server';
import { NotFoundError } from '~/domain/errors';
import { inTransaction } from '~/db/transaction.server';
import { auditCreated, auditDeleted, auditUpdated, recordAudit, type Actor } from '~/db/audit.server';

/** Courses for selects. */
export function listCourseOptions(client: Tx = db) {
  return client.course.findMany({
    select: { id: true, courseName: true, coursePar: true },
    orderBy: { courseName: 'asc' },
  });
}

const courseFields = { id: true, courseName: true, coursePar: true, courseLength: true } as const;
export type CourseRow = { id: number; courseName: string; coursePar: number; courseLength: string };

/** The courses page and GET /api/courses, by name, in one query. */
export function listCourses(client: Tx = db): Promise<CourseRow[]> {
  return client.course.findMany({ select: courseFields, orderBy: [{ courseName: 'asc' }, { id: 'asc' }] });
}

export async function requireCourse(id: number, client: Tx = db): Promise<CourseRow> {
  const course = await client.course.findUnique({ where: { id }, select: courseFields });
  if (!course) throw new NotFoundError('Course not found');
  return course;
}

function courseData(input: CourseInput) {
  return { courseName: input.courseName.trim(), coursePar: input.coursePar, courseLength: input.courseLength.trim() };
}

const courseTarget = (id: number) => ({ entity: 'course', id, labelField: 'courseName' });

/** Creates a course; `actor` is the user who asked (null: the system), for the audit log. */
export function createCourse(input: CourseInput, actor: Actor | null, client: Tx = db): Promise<CourseRow> {
  return inTransaction(client, async (tx) => {
    const course = await tx.course.create({ data: courseData(input), select: courseFields });
    await recordAudit(tx, actor, auditCreated(courseTarget(course.id), course));
    return course;
  });
}

/** The golfers with a round on this course. */
async function playersOf(tx: Tx, courseId: number): Promise<number[]> {
  const players = await tx.round.findMany({ where: { courseId }, select: { golferId: true }, distinct: ['golferId'] });
  return players.map((p) => p.golferId);
}

/**
 * Updates a course; a changed par recomputes the handicaps of every golfer who played it, and the calculated points
 * of the nights where their net scores moved (docs/decisions/117-points-never-stale.md), in the same transaction.
 */
export function updateCourse(id: number, input: CourseInput, actor: Actor | null, client: Tx = db): Promise<CourseRow> {
  return inTransaction(client, async (tx) => {
    const existing = await requireCourse(id, tx);
    const course = await tx.course.update({ where: { id }, data: courseData(input), select: courseFields });
    await recordAudit(tx, actor, auditUpdated(courseTarget(id), existing, course));
    if (existing.coursePar !== course.coursePar) await recomputeHandicapsAndPoints(tx, await playersOf(tx, id));
    return course;
  });
}

/**
 * Deletes a course and keeps its rounds (they show "Unknown Course"). Those rounds now count at the default par,
 * so their golfers' handicaps, and the calculated points of the nights where their net scores moved, are recomputed
 * in the same transaction (docs/decisions/012-deleting-a-course.md, docs/decisions/117-points-never-stale.md).
 */
export function deleteCourse(id: number, actor: Actor | null, client: Tx = db): Promise<void> {
  return inTransaction(client, async (tx) => {
    const course = await requireCourse(id, tx);
    const players = await tx.round.findMany({
      where: { courseId: id },
      select: { golferId: true },
      distinct: ['golferId'],
    });
    await tx.round.updateMany({ where: { courseId: id }, data: { courseId: null } });
    await tx.course.delete({ where: { id } });
    await recordAudit(tx, actor, auditDeleted(courseTarget(id), course));
    await recomputeHandicapsAndPoints(
      tx,
      players.map((p) => p.golferId),
    );
  });
}
