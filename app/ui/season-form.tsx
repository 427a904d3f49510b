import { getInputProps, getSelectProps, useForm, type SubmissionResult } from '@conform-to/react';
import { RecordSelect } from '~/ui/record-select';
import { DialogForm, zodValidation } from '~/ui/schema-form';
import { Field, FormField } from '~/ui/primitives/field';
import { seasonSchema, seasonUpdateSchema } from '~/schemas/season';
import { dollarFieldText } from '~/domain/format';

type SeasonValues = {
  year: number;
  feeCents: number;
  registrationOpens: string | null;
  registrationCloses: string | null;
};

/**
 * 'Add Season' and 'Edit Season' (docs/product/seasons.md#season-screens). The year names the season, so it is typed
 * only when adding; so is 'Copy schedule from' (the seasons that have a schedule, or 'Start empty'). Empty
 * registration dates keep the default window: January 1 to the season's last scheduled date.
 */
export function SeasonForm({
  season,
  copyFrom,
  intent,
  lastResult,
  closeTo,
}: {
  /** The season being edited; none when adding. */
  season?: SeasonValues | null;
  /** The years 'Copy schedule from' offers (adding only). */
  copyFrom?: readonly number[];
  /** The intent the form posts: 'create' when adding, the page's update intent when editing. */
  intent: string;
  lastResult?: SubmissionResult<string[]> | null;
  closeTo: string;
}) {
  const [form, fields] = useForm({
    id: season ? `season-${season.year}` : 'season-new',
    lastResult,
    defaultValue: season
      ? {
          fee: dollarFieldText(season.feeCents),
          registrationOpens: season.registrationOpens ?? '',
          registrationCloses: season.registrationCloses ?? '',
        }
      : undefined,
    // conform cannot read constraints from a schema whose root is a .transform() (it reshapes the value into the
    // model's input and never fails), so the browser checks the object the transform starts from.
    ...zodValidation(season ? seasonUpdateSchema.def.in : seasonSchema.def.in),
  });

  return (
    <DialogForm
      form={form}
      intent={intent}
      recordId={season?.year}
      failure={season ? 'Failed to update season' : 'Failed to create season'}
      submit={season ? 'Update Season' : 'Create Season'}
      closeTo={closeTo}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        {season ? null : <FormField label="Year" field={fields.year} type="number" step={1} inputMode="numeric" />}
        <FormField
          label="Fee ($)"
          hint={season ? undefined : "Empty: the previous season's fee."}
          field={fields.fee}
          inputMode="decimal"
          placeholder="150.00"
        />
        <Field
          label="Registration opens"
          errors={fields.registrationOpens.errors}
          errorId={fields.registrationOpens.errorId}
          inputProps={getInputProps(fields.registrationOpens, { type: 'date' })}
        />
        <Field
          label="Registration closes"
          errors={fields.registrationCloses.errors}
          errorId={fields.registrationCloses.errorId}
          inputProps={getInputProps(fields.registrationCloses, { type: 'date' })}
        />
      </div>
      <p className="text-xs text-slate-500">
        Without dates, registration is open from January 1 to the season&apos;s last scheduled date.
      </p>
      {season ? null : (
        <RecordSelect
          label="Copy schedule from"
          options={(copyFrom ?? []).map((year) => ({ value: String(year), label: String(year) }))}
          placeholder="Start empty"
          loadingText="Start empty"
          emptyText="Start empty"
          errors={fields.copyFrom.errors}
          errorId={fields.copyFrom.errorId}
          selectProps={getSelectProps(fields.copyFrom)}
        />
      )}
    </DialogForm>
  );
}
