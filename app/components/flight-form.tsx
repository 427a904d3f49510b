import { getFormProps, getSelectProps, useForm, type SubmissionResult } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4';
import { Form, Link, useNavigation } from '@remix-run/react';
import { RecordSelect } from '~/components/record-select';
import { Button, buttonClass } from '~/components/ui/button';
import { ErrorList, inputClass } from '~/components/ui/field';
import { FLIGHT_NUMBERS, flightSchema } from '~/schemas/flight';

export type FlightGolferOption = { id: number; fullName: string };

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
  golfers: FlightGolferOption[] | null;
  seasons: number[];
  lastResult?: SubmissionResult<string[]> | null;
  closeTo: string;
}) {
  const navigation = useNavigation();
  const saving = navigation.state === 'submitting' && navigation.formData?.get('intent') === mode;
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
  const seasonChoices = seasons.includes(assignment.season) ? seasons : [...seasons, assignment.season];

  return (
    <Form method="post" preventScrollReset className="space-y-4" {...getFormProps(form)}>
      <input type="hidden" name="intent" value={mode} />
      {assignment.id ? <input type="hidden" name="id" value={assignment.id} /> : null}
      {form.errors?.length ? (
        <div role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-800">
          <p className="font-semibold">{mode === 'create' ? 'Failed to create flight assignment' : 'Failed to update flight assignment'}</p>
          <ErrorList id={form.errorId} errors={form.errors} />
        </div>
      ) : null}
      <RecordSelect
        label="Golfer"
        options={golfers?.map((g) => ({ value: String(g.id), label: g.fullName })) ?? null}
        placeholder="Select a golfer"
        loadingText="Loading golfers..."
        emptyText="No golfers found"
        errors={fields.golferId.errors}
        errorId={fields.golferId.errorId}
        selectProps={getSelectProps(fields.golferId)}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="space-y-1">
          <label htmlFor={fields.season.id} className="block text-sm font-medium text-slate-700">
            Season
          </label>
          <select {...getSelectProps(fields.season)} className={inputClass}>
            {seasonChoices.map((s) => (
              <option key={s} value={s}>
                Season {s}
              </option>
            ))}
          </select>
          <ErrorList id={fields.season.errorId} errors={fields.season.errors} />
        </div>
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
