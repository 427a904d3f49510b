import { useForm, type SubmissionResult } from '@conform-to/react';
import { DialogForm, zodValidation } from '~/ui/schema-form';
import { FormField } from '~/ui/primitives/field';
import { dollarFieldText, formatDollars } from '~/domain/format';
import { refundSchema } from '~/schemas/refund';

type Offer = {
  membershipId: number;
  paidCents: number;
  refundedCents: number;
  refundableCents: number;
  suggestedCents: number | null;
  deadline: string;
};

/**
 * Refund a membership's fee (docs/product/payments.md#refunds): the amount starts at the policy's 50% up to the
 * deadline (empty after it), and may be changed up to what is left to refund.
 */
export function RefundForm({
  offer,
  lastResult,
  closeTo,
}: {
  offer: Offer;
  lastResult: SubmissionResult<string[]> | undefined;
  closeTo: string;
}) {
  const [form, fields] = useForm({
    id: `refund-${offer.membershipId}`,
    lastResult,
    defaultValue: { amount: offer.suggestedCents === null ? '' : dollarFieldText(offer.suggestedCents) },
    ...zodValidation(refundSchema),
  });
  const policy =
    offer.suggestedCents === null
      ? `The refund deadline (${offer.deadline}) has passed: the league's policy gives no refund after it. Type an amount only for an exception, such as a duplicate payment.`
      : `League policy: 50% of the dues when the golfer notifies the league by ${offer.deadline}.`;
  return (
    <DialogForm
      form={form}
      intent="refund"
      recordId={offer.membershipId}
      failure="Failed to refund"
      submit="Refund"
      closeTo={closeTo}
    >
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="font-medium">Paid</dt>
        <dd>{formatDollars(offer.paidCents)}</dd>
        <dt className="font-medium">Already refunded</dt>
        <dd>{formatDollars(offer.refundedCents)}</dd>
      </dl>
      <p className="text-sm text-slate-600">{policy}</p>
      <FormField
        label="Refund amount ($)"
        field={fields.amount}
        inputMode="decimal"
        hint={`At most ${formatDollars(offer.refundableCents)}. The membership becomes unpaid.`}
      />
    </DialogForm>
  );
}
