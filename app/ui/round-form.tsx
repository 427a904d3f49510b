import { getInputProps, getSelectProps, getTextareaProps, useForm, type SubmissionResult } from '@conform-to/react';
import { DatePicker } from '~/ui/date-picker';
import { GolferPicker, type GolferChoicesData } from '~/ui/golfer-picker';
import { RecordSelect } from '~/ui/record-select';
import { DialogForm, zodValidation } from '~/ui/schema-form';
import { SeasonSelect } from '~/ui/season-select';
import { ErrorList, FormField, inputClass } from '~/ui/primitives/field';
import { GROSS_MAX, GROSS_MIN, roundSchema } from '~/schemas/round';
import { cn } from '~/ui/cn';

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
 * A schedule date whose rounds count for neither handicap nor standings (docs/product/seasons.md#what-a-season-holds):
 * a practice round, fun night or final outing (`event`), or any rained-out date.
 */
export type NonCountingDate = { date: string; event: string; rainOut: boolean };

/** What a non-counting date is called in the rounds table's badge title and the form's notice. */
export function nonCountingName(entry: NonCountingDate): string {
  return entry.rainOut ? 'Rain-out' : entry.event;
}

/**
 * Record New Round / Edit Round. A plain Remix form posting intent=create or intent=update to the rounds route,
 * validated with the same schema as the server as the user types; the server computes the handicap columns.
 * Under the date, a notice when the schedule says rounds on it do not count: it follows the date as it is typed or
 * picked, and without JavaScript shows for the date the form was rendered with.
 */
export function RoundForm({
  mode,
  round,
  golfers,
  courses,
  seasons,
  nonCounting,
  lastResult,
  closeTo,
}: {
  mode: 'create' | 'update';
  round: RoundDefaults;
  golfers: GolferChoicesData | null;
  courses: CourseOption[] | null;
  seasons: number[];
  /** The non-counting dates of the seasons the form offers (null while they load). */
  nonCounting: readonly NonCountingDate[] | null;
  lastResult?: SubmissionResult<string[]> | null;
  closeTo: string;
}) {
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
    ...zodValidation(roundSchema),
  });
  const notCounting = nonCounting?.find((entry) => entry.date === fields.date.value);

  return (
    <DialogForm
      form={form}
      intent={mode}
      recordId={round.id}
      failure={mode === 'create' ? 'Failed to record round' : 'Failed to update round'}
      submit={mode === 'create' ? 'Record Round' : 'Update Round'}
      closeTo={closeTo}
    >
      <GolferPicker choices={golfers} field={fields.golferId} selectProps={getSelectProps(fields.golferId)} />
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
      <div className="space-y-1">
        <DatePicker
          label="Date"
          errors={fields.date.errors}
          errorId={fields.date.errorId}
          inputProps={getInputProps(fields.date, { type: 'date' })}
        />
        {/* Always in the page, so a screen reader hears the notice appear as the date changes. */}
        <div aria-live="polite">
          {notCounting ? (
            <p className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
              {nonCountingName(notCounting)}: rounds on this date count for neither handicap nor standings.
            </p>
          ) : null}
        </div>
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <SeasonSelect
          seasons={seasons}
          recordSeason={round.season}
          selectProps={getSelectProps(fields.season)}
          errors={fields.season.errors}
          errorId={fields.season.errorId}
        />
        <FormField
          field={fields.grossScore}
          type="number"
          label="Gross Score"
          placeholder="72"
          min={GROSS_MIN}
          max={GROSS_MAX}
          step={1}
          inputMode="numeric"
        />
        {/* Shared points of a tie can be halves or thirds, so any decimal is allowed. */}
        <FormField field={fields.points} type="number" label="Points" placeholder="8" step="any" inputMode="decimal" />
      </div>
      {/* field.tsx has no textarea field; the markup is FormField's frame around a textarea. */}
      <div className="space-y-1">
        <label htmlFor={fields.notes.id} className="block text-sm font-medium text-slate-700">
          Notes
        </label>
        <textarea {...getTextareaProps(fields.notes)} rows={2} className={cn(inputClass, 'resize-y')} />
        <ErrorList id={fields.notes.errorId} errors={fields.notes.errors} />
      </div>
    </DialogForm>
  );
}
