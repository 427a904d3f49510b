import * as z from 'zod/mini';
import { HOLE_PAR_MAX, HOLE_PAR_MIN } from '~/domain/scorecard';
import { intField } from './form-values';

/**
 * A course's holes as the 'Holes' form (fields holes[i].number, holes[i].par, holes[i].strokeIndex), PUT
 * /api/courses/:id/holes ({ holes: [...] }) and the course import's `holes` column send them. The numbers are checked
 * here; the set (9 or 18, stroke indexes each once) by setCourseHoles (app/domain/scorecard.ts holesProblems).
 */
export const holeSchema = z.object({
  number: intField('Hole number', 1, 18),
  par: intField('Par', HOLE_PAR_MIN, HOLE_PAR_MAX),
  strokeIndex: intField('Stroke index', 1, 18),
});

export const courseHolesSchema = z.object({
  holes: z
    .array(holeSchema)
    .check(z.refine((holes) => holes.length === 9 || holes.length === 18, 'A course has 9 or 18 holes')),
});

export type CourseHolesInput = z.infer<typeof courseHolesSchema>;
