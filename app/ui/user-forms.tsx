import { getInputProps, useForm, type SubmissionResult } from '@conform-to/react';
import { DialogForm, zodValidation } from '~/ui/schema-form';
import { FormField } from '~/ui/primitives/field';
import { resetPasswordSchema, userRegistrationSchema } from '~/schemas/auth';

type Result = SubmissionResult<string[]> | null | undefined;

/**
 * Add a user: the user fields plus confirmPassword, which must match
 * (docs/product/privacy-and-access.md#adding-a-user).
 */
export function AddUserForm({ lastResult, closeTo }: { lastResult: Result; closeTo: string }) {
  const [form, fields] = useForm({ id: 'add-user', lastResult, ...zodValidation(userRegistrationSchema) });
  return (
    <DialogForm form={form} intent="add-user" failure="Could not create account" submit="Create User" closeTo={closeTo}>
      <FormField label="Username" field={fields.username} autoComplete="off" />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="First Name" field={fields.firstName} />
        <FormField label="Last Name" field={fields.lastName} />
      </div>
      <FormField label="Email" field={fields.email} type="email" />
      <FormField label="Password" field={fields.password} type="password" autoComplete="new-password" />
      <FormField label="Confirm Password" field={fields.confirmPassword} type="password" autoComplete="new-password" />
      <label className="flex items-center gap-2 text-sm">
        <input {...getInputProps(fields.isAdmin, { type: 'checkbox' })} className="h-4 w-4" />
        Administrator (may change settings and users)
      </label>
    </DialogForm>
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
  const [form, fields] = useForm({
    id: `reset-${userId}`,
    lastResult,
    defaultValue: { userId: String(userId) },
    ...zodValidation(resetPasswordSchema),
  });
  return (
    <DialogForm
      form={form}
      intent="reset-password"
      failure="Could not reset the password"
      submit="Reset Password"
      closeTo={closeTo}
    >
      <input type="hidden" name="userId" value={userId} />
      <FormField label="New Password" field={fields.password} type="password" autoComplete="new-password" />
      <FormField label="Confirm Password" field={fields.confirmPassword} type="password" autoComplete="new-password" />
    </DialogForm>
  );
}
