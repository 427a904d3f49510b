import { getFormProps, getInputProps, useForm, type SubmissionResult } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4';
import { Form, Link } from '@remix-run/react';
import { useIsPending } from '~/utils/use-is-pending';
import { FormAlert } from '~/components/form-alert';
import { Button, buttonClass } from '~/components/ui/button';
import { Field } from '~/components/ui/field';
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
  const intent = course ? 'update' : 'create';
  const saving = useIsPending({ intent });
  const [form, fields] = useForm({
    id: course ? `course-${course.id}` : 'course-new',
    lastResult,
    defaultValue: course
      ? { courseName: course.courseName, coursePar: String(course.coursePar), courseLength: course.courseLength }
      : undefined,
    constraint: getZodConstraint(courseSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: courseSchema }),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  });

  return (
    <Form method="post" preventScrollReset className="space-y-4" {...getFormProps(form)}>
      <input type="hidden" name="intent" value={intent} />
      {course ? <input type="hidden" name="id" value={course.id} /> : null}
      <FormAlert title={course ? 'Failed to update course' : 'Failed to create course'} messages={form.errors} />
      <Field
        label="Course Name"
        errors={fields.courseName.errors}
        errorId={fields.courseName.errorId}
        inputProps={{ ...getInputProps(fields.courseName, { type: 'text' }) }}
      />
      <Field
        label="Par"
        hint={`Nine-hole or eighteen-hole par, ${COURSE_PAR_MIN} to ${COURSE_PAR_MAX}.`}
        errors={fields.coursePar.errors}
        errorId={fields.coursePar.errorId}
        inputProps={{
          ...getInputProps(fields.coursePar, { type: 'number' }),
          placeholder: '72',
          min: COURSE_PAR_MIN,
          max: COURSE_PAR_MAX,
          step: 1,
        }}
      />
      <Field
        label="Length"
        hint="In miles or yards, e.g. 3.2 miles or 3,100 yards."
        errors={fields.courseLength.errors}
        errorId={fields.courseLength.errorId}
        inputProps={{ ...getInputProps(fields.courseLength, { type: 'text' }), placeholder: '3.2 miles' }}
      />
      <div className="flex justify-end gap-2 pt-2">
        <Link to={closeTo} preventScrollReset className={buttonClass('secondary')}>
          Cancel
        </Link>
        <Button type="submit" disabled={saving}>
          {saving ? 'Saving...' : course ? 'Update Course' : 'Create Course'}
        </Button>
      </div>
    </Form>
  );
}
