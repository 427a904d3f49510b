import { getSelectProps, useForm, type SubmissionResult } from '@conform-to/react';
import { GolferPicker, type GolferChoicesData } from '~/ui/golfer-picker';
import { DialogForm, zodValidation } from '~/ui/schema-form';
import { SeasonSelect } from '~/ui/season-select';
import { FormField } from '~/ui/primitives/field';
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

/** A yes/no switch posting 'on' when ticked; it starts from the field's initial value. */
function Toggle({
  field,
  label,
  hint,
}: {
  field: { id: string; name: string; initialValue?: unknown };
  label: string;
  hint: string;
}) {
  return (
    <label htmlFor={field.id} className="flex cursor-pointer items-start gap-3 rounded-md border p-3">
      <input
        id={field.id}
        name={field.name}
        type="checkbox"
        role="switch"
        defaultChecked={field.initialValue === 'on'}
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
  golfers: GolferChoicesData | null;
  seasons: number[];
  season: number;
  lastResult?: SubmissionResult<string[]> | null;
  closeTo: string;
}) {
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
    ...zodValidation(membershipSchema),
  });

  return (
    <DialogForm
      form={form}
      intent={membership ? 'update' : 'create'}
      recordId={membership?.id}
      failure={membership ? 'Failed to update membership' : 'Failed to create membership'}
      submit={membership ? 'Update Membership' : 'Create Membership'}
      closeTo={closeTo}
    >
      <GolferPicker choices={golfers} field={fields.golferId} selectProps={getSelectProps(fields.golferId)} />
      <SeasonSelect
        seasons={seasons}
        recordSeason={membership?.season}
        selectProps={getSelectProps(fields.season)}
        errors={fields.season.errors}
        errorId={fields.season.errorId}
      />
      <div className="grid gap-3 sm:grid-cols-2">
        <Toggle field={fields.registered} label="Registered" hint="Signed up for the season" />
        <Toggle field={fields.paid} label="Paid" hint="Season fee received" />
      </div>
      <FormField
        label="Estimated Score (optional)"
        hint={`Estimated 9-hole score, ${ESTIMATED_SCORE_MIN} to ${ESTIMATED_SCORE_MAX}; it starts a new golfer's handicap.`}
        field={fields.estimatedScore}
        type="number"
        placeholder={String(ESTIMATED_SCORE_PLACEHOLDER)}
        min={ESTIMATED_SCORE_MIN}
        max={ESTIMATED_SCORE_MAX}
        step={1}
      />
    </DialogForm>
  );
}
