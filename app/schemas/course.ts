import * as z from 'zod/mini';
import { intField, textField } from './form-values';

export const COURSE_PAR_MIN = 27;
export const COURSE_PAR_MAX = 90;

/** Course form, API body and import row (all three fields required: docs/product/data-model.md#courses). */
export const courseSchema = z.object({
  courseName: textField('Course name is required', 100),
  // Nine-hole pars (27 to 45) and eighteen-hole pars (54 to 90) are both accepted; handicaps halve the latter.
  coursePar: intField('Par', COURSE_PAR_MIN, COURSE_PAR_MAX),
  courseLength: textField('Course length is required', 50),
});

export type CourseInput = z.infer<typeof courseSchema>;
