import { requireCourse, updateCourse } from '~/models/courses.server';
import { db, type Tx } from '~/db/db.server';
import { inTransaction } from '~/db/transaction.server';
import { auditNote, recordAudit, type Actor } from '~/db/audit.server';
import { ConflictError, InvalidError } from '~/domain/errors';
import { holesProblems, parOfHoles, type HoleSpec } from '~/domain/scorecard';
import { COURSE_PAR_MAX, COURSE_PAR_MIN } from '~/schemas/course';

/**
 * A course's holes (docs/product/scorecards.md): 9 or 18, each with par and stroke index. A course
 * without holes is scored by totals only, as before holes existed.
 */

export type HoleRow = HoleSpec;

const holeFields = { number: true, par: true, strokeIndex: true } as const;

/** One course's holes by number; empty when it has none. */
export function listHoles(courseId: number, client: Tx = db): Promise<HoleRow[]> {
  return client.hole.findMany({ where: { courseId }, select: holeFields, orderBy: { number: 'asc' } });
}

/** The holes of many courses in one query (the courses page, the export). */
export async function holesByCourse(courseIds: number[], client: Tx = db): Promise<Map<number, HoleRow[]>> {
  const out = new Map<number, HoleRow[]>(courseIds.map((id) => [id, []]));
  if (courseIds.length === 0) return out;
  const rows = await client.hole.findMany({
    where: { courseId: { in: courseIds } },
    select: { courseId: true, ...holeFields },
    orderBy: [{ courseId: 'asc' }, { number: 'asc' }],
  });
  for (const { courseId, ...hole } of rows) out.get(courseId)?.push(hole);
  return out;
}

/** Refuses holes that break the rules of §D1, every problem named, before anything is written. */
function checkHoles(holes: readonly HoleSpec[]): void {
  const problems = holesProblems(holes);
  const par = parOfHoles(holes);
  if (Object.keys(problems).length === 0 && (par < COURSE_PAR_MIN || par > COURSE_PAR_MAX))
    problems.holes = [`The holes' pars add up to ${par}: a course par is from ${COURSE_PAR_MIN} to ${COURSE_PAR_MAX}`];
  const messages = Object.values(problems).flat();
  if (messages.length > 0) throw new InvalidError(messages.join('. '), problems);
}

/**
 * Sets a course's holes (replacing any it had) and its par to their sum; a changed par recomputes handicaps and
 * calculated points as a course edit does (updateCourse), in the same transaction. A course whose cards hold hole
 * scores keeps its number of holes, so no stored score loses its hole.
 */
export function setCourseHoles(
  courseId: number,
  holes: readonly HoleSpec[],
  actor: Actor | null,
  client: Tx = db,
): Promise<HoleRow[]> {
  checkHoles(holes);
  return inTransaction(client, async (tx) => {
    const course = await requireCourse(courseId, tx);
    const before = await listHoles(courseId, tx);
    if (before.length !== holes.length && before.length > 0) {
      const scored = await tx.holeScore.count({ where: { scorecard: { courseId }, holeNumber: { gt: holes.length } } });
      if (scored > 0)
        throw new ConflictError(
          `${course.courseName} has scorecards with scores on holes ${holes.length + 1} to ${before.length}: it keeps its ${before.length} holes`,
        );
    }
    await tx.hole.deleteMany({ where: { courseId } });
    await tx.hole.createMany({ data: holes.map((h) => ({ courseId, ...pick(h) })) });
    const par = parOfHoles(holes);
    if (par !== course.coursePar) await updateCourse(courseId, { ...course, coursePar: par }, actor, tx);
    await recordAudit(
      tx,
      actor,
      auditNote({
        action: 'update',
        entity: 'course',
        entityId: String(courseId),
        summary: `Set the ${holes.length} holes of course #${courseId} '${course.courseName}' (par ${par})`,
      }),
    );
    return listHoles(courseId, tx);
  });
}

function pick(h: HoleSpec): HoleSpec {
  return { number: h.number, par: h.par, strokeIndex: h.strokeIndex };
}
