import * as z from 'zod/mini';
import { HOLE_PAR_MAX, HOLE_PAR_MIN, holesFromText, holesProblems, parOfHoles } from '~/domain/scorecard';
import { courseSchema } from './course';
import { blankToUndefined, intField, preprocess } from './form-values';

/**
 * A course's holes as the 'Holes' form (fields holes[i].number, holes[i].par, holes[i].strokeIndex), PUT
 * /api/courses/:id/holes ({ holes: [...] }) and the course import's `holes` column send them. The numbers are checked
 * here; the set (9 or 18, stroke indexes each once) by setCourseHoles (app/domain/scorecard.ts holesProblems).
 */
const holeSchema = z.object({
  number: intField('Hole number', 1, 18),
  par: intField('Par', HOLE_PAR_MIN, HOLE_PAR_MAX),
  strokeIndex: intField('Stroke index', 1, 18),
});

export const courseHolesSchema = z.object({
  holes: z
    .array(holeSchema)
    .check(z.refine((holes) => holes.length === 9 || holes.length === 18, 'A course has 9 or 18 holes')),
});

const HOLES_TEXT = "Holes must be 9 or 18 'par/stroke index' pairs separated by spaces, such as 4/5 3/9 5/1";

/** The course import's `holes` cell (app/domain/scorecard.ts holesToText): blank leaves the holes as they are. */
const holesTextField = preprocess(
  (value) => {
    const text = blankToUndefined(value);
    if (text === undefined) return undefined;
    if (typeof text !== 'string') return text;
    return holesFromText(text) ?? text;
  },
  z.optional(
    z.array(holeSchema, { error: HOLES_TEXT }).check(
      z.refine((holes) => Object.keys(holesProblems(holes)).length === 0, {
        error: (issue) =>
          Object.values(holesProblems(issue.input as never))
            .flat()
            .join('. ') || HOLES_TEXT,
      }),
    ),
  ),
);

/** A course import row: the course form's fields and, optionally, its holes, whose pars add up to its par. */
export const courseImportSchema = z.object({ ...courseSchema.shape, holes: holesTextField }).check(
  z.refine((row) => row.holes === undefined || parOfHoles(row.holes) === row.coursePar, {
    error: "coursePar must be the sum of the holes' pars",
    path: ['coursePar'],
  }),
);

export type CourseImportInput = z.infer<typeof courseImportSchema>;
