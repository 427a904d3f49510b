import { useForm, type SubmissionResult } from '@conform-to/react';
import { DialogForm, zodValidation } from '~/ui/schema-form';
import { FormField, SelectField } from '~/ui/primitives/field';
import { golferSchema, type GolferContact } from '~/schemas/golfer';

type GolferValues = GolferContact & { id: number; canSub?: boolean };

/**
 * Golfers form (docs/product/screens-admin.md#golfers): First Name, Last Name, Nickname, Email, Phone, I can sub; Cancel goes back
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
          canSub: golfer.canSub ? 'yes' : 'no',
        }
      : undefined,
    ...zodValidation(golferSchema),
  });

  return (
    <DialogForm
      form={form}
      intent={golfer ? 'update' : 'create'}
      recordId={golfer?.id}
      failure={golfer ? 'Failed to update golfer' : 'Failed to create golfer'}
      submit={golfer ? 'Update Golfer' : 'Create Golfer'}
      closeTo={closeTo}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="First Name" field={fields.firstName} autoComplete="given-name" />
        <FormField label="Last Name" field={fields.lastName} autoComplete="family-name" />
      </div>
      <FormField label="Nickname (optional)" field={fields.nickname} />
      <FormField label="Email (optional)" field={fields.email} type="email" autoComplete="email" />
      <label htmlFor={fields.sharedEmail.id} className="flex items-center gap-2 text-sm text-slate-700">
        <input id={fields.sharedEmail.id} name={fields.sharedEmail.name} type="checkbox" className="h-4 w-4" />
        Another golfer shares this address
      </label>
      <FormField label="Phone (optional)" field={fields.phone} type="tel" autoComplete="tel" />
      <SelectField
        label="I can sub"
        errors={fields.canSub.errors}
        errorId={fields.canSub.errorId}
        selectProps={{ id: fields.canSub.id, name: fields.canSub.name, defaultValue: golfer?.canSub ? 'yes' : 'no' }}
      >
        <option value="no">No</option>
        <option value="yes">Yes: offer open spots to this golfer by email</option>
      </SelectField>
    </DialogForm>
  );
}
