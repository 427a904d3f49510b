import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4';
import { Form, Link } from '@remix-run/react';
import { useIsPending } from '~/utils/use-is-pending';
import { FormAlert } from '~/components/form-alert';
import { GolferSelect, type GolferOption } from '~/components/record-select';
import { SeasonSelect } from '~/components/season-select';
import { Button, buttonClass } from '~/components/ui/button';
import { Field } from '~/components/ui/field';
import { ESTIMATED_SCORE_MAX, ESTIMATED_SCORE_MIN, ESTIMATED_SCORE_PLACEHOLDER } from '~/domain/league-rules';
import { membershipSchema } from '~/schemas/membership';

type MembershipValues = {
  id: number;
  golferId: number;
  season: number;
  registered: boolean;
  paid: boolean;
  estimatedScore: number | null;
};

function Toggle({
  name,
  id,
  label,
  defaultChecked,
  hint,
}: {
  name: string;
  id: string;
  label: string;
  defaultChecked: boolean;
  hint: string;
}) {
  return (
    <label htmlFor={id} className="flex cursor-pointer items-start gap-3 rounded-md border p-3">
      <input
        id={id}
        name={name}
        type="checkbox"
        role="switch"
        defaultChecked={defaultChecked}
        className="peer sr-only"
      />
      <span
        aria-hidden
        className="relative mt-0.5 inline-block h-5 w-9 shrink-0 rounded-full bg-slate-300 transition-colors after:absolute after:left-0.5 after:top-0.5 after:h-4 after:w-4 after:rounded-full after:bg-white after:transition-transform peer-checked:bg-emerald-600 peer-checked:after:translate-x-4 peer-focus-visible:outline peer-focus-visible:outline-2 peer-focus-visible:outline-emerald-700"
      />
      <span>
        <span className="block text-sm font-medium text-slate-800">{label}</span>
        <span className="block text-xs text-slate-500">{hint}</span>
      </span>
    </label>
  );
}

/**
 * Memberships form (docs/product/screens-admin.md#memberships): golfer, season, registered and paid toggles, optional
 * estimated nine-hole score.
 */
export function MembershipForm({
  membership,
  golfers,
  seasons,
  season,
  lastResult,
  closeTo,
}: {
  membership?: MembershipValues | null;
  golfers: GolferOption[];
  seasons: number[];
  season: number;
  lastResult?: SubmissionResult<string[]> | null;
  closeTo: string;
}) {
  const intent = membership ? 'update' : 'create';
  const saving = useIsPending({ intent });
  // The switches start from the form's initial values, which after a refused save are what was submitted (so a
  // second try without JavaScript does not silently drop a ticked Registered or Paid), else the record's.
  const [form, fields] = useForm({
    id: membership ? `membership-${membership.id}` : 'membership-new',
    lastResult,
    defaultValue: membership
      ? {
          golferId: String(membership.golferId),
          season: String(membership.season),
          registered: membership.registered ? 'on' : '',
          paid: membership.paid ? 'on' : '',
          estimatedScore: membership.estimatedScore === null ? '' : String(membership.estimatedScore),
        }
      : { season: String(season) },
    constraint: getZodConstraint(membershipSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: membershipSchema }),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  });

  return (
    <Form method="post" preventScrollReset className="space-y-4" {...getFormProps(form)}>
      <input type="hidden" name="intent" value={intent} />
      {membership ? <input type="hidden" name="id" value={membership.id} /> : null}
      <FormAlert
        title={membership ? 'Failed to update membership' : 'Failed to create membership'}
        messages={form.errors}
      />
      <GolferSelect golfers={golfers} field={fields.golferId} selectProps={getSelectProps(fields.golferId)} />
      <SeasonSelect
        seasons={seasons}
        recordSeason={membership?.season}
        selectProps={getSelectProps(fields.season)}
        errors={fields.season.errors}
        errorId={fields.season.errorId}
      />
      <div className="grid gap-3 sm:grid-cols-2">
        <Toggle
          name={fields.registered.name}
          id={fields.registered.id}
          label="Registered"
          hint="Signed up for the season"
          defaultChecked={fields.registered.initialValue === 'on'}
        />
        <Toggle
          name={fields.paid.name}
          id={fields.paid.id}
          label="Paid"
          hint="Season fee received"
          defaultChecked={fields.paid.initialValue === 'on'}
        />
      </div>
      <Field
        label="Estimated Score (optional)"
        hint={`Estimated 9-hole score, ${ESTIMATED_SCORE_MIN} to ${ESTIMATED_SCORE_MAX}; it starts a new golfer's handicap.`}
        errors={fields.estimatedScore.errors}
        errorId={fields.estimatedScore.errorId}
        inputProps={{
          ...getInputProps(fields.estimatedScore, { type: 'number' }),
          placeholder: String(ESTIMATED_SCORE_PLACEHOLDER),
          min: ESTIMATED_SCORE_MIN,
          max: ESTIMATED_SCORE_MAX,
          step: 1,
        }}
      />
      <div className="flex justify-end gap-2 pt-2">
        <Link to={closeTo} preventScrollReset className={buttonClass('secondary')}>
          Cancel
        </Link>
        <Button type="submit" disabled={saving}>
          {saving ? 'Saving...' : membership ? 'Update Membership' : 'Create Membership'}
        </Button>
      </div>
    </Form>
  );
}
