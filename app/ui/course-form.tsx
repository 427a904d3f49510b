import { useForm, type SubmissionResult } from '@conform-to/react';
import { DialogForm, zodValidation } from '~/ui/schema-form';
import { FormField } from '~/ui/primitives/field';
import { COURSE_PAR_MAX, COURSE_PAR_MIN, courseSchema } from '~/schemas/course';

type CourseValues = { id: number; courseName: string; coursePar: number; courseLength: string };

/**
 * Courses form (docs/product/screens-admin.md#courses): courseName, coursePar (placeholder 72), courseLength (text such
 * as '3.2 miles').
 */
export function CourseForm({
  course,
  lastResult,
  closeTo,
}: {
  course?: CourseValues | null;
  lastResult?: SubmissionResult<string[]> | null;
  closeTo: string;
}) {
  const [form, fields] = useForm({
    id: course ? `course-${course.id}` : 'course-new',
    lastResult,
    defaultValue: course
      ? { courseName: course.courseName, coursePar: String(course.coursePar), courseLength: course.courseLength }
      : undefined,
    ...zodValidation(courseSchema),
  });

  return (
    <DialogForm
      form={form}
      intent={course ? 'update' : 'create'}
      recordId={course?.id}
      failure={course ? 'Failed to update course' : 'Failed to create course'}
      submit={course ? 'Update Course' : 'Create Course'}
      closeTo={closeTo}
    >
      <FormField label="Course Name" field={fields.courseName} />
      <FormField
        label="Par"
        hint={`Nine-hole or eighteen-hole par, ${COURSE_PAR_MIN} to ${COURSE_PAR_MAX}.`}
        field={fields.coursePar}
        type="number"
        placeholder="72"
        min={COURSE_PAR_MIN}
        max={COURSE_PAR_MAX}
        step={1}
      />
      <FormField
        label="Length"
        hint="In miles or yards, e.g. 3.2 miles or 3,100 yards."
        field={fields.courseLength}
        placeholder="3.2 miles"
      />
    </DialogForm>
  );
}
