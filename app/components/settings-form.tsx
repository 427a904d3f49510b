import { getFormProps, getInputProps, useForm, type SubmissionResult } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4';
import { Form } from '@remix-run/react';
import { useIsPending } from '~/utils/use-is-pending';
import { FormAlert } from '~/components/form-alert';
import { Button } from '~/components/ui/button';
import { Field } from '~/components/ui/field';
import { centsToDollarText, settingsSchema } from '~/schemas/settings';

type SettingsValues = {
  leagueName: string;
  statementDescriptor: string;
  seasonFeeCents: number;
  teeFirst: string;
  teeLast: string;
  teeIntervalMinutes: number;
  defaultPar: number;
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
      seasonFeeCents: centsToDollarText(settings.seasonFeeCents),
      teeFirst: settings.teeFirst,
      teeLast: settings.teeLast,
      teeIntervalMinutes: String(settings.teeIntervalMinutes),
      defaultPar: String(settings.defaultPar),
    },
    constraint: getZodConstraint(settingsSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: settingsSchema }),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  });

  return (
    <Form method="post" preventScrollReset className="space-y-4" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="settings" />
      <FormAlert title="Failed to save settings" messages={form.errors} />
      <fieldset disabled={disabled} className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label="League Name"
            hint="Shown in the header and page titles."
            errors={fields.leagueName.errors}
            errorId={fields.leagueName.errorId}
            inputProps={{ ...getInputProps(fields.leagueName, { type: 'text' }) }}
          />
          <Field
            label="Statement Descriptor"
            hint="How the season fee appears on card statements (5 to 22 characters)."
            errors={fields.statementDescriptor.errors}
            errorId={fields.statementDescriptor.errorId}
            inputProps={{ ...getInputProps(fields.statementDescriptor, { type: 'text' }), maxLength: 22 }}
          />
          <Field
            label="Season Fee ($)"
            hint="Charged once per season at registration."
            errors={fields.seasonFeeCents.errors}
            errorId={fields.seasonFeeCents.errorId}
            inputProps={{
              ...getInputProps(fields.seasonFeeCents, { type: 'text' }),
              inputMode: 'decimal',
              placeholder: '150.00',
            }}
          />
          <Field
            label="Default Par"
            hint="Nine-hole par for rounds recorded without a course."
            errors={fields.defaultPar.errors}
            errorId={fields.defaultPar.errorId}
            inputProps={{ ...getInputProps(fields.defaultPar, { type: 'number' }), min: 27, max: 45, step: 1 }}
          />
          <Field
            label="First Tee Time"
            errors={fields.teeFirst.errors}
            errorId={fields.teeFirst.errorId}
            inputProps={{ ...getInputProps(fields.teeFirst, { type: 'time' }) }}
          />
          <Field
            label="Last Tee Time"
            errors={fields.teeLast.errors}
            errorId={fields.teeLast.errorId}
            inputProps={{ ...getInputProps(fields.teeLast, { type: 'time' }) }}
          />
          <Field
            label="Tee Time Interval (minutes)"
            hint="Minutes between standing tee times."
            errors={fields.teeIntervalMinutes.errors}
            errorId={fields.teeIntervalMinutes.errorId}
            inputProps={{ ...getInputProps(fields.teeIntervalMinutes, { type: 'number' }), min: 5, max: 60, step: 1 }}
          />
        </div>
        <div className="flex justify-end">
          <Button type="submit" disabled={saving || disabled}>
            {saving ? 'Saving...' : 'Save Settings'}
          </Button>
        </div>
      </fieldset>
    </Form>
  );
}
