import { db, type Tx } from '~/utils/db.server';

/** Courses for selects. */
export function listCourseOptions(client: Tx = db) {
  return client.course.findMany({ select: { id: true, courseName: true, coursePar: true }, orderBy: { courseName: 'asc' } });
}
