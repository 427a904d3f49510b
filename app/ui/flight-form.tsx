import { getSelectProps, useForm, type SubmissionResult } from '@conform-to/react';
import { GolferPicker, type GolferChoicesData } from '~/ui/golfer-picker';
import { DialogForm, zodValidation } from '~/ui/schema-form';
import { SeasonSelect } from '~/ui/season-select';
import { SelectField } from '~/ui/primitives/field';
import { FLIGHT_NUMBERS } from '~/domain/league-rules';
import { flightSchema } from '~/schemas/flight';

/** Assign Flight / Edit Flight Assignment: golfer, season and flight (values '1' to '4'). */
export function FlightForm({
  mode,
  assignment,
  golfers,
  seasons,
  lastResult,
  closeTo,
}: {
  mode: 'create' | 'update';
  assignment: { id?: number; golferId?: number; season: number; flightNo?: string };
  golfers: GolferChoicesData | null;
  seasons: number[];
  lastResult?: SubmissionResult<string[]> | null;
  closeTo: string;
}) {
  const [form, fields] = useForm({
    id: mode === 'create' ? 'assign-flight' : `edit-flight-${assignment.id}`,
    lastResult,
    defaultValue: {
      golferId: assignment.golferId?.toString() ?? '',
      season: String(assignment.season),
      flightNo: assignment.flightNo ?? '',
    },
    ...zodValidation(flightSchema),
  });

  return (
    <DialogForm
      form={form}
      intent={mode}
      recordId={assignment.id}
      failure={mode === 'create' ? 'Failed to create flight assignment' : 'Failed to update flight assignment'}
      submit={mode === 'create' ? 'Assign Flight' : 'Update Assignment'}
      closeTo={closeTo}
    >
      <GolferPicker choices={golfers} field={fields.golferId} selectProps={getSelectProps(fields.golferId)} />
      <div className="grid gap-4 sm:grid-cols-2">
        <SeasonSelect
          seasons={seasons}
          recordSeason={assignment.season}
          selectProps={getSelectProps(fields.season)}
          errors={fields.season.errors}
          errorId={fields.season.errorId}
        />
        <SelectField
          label="Flight"
          errors={fields.flightNo.errors}
          errorId={fields.flightNo.errorId}
          selectProps={getSelectProps(fields.flightNo)}
        >
          <option value="">Select a flight</option>
          {FLIGHT_NUMBERS.map((n) => (
            <option key={n} value={n}>
              Flight {n}
            </option>
          ))}
        </SelectField>
      </div>
    </DialogForm>
  );
}
