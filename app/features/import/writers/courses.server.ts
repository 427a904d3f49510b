import { createCourse, updateCourse } from '~/models/courses.server';
import type { CourseImportInput } from '~/schemas/holes';
import { holesByCourse, setCourseHoles } from '~/models/holes.server';
import { holesToText } from '~/domain/scorecard';
import { type Writer, eachRow } from './writer.server';

/**
 * Courses are matched by name (ignoring case) and updated, so re-importing an export changes nothing; a new name
 * is a new course. updateCourse recomputes handicaps itself when a par changes.
 */
export const courseWriter: Writer<CourseImportInput> = {
  async write(tx, rows, wrap) {
    const stored = await tx.course.findMany({
      select: { id: true, courseName: true, coursePar: true, courseLength: true },
      orderBy: { id: 'asc' },
    });
    const holesOf = await holesByCourse(
      stored.map((c) => c.id),
      tx,
    );
    const byName = new Map<string, (typeof stored)[number]>();
    for (const course of stored) {
      const key = course.courseName.trim().toLowerCase();
      if (!byName.has(key)) byName.set(key, course);
    }
    await eachRow(rows, wrap, async ({ input: { holes, ...input } }) => {
      const match = byName.get(input.courseName.trim().toLowerCase());
      // A row with holes sets them (and the par, their sum); a row without leaves a course's holes as they are.
      const sameHoles = !holes || (match && holesToText(holesOf.get(match.id) ?? []) === holesToText(holes));
      if (!match) {
        const created = await createCourse(input, null, tx);
        if (holes) await setCourseHoles(created.id, holes, null, tx);
        return;
      }
      if (
        match.courseName === input.courseName.trim() &&
        match.coursePar === input.coursePar &&
        match.courseLength === input.courseLength.trim() &&
        sameHoles
      )
        return;
      await updateCourse(match.id, input, null, tx);
      if (holes && !sameHoles) await setCourseHoles(match.id, holes, null, tx);
    });
  },
};
