import { useForm, type SubmissionResult } from '@conform-to/react';
import { formatDollarsAndCents } from '~/domain/format';
import { cashFormSchema } from '~/schemas/side-games';
import { FormField } from '~/ui/primitives/field';
import { DialogForm, zodValidation } from '~/ui/schema-form';

/** 'Paid in cash' on /money (docs/product/money.md#balances): the amount in dollars and cents and a note. */
export function CashForm({
  golfer,
  lastResult,
  closeTo,
}: {
  golfer: { golferId: number; name: string; balanceCents: number };
  lastResult: SubmissionResult<string[]> | undefined;
  closeTo: string;
}) {
  const [form, fields] = useForm({
    id: `cash-${golfer.golferId}`,
    lastResult,
    defaultValue: { golferId: String(golfer.golferId), amount: '', note: '' },
    ...zodValidation(cashFormSchema),
  });
  return (
    <DialogForm
      form={form}
      intent="cash"
      failure="Failed to record the payment"
      submit="Record payment"
      closeTo={closeTo}
    >
      <input type="hidden" name="golferId" value={golfer.golferId} />
      <p className="text-sm text-slate-700">
        {golfer.name}: balance {formatDollarsAndCents(golfer.balanceCents)}.
      </p>
      <FormField
        label="Amount ($)"
        field={fields.amount}
        inputMode="decimal"
        hint="More than $0.00, at most $10,000.00."
      />
      <FormField label="Note" field={fields.note} />
    </DialogForm>
  );
}
