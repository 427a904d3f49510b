import { getFormProps, type FormMetadata } from '@conform-to/react';
import { getZodConstraint } from '@conform-to/zod/v4';
import { Form, Link } from '@remix-run/react';
import type { $ZodType } from 'zod/v4/core';
import { FormAlert } from '~/ui/form-alert';
import { Button, buttonClass } from '~/ui/primitives/button';
import { parseForm } from '~/schemas/parse-form';
import { useIsPending } from '~/ui/use-is-pending';
import { useDialogFormAction } from '~/ui/use-list-page';

/**
 * useForm's options for a form checked by the zod schema its action uses: the same constraints and messages in the
 * browser, first when a field loses focus, then as the user types.
 */
export function zodValidation<Schema extends $ZodType>(schema: Schema) {
  return {
    constraint: getZodConstraint(schema),
    onValidate: ({ formData }: { formData: FormData }) => parseForm(formData, schema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  } as const;
}

/**
 * A record's form in a URL dialog: a plain post with its `intent` (and the record's `id` when editing), the
 * failure's alert, the fields, then Cancel (a link back to `closeTo`) and the submit button, which reads Saving...
 * while this intent is pending.
 */
export function DialogForm<Schema extends Record<string, unknown>>({
  form,
  intent,
  recordId,
  failure,
  submit,
  closeTo,
  children,
}: {
  form: FormMetadata<Schema, string[]>;
  intent: string;
  recordId?: number;
  failure: string;
  submit: string;
  closeTo: string;
  children: React.ReactNode;
}) {
  const saving = useIsPending({ intent });
  const action = useDialogFormAction();
  return (
    <Form method="post" action={action} preventScrollReset className="space-y-4" {...getFormProps(form)}>
      <input type="hidden" name="intent" value={intent} />
      {recordId ? <input type="hidden" name="id" value={recordId} /> : null}
      <FormAlert id={form.errorId} title={failure} messages={form.errors} />
      {children}
      <div className="flex justify-end gap-2 pt-2">
        <Link to={closeTo} preventScrollReset className={buttonClass('secondary')}>
          Cancel
        </Link>
        <Button type="submit" disabled={saving}>
          {saving ? 'Saving...' : submit}
        </Button>
      </div>
    </Form>
  );
}
