import { ConflictError, InvalidError } from '~/domain/errors';
import { formatDollars } from '~/domain/format';
import { refundDeadline, suggestedRefundCents } from '~/domain/refunds';
import { formatRoundDate, todayInLeague } from '~/domain/season';
import { requireMembership } from '~/models/memberships.server';
import { inTransaction } from '~/db/transaction.server';
import { auditCreated, recordAudit, type Actor } from '~/db/audit.server';
import { db, isUniqueViolation, type Tx } from '~/db/db.server';
import { paymentProvider } from '~/integrations/payments/payments.server';
import { refundRefused } from '~/integrations/payments/provider.server';

/**
 * Refunds of membership fees (docs/product/payments.md#refunds, docs/decisions/097-refunds.md). An administrator
 * refunds from /memberships through the payment provider that took the fee; Stripe's dashboard refunds arrive as
 * `charge.refunded` webhooks. Either way `recordRefund` writes the refund and marks the membership unpaid in one
 * transaction, once per provider refund id (a unique column), so a refund reported twice is recorded once.
 */

/** What the Refund form shows for one membership. */
type RefundOffer = {
  membershipId: number;
  golferName: string;
  season: number;
  paid: boolean;
  /** What the golfer paid through the checkout for this season (every payment). */
  paidCents: number;
  refundedCents: number;
  refundableCents: number;
  /** The policy's amount (50% by the deadline), or null after it. */
  suggestedCents: number | null;
  /** 'July 15, 2026' */
  deadline: string;
  /** Why no refund can be made from here, or null. */
  refusal: string | null;
};

/** The season's checkout payments of a golfer, newest first (more than one only when two checkouts were paid). */
function paymentsOf(golferId: number, season: number, client: Tx) {
  return client.pendingRegistration.findMany({
    where: { fulfilledGolferId: golferId, season, fulfilledAt: { not: null } },
    orderBy: { fulfilledAt: 'desc' },
    select: { id: true, amountCents: true, paymentIntentId: true, checkoutSessionId: true },
  });
}

async function refundedOf(golferId: number, season: number, client: Tx): Promise<number> {
  const sum = await client.refund.aggregate({ where: { golferId, season }, _sum: { amountCents: true } });
  return sum._sum.amountCents ?? 0;
}

export async function refundOffer(membershipId: number, today = todayInLeague()): Promise<RefundOffer> {
  const membership = await requireMembership(membershipId);
  const [payments, refundedCents] = await Promise.all([
    paymentsOf(membership.golferId, membership.season, db),
    refundedOf(membership.golferId, membership.season, db),
  ]);
  const paidCents = payments.reduce((sum, p) => sum + p.amountCents, 0);
  const refundableCents = Math.max(0, paidCents - refundedCents);
  let refusal: string | null = null;
  if (!membership.paid) refusal = 'Only a paid membership can be refunded.';
  else if (payments.length === 0)
    refusal =
      'This membership was not paid through the online checkout, so there is no payment to refund here. Pay the golfer back directly and clear Paid with Edit.';
  else if (refundableCents === 0) refusal = 'Everything this golfer paid for the season has already been refunded.';
  return {
    membershipId,
    golferName: membership.golfer.fullName,
    season: membership.season,
    paid: membership.paid,
    paidCents,
    refundedCents,
    refundableCents,
    suggestedCents: suggestedRefundCents({
      feePaidCents: payments[0]?.amountCents ?? 0,
      refundableCents,
      season: membership.season,
      today,
    }),
    deadline: formatRoundDate(refundDeadline(membership.season), 'MMMM d, yyyy'),
    refusal,
  };
}

type RecordInput = {
  providerRefundId: string;
  golferId: number;
  season: number;
  amountCents: number;
  /** The administrator's username, or 'stripe' for a refund made in Stripe's dashboard. */
  createdBy: string;
};

/**
 * Records one provider refund: the refunds row (its provider id is unique: the claim) and the membership unpaid, with
 * its refunded total and time, in one transaction. False when that refund was already recorded (a replayed webhook,
 * or the webhook of a refund made from /memberships).
 */
