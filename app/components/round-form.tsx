import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useForm,
  type SubmissionResult,
} from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4';
import { Form, Link } from '@remix-run/react';
import { useIsPending } from '~/utils/use-is-pending';
import { DatePicker } from '~/components/date-picker';
import { FormAlert } from '~/components/form-alert';
import { GolferSelect, RecordSelect, type GolferOption } from '~/components/record-select';
import { SeasonSelect } from '~/components/season-select';
import { Button, buttonClass } from '~/components/ui/button';
import { ErrorList, Field, inputClass } from '~/components/ui/field';
import { GROSS_MAX, GROSS_MIN, roundSchema } from '~/schemas/round';
import { cn } from '~/utils/cn';

export type CourseOption = { id: number; courseName: string };
export type RoundDefaults = {
  id?: number;
  golferId?: number;
  courseId?: number | null;
  date?: string;
  season: number;
  grossScore?: number;
  points?: number | null;
  notes?: string | null;
};

/**
 * Record New Round / Edit Round. A plain Remix form posting intent=create or intent=update to the rounds route,
 * validated with the same schema as the server as the user types; the server computes the handicap columns.
 */
export function RoundForm({
  mode,
  round,
  golfers,
  courses,
  seasons,
  lastResult,
  closeTo,
}: {
  mode: 'create' | 'update';
  round: RoundDefaults;
  golfers: GolferOption[] | null;
  courses: CourseOption[] | null;
  seasons: number[];
  lastResult?: SubmissionResult<string[]> | null;
  closeTo: string;
}) {
  const saving = useIsPending({ intent: mode });
  const [form, fields] = useForm({
    id: mode === 'create' ? 'record-round' : `edit-round-${round.id}`,
    lastResult,
    defaultValue: {
      golferId: round.golferId?.toString() ?? '',
      courseId: round.courseId?.toString() ?? '',
      date: round.date ?? '',
      season: String(round.season),
      grossScore: round.grossScore?.toString() ?? '',
      points: round.points?.toString() ?? '',
      notes: round.notes ?? '',
    },
    constraint: getZodConstraint(roundSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: roundSchema }),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  });

  return (
    <Form method="post" preventScrollReset className="space-y-4" {...getFormProps(form)}>
      <input type="hidden" name="intent" value={mode} />
      {round.id ? <input type="hidden" name="id" value={round.id} /> : null}
      <FormAlert
        id={form.errorId}
        title={mode === 'create' ? 'Failed to record round' : 'Failed to update round'}
        messages={form.errors}
      />
      <GolferSelect golfers={golfers} field={fields.golferId} selectProps={getSelectProps(fields.golferId)} />
      <RecordSelect
        label="Course"
        options={courses?.map((c) => ({ value: String(c.id), label: c.courseName })) ?? null}
        placeholder="No course (league default par)"
        loadingText="Loading courses..."
        emptyText="No courses found"
        errors={fields.courseId.errors}
        errorId={fields.courseId.errorId}
        selectProps={getSelectProps(fields.courseId)}
      />
      {/* Full width, so the calendar opens in the flow of the form rather than over the fields beside it. */}
      <DatePicker
        label="Date"
        errors={fields.date.errors}
        errorId={fields.date.errorId}
        inputProps={getInputProps(fields.date, { type: 'date' })}
      />
      <div className="grid gap-4 sm:grid-cols-3">
        <SeasonSelect
          seasons={seasons}
          recordSeason={round.season}
          selectProps={getSelectProps(fields.season)}
          errors={fields.season.errors}
          errorId={fields.season.errorId}
        />
        <Field
          label="Gross Score"
          errors={fields.grossScore.errors}
          errorId={fields.grossScore.errorId}
          inputProps={{
            ...getInputProps(fields.grossScore, { type: 'number' }),
            placeholder: '72',
            min: GROSS_MIN,
            max: GROSS_MAX,
            step: 1,
            inputMode: 'numeric',
          }}
        />
        <Field
          label="Points"
          errors={fields.points.errors}
          errorId={fields.points.errorId}
          // Shared points of a tie can be halves or thirds, so any decimal is allowed.
          inputProps={{
            ...getInputProps(fields.points, { type: 'number' }),
            placeholder: '8',
            step: 'any',
            inputMode: 'decimal',
          }}
        />
      </div>
      <div className="space-y-1">
        <label htmlFor={fields.notes.id} className="block text-sm font-medium text-slate-700">
          Notes
        </label>
        <textarea {...getTextareaProps(fields.notes)} rows={2} className={cn(inputClass, 'resize-y')} />
        <ErrorList id={fields.notes.errorId} errors={fields.notes.errors} />
      </div>
      <div className="flex justify-end gap-2">
        <Link to={closeTo} preventScrollReset className={buttonClass('secondary')}>
          Cancel
        </Link>
        <Button type="submit" disabled={saving}>
          {saving ? 'Saving...' : mode === 'create' ? 'Record Round' : 'Update Round'}
        </Button>
      </div>
    </Form>
  );
}
