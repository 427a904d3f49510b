import { getFormProps, getInputProps, useForm, type SubmissionResult } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4';
import { Form, Link } from '@remix-run/react';
import { useIsPending } from '~/utils/use-is-pending';
import { FormAlert } from '~/components/form-alert';
import { Button, buttonClass } from '~/components/ui/button';
import { Field } from '~/components/ui/field';
import { golferSchema } from '~/schemas/golfer';

type GolferValues = {
  id: number;
  firstName: string;
  lastName: string;
  nickname: string | null;
  email: string | null;
  phone: string | null;
};

/**
 * Golfers form (docs/product/screens-admin.md#golfers): First Name, Last Name, Nickname, Email, Phone; Cancel goes back
 * to the list; the submit button reads Create Golfer or Update Golfer, and Saving... while pending.
 */
export function GolferForm({
  golfer,
  lastResult,
  closeTo,
}: {
  golfer?: GolferValues | null;
  lastResult?: SubmissionResult<string[]> | null;
  closeTo: string;
}) {
  const intent = golfer ? 'update' : 'create';
  const saving = useIsPending({ intent });
  const [form, fields] = useForm({
    id: golfer ? `golfer-${golfer.id}` : 'golfer-new',
    lastResult,
    defaultValue: golfer
      ? {
          firstName: golfer.firstName,
          lastName: golfer.lastName,
          nickname: golfer.nickname ?? '',
          email: golfer.email ?? '',
          phone: golfer.phone ?? '',
        }
      : undefined,
    constraint: getZodConstraint(golferSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: golferSchema }),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  });

  return (
    <Form method="post" preventScrollReset className="space-y-4" {...getFormProps(form)}>
      <input type="hidden" name="intent" value={intent} />
      {golfer ? <input type="hidden" name="id" value={golfer.id} /> : null}
      <FormAlert title={golfer ? 'Failed to update golfer' : 'Failed to create golfer'} messages={form.errors} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="First Name"
          errors={fields.firstName.errors}
          errorId={fields.firstName.errorId}
          inputProps={{ ...getInputProps(fields.firstName, { type: 'text' }), autoComplete: 'given-name' }}
        />
        <Field
          label="Last Name"
          errors={fields.lastName.errors}
          errorId={fields.lastName.errorId}
          inputProps={{ ...getInputProps(fields.lastName, { type: 'text' }), autoComplete: 'family-name' }}
        />
      </div>
      <Field
        label="Nickname (optional)"
        errors={fields.nickname.errors}
        errorId={fields.nickname.errorId}
        inputProps={{ ...getInputProps(fields.nickname, { type: 'text' }) }}
      />
      <Field
        label="Email (optional)"
        errors={fields.email.errors}
        errorId={fields.email.errorId}
        inputProps={{ ...getInputProps(fields.email, { type: 'email' }), autoComplete: 'email' }}
      />
      <Field
        label="Phone (optional)"
        errors={fields.phone.errors}
        errorId={fields.phone.errorId}
        inputProps={{ ...getInputProps(fields.phone, { type: 'tel' }), autoComplete: 'tel' }}
      />
      <div className="flex justify-end gap-2 pt-2">
        <Link to={closeTo} preventScrollReset className={buttonClass('secondary')}>
          Cancel
        </Link>
        <Button type="submit" disabled={saving}>
          {saving ? 'Saving...' : golfer ? 'Update Golfer' : 'Create Golfer'}
        </Button>
      </div>
    </Form>
  );
}
