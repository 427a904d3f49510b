import { getSelectProps, useForm, type SubmissionResult } from '@conform-to/react';
import { MAX_DAYS } from '~/domain/automation';
import { jobScheduleSchema } from '~/schemas/automation';
import { FormField, SelectField, WholeNumberField } from '~/ui/primitives/field';
import { DialogForm, zodValidation } from '~/ui/schema-form';

/**
 * 'Edit schedule' of one job on /automation (docs/product/automation.md#changing-a-schedule): days (0 to 14), before
 * or after each night, and the time, checked by the same schema in the browser and in the action.
 */
export function JobScheduleForm({
  job,
  name,
  daysBefore,
  time,
  lastResult,
  closeTo,
}: {
  job: string;
  name: string;
  daysBefore: number;
  time: string;
  lastResult?: SubmissionResult<string[]> | null;
  closeTo: string;
}) {
  const [form, fields] = useForm({
    id: `schedule-${job}`,
    lastResult,
    defaultValue: {
      days: String(Math.abs(daysBefore)),
      direction: daysBefore < 0 ? 'after' : 'before',
      time,
    },
    ...zodValidation(jobScheduleSchema),
  });
  return (
    <DialogForm
      form={form}
      intent="schedule"
      failure={`Failed to change the schedule of the ${name}`}
      submit="Save schedule"
      closeTo={closeTo}
    >
      <input type="hidden" name="job" value={job} />
      <div className="grid gap-4 sm:grid-cols-3">
        <WholeNumberField
          field={fields.days}
          label="Days"
          hint="0: on the night's day"
          limits={{ min: 0, max: MAX_DAYS }}
        />
        <SelectField
          label="Before or after the night"
          errors={fields.direction.errors}
          errorId={fields.direction.errorId}
          selectProps={getSelectProps(fields.direction)}
        >
          <option value="before">before</option>
          <option value="after">after</option>
        </SelectField>
        <FormField field={fields.time} type="time" label="Time (Detroit)" />
      </div>
    </DialogForm>
  );
}
