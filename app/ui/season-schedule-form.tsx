import { getInputProps, getSelectProps, useForm, type SubmissionResult } from '@conform-to/react';
import { DatePicker } from '~/ui/date-picker';
import { RecordSelect } from '~/ui/record-select';
import { DialogForm, zodValidation } from '~/ui/schema-form';
import { FormField } from '~/ui/primitives/field';
import { KIND_LABELS, SCHEDULE_KINDS, type ScheduleEntry } from '~/domain/schedule';
import { scheduleEntrySchema } from '~/schemas/season';

const KIND_OPTIONS = SCHEDULE_KINDS.map((kind) => ({ value: kind, label: KIND_LABELS[kind] }));

/**
 * One date of a season's schedule (docs/product/seasons.md#season-screens): the date, its scoring week (empty for
 * a date that is not one), the event text and its kind, which decides whether its rounds count. Editing also
 * shows the rain-out mark, because the schema reads a missing mark as "not rained out": saving a date must not
 * clear one.
 */
export function ScheduleEntryForm({
  entry,
  year,
  lastResult,
  closeTo,
}: {
  entry?: (ScheduleEntry & { id: number }) | null;
  year: number;
  lastResult?: SubmissionResult<string[]> | null;
  closeTo: string;
}) {
  const [form, fields] = useForm({
    id: entry ? `schedule-${entry.id}` : 'schedule-new',
    lastResult,
    defaultValue: entry
      ? {
          date: entry.date,
          weekNumber: entry.weekNumber?.toString() ?? '',
          event: entry.event,
          kind: entry.kind,
          rainOut: entry.rainOut ? 'on' : undefined,
        }
      : { kind: 'regular-round' },
    ...zodValidation(scheduleEntrySchema),
  });

  return (
    <DialogForm
      form={form}
      intent={entry ? 'update' : 'create'}
      recordId={entry?.id}
      failure={entry ? 'Failed to update schedule date' : 'Failed to add schedule date'}
      submit={entry ? 'Update Date' : 'Add Date'}
      closeTo={closeTo}
    >
      <DatePicker
        label="Date"
        errors={fields.date.errors}
        errorId={fields.date.errorId}
        inputProps={{ ...getInputProps(fields.date, { type: 'date' }), min: `${year}-01-01`, max: `${year}-12-31` }}
      />
      <div className="grid gap-4 sm:grid-cols-3">
        <FormField
          label="Week #"
          hint="Empty when not a scoring week."
          field={fields.weekNumber}
          type="number"
          min={1}
          step={1}
          inputMode="numeric"
        />
        <div className="sm:col-span-2">
          <RecordSelect
            label="Kind"
            options={KIND_OPTIONS}
            placeholder="Choose a kind"
            loadingText="Loading kinds..."
            emptyText="No kinds"
            errors={fields.kind.errors}
            errorId={fields.kind.errorId}
            selectProps={getSelectProps(fields.kind)}
          />
        </div>
      </div>
      <FormField label="Event" field={fields.event} maxLength={80} placeholder="League Play" />
      {entry ? (
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input {...getInputProps(fields.rainOut, { type: 'checkbox' })} className="h-4 w-4" />
          Rained out (its rounds count for neither handicap nor standings)
        </label>
      ) : null}
    </DialogForm>
  );
}