export async function recordRefund(input: RecordInput, actor: Actor | null, client: Tx = db): Promise<boolean> {
  try {
    return await inTransaction(client, async (tx) => {
      const known = await tx.refund.findUnique({ where: { providerRefundId: input.providerRefundId } });
      if (known) return false;
      const membership = await tx.membership.findUnique({
        where: { golferId_season: { golferId: input.golferId, season: input.season } },
        select: { id: true },
      });
      const refund = await tx.refund.create({ data: { ...input, membershipId: membership?.id ?? null } });
      const { createdBy: _createdBy, ...fields } = input;
      await recordAudit(tx, actor, auditCreated({ entity: 'refund', id: refund.id }, fields));
      if (membership) {
        const refundedCents = await refundedOf(input.golferId, input.season, tx);
        await tx.membership.update({
          where: { id: membership.id },
          data: { paid: false, refundedCents, refundedAt: new Date() },
        });
      }
      return true;
    });
  } catch (error) {
    // The same refund recorded at the same moment by the other path (the page and its webhook).
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}

/**
 * An administrator refunds `amountCents` of a membership's fee through the payment provider, then records it. The
 * amount must be positive and at most what was paid less what was refunded. A provider refusal or outage is a 502
 * ('The payment provider refused the refund: …') and nothing changes.
 */
export async function refundMembership(
  input: { membershipId: number; amountCents: number },
  actor: Actor,
): Promise<{ golferName: string; amountCents: number }> {
  const offer = await refundOffer(input.membershipId);
  if (offer.refusal) throw new ConflictError(offer.refusal);
  if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0)
    throw new InvalidError('The refund must be more than $0.00', { amount: ['The refund must be more than $0.00'] });
  if (input.amountCents > offer.refundableCents) {
    const most = `The refund can be at most ${formatDollars(offer.refundableCents)} (paid ${formatDollars(offer.paidCents)}, already refunded ${formatDollars(offer.refundedCents)})`;
    throw new InvalidError(most, { amount: [most] });
  }
  const membership = await requireMembership(input.membershipId);
  const [payment] = await paymentsOf(membership.golferId, membership.season, db);
  const paymentIntentId = payment.paymentIntentId ?? (await paymentIntentOf(payment));
  const provider = paymentProvider();
  const { refundId } = await provider.refundPayment({
    paymentIntentId,
    amountCents: input.amountCents,
    // A double-submitted form asks for the same refund again: Stripe answers with the first one.
    idempotencyKey: `refund-${payment.id}-${offer.refundedCents}-${input.amountCents}`,
  });
  await recordRefund(
    {
      providerRefundId: refundId,
      golferId: membership.golferId,
      season: membership.season,
      amountCents: input.amountCents,
      createdBy: actor.username,
    },
    actor,
  );
  return { golferName: membership.golfer.fullName, amountCents: input.amountCents };
}

/** A payment fulfilled before payment ids were stored: asks the provider for its checkout's payment, and keeps it. */
async function paymentIntentOf(payment: { id: string; checkoutSessionId: string | null }): Promise<string> {
  const session = payment.checkoutSessionId
    ? await paymentProvider().retrieveCheckoutSession(payment.checkoutSessionId)
    : null;
  if (!session?.paymentIntentId) throw refundRefused('the payment for this membership could not be found.');
  await db.pendingRegistration.update({
    where: { id: payment.id },
    data: { paymentIntentId: session.paymentIntentId },
  });
  return session.paymentIntentId;
}

/**
 * The refunds Stripe reports for one payment (a `charge.refunded` webhook): each one not yet recorded is recorded
 * against the registration that payment fulfilled. Returns how many were new, or null when the payment is not one of
 * our registrations.
 */
export async function recordProviderRefunds(input: {
  paymentIntentId: string | null;
  /** The charge's metadata names the registration (Stripe copies the payment's metadata): for older payments. */
  pendingRegistrationId: string | null;
  refunds: { id: string; amountCents: number }[];
}): Promise<number | null> {
  const pending =
    (input.paymentIntentId
      ? await db.pendingRegistration.findUnique({ where: { paymentIntentId: input.paymentIntentId } })
      : null) ??
    (input.pendingRegistrationId
      ? await db.pendingRegistration.findUnique({ where: { id: input.pendingRegistrationId } })
      : null);
  if (!pending?.fulfilledAt || pending.fulfilledGolferId === null) return null;
  let recorded = 0;
  for (const refund of input.refunds) {
    // Made in Stripe's dashboard, reported by its webhook: no user of this site asked for it.
    const fresh = await recordRefund(
      {
        providerRefundId: refund.id,
        golferId: pending.fulfilledGolferId,
        season: pending.season,
        amountCents: refund.amountCents,
        createdBy: 'stripe',
      },
      null,
    );
    if (fresh) recorded += 1;
  }
  return recorded;
}
