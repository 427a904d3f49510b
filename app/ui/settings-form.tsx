import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react';
import { Form } from '@remix-run/react';
import { useIsPending } from '~/ui/use-is-pending';
import { FormAlert } from '~/ui/form-alert';
import { zodValidation } from '~/ui/schema-form';
import { Button } from '~/ui/primitives/button';
import { CheckboxField, FormField, WholeNumberField } from '~/ui/primitives/field';
import { dollarFieldText } from '~/domain/format';
import { DEFAULT_PAR, settingsSchema, TEE_INTERVAL_MINUTES } from '~/schemas/settings';

type SettingsValues = {
  leagueName: string;
  statementDescriptor: string;
  seasonFeeCents: number;
  teeFirst: string;
  teeLast: string;
  teeIntervalMinutes: number;
  defaultPar: number;
  publishStats: boolean;
  skins: boolean;
  skinsCarryOver: boolean;
  availabilityCutoffDays: number;
  availabilityCutoffTime: string;
  autoOfferSubs: boolean;
};

/** The league's settings (docs/product/screens-admin.md#settings); the fee is typed in dollars. */
export function SettingsForm({
  settings,
  lastResult,
  disabled,
}: {
  settings: SettingsValues;
  lastResult?: SubmissionResult<string[]> | null;
  disabled: boolean;
}) {
  const saving = useIsPending({ intent: 'settings' });
  const [form, fields] = useForm({
    id: 'settings',
    lastResult,
    defaultValue: {
      leagueName: settings.leagueName,
      statementDescriptor: settings.statementDescriptor,
      seasonFeeCents: dollarFieldText(settings.seasonFeeCents),
      teeFirst: settings.teeFirst,
      teeLast: settings.teeLast,
      teeIntervalMinutes: String(settings.teeIntervalMinutes),
      defaultPar: String(settings.defaultPar),
      publishStats: settings.publishStats ? 'on' : undefined,
      skins: settings.skins ? 'on' : undefined,
      skinsCarryOver: settings.skinsCarryOver ? 'on' : undefined,
      availabilityCutoffDays: String(settings.availabilityCutoffDays),
      availabilityCutoffTime: settings.availabilityCutoffTime,
      autoOfferSubs: settings.autoOfferSubs ? 'on' : undefined,
    },
    ...zodValidation(settingsSchema),
  });

  return (
    <Form method="post" preventScrollReset className="space-y-4" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="settings" />
      <FormAlert title="Failed to save settings" messages={form.errors} />
      <fieldset disabled={disabled} className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="League Name" hint="Shown in the header and page titles." field={fields.leagueName} />
          <FormField
            label="Statement Descriptor"
            hint="How the season fee appears on card statements (5 to 22 characters)."
            field={fields.statementDescriptor}
            maxLength={22}
          />
          <FormField
            label="Season Fee ($)"
            hint="Charged once per season at registration."
            field={fields.seasonFeeCents}
            inputMode="decimal"
            placeholder="150.00"
          />
          <WholeNumberField
            label="Default Par"
            hint="Nine-hole par for rounds recorded without a course."
            field={fields.defaultPar}
            limits={DEFAULT_PAR}
          />
          <FormField label="First Tee Time" field={fields.teeFirst} type="time" />
          <FormField label="Last Tee Time" field={fields.teeLast} type="time" />
          <WholeNumberField
            label="Tee Time Interval (minutes)"
            hint="Minutes between standing tee times."
            field={fields.teeIntervalMinutes}
            limits={TEE_INTERVAL_MINUTES}
          />
        </div>
        <CheckboxField
          field={fields.publishStats}
          label="Publish stats website"
          hint="Standings, results and golfers' handicaps at /stats for everyone. When off, only administrators see them."
        />
        <CheckboxField
          field={fields.skins}
          label="Skins"
          hint="Gross and net skins of each night and flight, from attested scorecards: a hole won outright is a skin."
        />
        <CheckboxField
          field={fields.skinsCarryOver}
          label="Skins carry over"
          hint="A tied hole's skin goes to the next hole won outright. When off, a tied hole's skin is not won."
        />
        <fieldset className="space-y-3 rounded-md border border-slate-200 p-3">
          <legend className="px-1 text-sm font-semibold text-slate-800">Availability cut-off</legend>
          <p className="text-xs text-slate-500">
            Golfers mark a league night In or Out online until this time (Detroit); after it they call you. Offers&apos;
            links to subs expire then too. The default is noon the day before.
          </p>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField
              label="Days before the night"
              field={fields.availabilityCutoffDays}
              type="number"
              min={0}
              max={7}
              step={1}
            />
            <FormField label="At" field={fields.availabilityCutoffTime} type="time" />
          </div>
          <CheckboxField
            field={fields.autoOfferSubs}
            label="Offer open spots to subs automatically"
            hint="When a golfer marks a night Out, the subs are emailed the spot at once, as 'Offer spot to subs' on the night view does."
          />
        </fieldset>
        <div className="flex justify-end">
          <Button type="submit" disabled={saving || disabled}>
            {saving ? 'Saving...' : 'Save Settings'}
          </Button>
        </div>
      </fieldset>
    </Form>
  );
}
