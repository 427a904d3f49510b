import { getFormProps, getInputProps, useForm, type SubmissionResult } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4';
import { Form, Link } from '@remix-run/react';
import { useIsPending } from '~/utils/use-is-pending';
import { FormAlert } from '~/components/form-alert';
import { Button, buttonClass } from '~/components/ui/button';
import { Field } from '~/components/ui/field';
import { resetPasswordSchema, userRegistrationSchema } from '~/schemas/auth';

type Result = SubmissionResult<string[]> | null | undefined;

/**
 * Add a user: the user fields plus confirmPassword, which must match
 * (docs/product/privacy-and-access.md#adding-a-user).
 */
export function AddUserForm({ lastResult, closeTo }: { lastResult: Result; closeTo: string }) {
  const saving = useIsPending({ intent: 'add-user' });
  const [form, fields] = useForm({
    id: 'add-user',
    lastResult,
    constraint: getZodConstraint(userRegistrationSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: userRegistrationSchema }),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  });
  return (
    <Form method="post" preventScrollReset className="space-y-4" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="add-user" />
      <FormAlert title="Could not create account" messages={form.errors} />
      <Field
        label="Username"
        errors={fields.username.errors}
        errorId={fields.username.errorId}
        inputProps={{ ...getInputProps(fields.username, { type: 'text' }), autoComplete: 'off' }}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="First Name"
          errors={fields.firstName.errors}
          errorId={fields.firstName.errorId}
          inputProps={{ ...getInputProps(fields.firstName, { type: 'text' }) }}
        />
        <Field
          label="Last Name"
          errors={fields.lastName.errors}
          errorId={fields.lastName.errorId}
          inputProps={{ ...getInputProps(fields.lastName, { type: 'text' }) }}
        />
      </div>
      <Field
        label="Email"
        errors={fields.email.errors}
        errorId={fields.email.errorId}
        inputProps={{ ...getInputProps(fields.email, { type: 'email' }) }}
      />
      <Field
        label="Password"
        errors={fields.password.errors}
        errorId={fields.password.errorId}
        inputProps={{ ...getInputProps(fields.password, { type: 'password' }), autoComplete: 'new-password' }}
      />
      <Field
        label="Confirm Password"
        errors={fields.confirmPassword.errors}
        errorId={fields.confirmPassword.errorId}
        inputProps={{ ...getInputProps(fields.confirmPassword, { type: 'password' }), autoComplete: 'new-password' }}
      />
      <label className="flex items-center gap-2 text-sm">
        <input {...getInputProps(fields.isAdmin, { type: 'checkbox' })} className="h-4 w-4" />
        Administrator (may change settings and users)
      </label>
      <div className="flex justify-end gap-2 pt-2">
        <Link to={closeTo} preventScrollReset className={buttonClass('secondary')}>
          Cancel
        </Link>
        <Button type="submit" disabled={saving}>
          {saving ? 'Saving...' : 'Create User'}
        </Button>
      </div>
    </Form>
  );
}

/** An administrator sets a new password for a user. */
export function ResetPasswordForm({
  userId,
  lastResult,
  closeTo,
}: {
  userId: number;
  lastResult: Result;
  closeTo: string;
}) {
  const saving = useIsPending({ intent: 'reset-password' });
  const [form, fields] = useForm({
    id: `reset-${userId}`,
    lastResult,
    defaultValue: { userId: String(userId) },
    constraint: getZodConstraint(resetPasswordSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: resetPasswordSchema }),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  });
  return (
    <Form method="post" preventScrollReset className="space-y-4" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="reset-password" />
      <input type="hidden" name="userId" value={userId} />
      <FormAlert title="Could not reset the password" messages={form.errors} />
      <Field
        label="New Password"
        errors={fields.password.errors}
        errorId={fields.password.errorId}
        inputProps={{ ...getInputProps(fields.password, { type: 'password' }), autoComplete: 'new-password' }}
      />
      <Field
        label="Confirm Password"
        errors={fields.confirmPassword.errors}
        errorId={fields.confirmPassword.errorId}
        inputProps={{ ...getInputProps(fields.confirmPassword, { type: 'password' }), autoComplete: 'new-password' }}
      />
      <div className="flex justify-end gap-2 pt-2">
        <Link to={closeTo} preventScrollReset className={buttonClass('secondary')}>
          Cancel
        </Link>
        <Button type="submit" disabled={saving}>
          {saving ? 'Saving...' : 'Reset Password'}
        </Button>
      </div>
    </Form>
  );
}
