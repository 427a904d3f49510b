import { getFormProps, getSelectProps, useForm, type SubmissionResult } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4';
import { Form, Link } from '@remix-run/react';
import { useIsPending } from '~/utils/use-is-pending';
import { FormAlert } from '~/components/form-alert';
import { GolferSelect, type GolferOption } from '~/components/record-select';
import { SeasonSelect } from '~/components/season-select';
import { Button, buttonClass } from '~/components/ui/button';
import { ErrorList, inputClass } from '~/components/ui/field';
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
  golfers: GolferOption[] | null;
  seasons: number[];
  lastResult?: SubmissionResult<string[]> | null;
  closeTo: string;
}) {
  const saving = useIsPending({ intent: mode });
  const [form, fields] = useForm({
    id: mode === 'create' ? 'assign-flight' : `edit-flight-${assignment.id}`,
    lastResult,
    defaultValue: {
      golferId: assignment.golferId?.toString() ?? '',
      season: String(assignment.season),
      flightNo: assignment.flightNo ?? '',
    },
    constraint: getZodConstraint(flightSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: flightSchema }),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  });

  return (
    <Form method="post" preventScrollReset className="space-y-4" {...getFormProps(form)}>
      <input type="hidden" name="intent" value={mode} />
      {assignment.id ? <input type="hidden" name="id" value={assignment.id} /> : null}
      <FormAlert
        id={form.errorId}
        title={mode === 'create' ? 'Failed to create flight assignment' : 'Failed to update flight assignment'}
        messages={form.errors}
      />
      <GolferSelect golfers={golfers} field={fields.golferId} selectProps={getSelectProps(fields.golferId)} />
      <div className="grid gap-4 sm:grid-cols-2">
        <SeasonSelect
          seasons={seasons}
          recordSeason={assignment.season}
          selectProps={getSelectProps(fields.season)}
          errors={fields.season.errors}
          errorId={fields.season.errorId}
        />
        <div className="space-y-1">
          <label htmlFor={fields.flightNo.id} className="block text-sm font-medium text-slate-700">
            Flight
          </label>
          <select
            {...getSelectProps(fields.flightNo)}
            aria-invalid={fields.flightNo.errors?.length ? true : undefined}
            aria-describedby={fields.flightNo.errors?.length ? fields.flightNo.errorId : undefined}
            className={inputClass}
          >
            <option value="">Select a flight</option>
            {FLIGHT_NUMBERS.map((n) => (
              <option key={n} value={n}>
                Flight {n}
              </option>
            ))}
          </select>
          <ErrorList id={fields.flightNo.errorId} errors={fields.flightNo.errors} />
        </div>
      </div>
      <div className="flex justify-end gap-2">
        <Link to={closeTo} preventScrollReset className={buttonClass('secondary')}>
          Cancel
        </Link>
        <Button type="submit" disabled={saving}>
          {saving ? 'Saving...' : mode === 'create' ? 'Assign Flight' : 'Update Assignment'}
        </Button>
      </div>
    </Form>
  );
}
