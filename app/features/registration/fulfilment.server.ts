import {
  createGolfer,
  findGolferByEmail,
  findGolfersByEmail,
  getGolfer,
  lockEmailForNewGolfer,
  updateGolfer,
} from '~/models/golfers.server';
import { recomputeHandicapsAndPoints } from '~/models/points.server';
import { getSettings } from '~/models/settings.server';
import { enqueueReceipt, mailOrigin } from '~/features/notifications/messages.server';
import { db, isUniqueViolation, type Tx } from '~/db/db.server';
import { inTransaction } from '~/db/transaction.server';
import { ConflictError, ForbiddenError, InvalidError, NotFoundError } from '~/domain/errors';
import { paymentProvider } from '~/integrations/payments/payments.server';
import { isCheckoutSessionId, type CheckoutSession } from '~/integrations/payments/provider.server';

/**
 * Registration's fulfilment (docs/product/payments.md#fulfilment): `fulfilCheckoutSession` runs when the confirmation
 * page verifies a paid session and when Stripe's webhook arrives: exactly once per session, in one transaction, it
 * creates or updates the golfer and upserts the season's paid membership.
 */

export type PaidRegistration = {
  state: 'paid';
  golferId: number;
  email: string;
  season: number;
  amountCents: number;
};

export type VerificationResult =
  | PaidRegistration
  /** Checkout finished but the money has not arrived yet (delayed payment methods). */
  | { state: 'processing' }
  /** The golfer has not paid (still open, cancelled, expired). */
  | { state: 'unpaid' }
  /** No such session, or not one of our registrations. */
  | { state: 'unknown' };

/** Stripe's default lifetime of a Checkout Session: older ones cannot be paid any more and need no expiring. */
const CHECKOUT_LIFETIME_MS = 24 * 60 * 60 * 1000;

/**
 * One payable checkout per golfer and season: once a registration is paid, the open Checkout Sessions of this golfer's
 * (or this email's) other unfulfilled registrations for the season are expired, so a second tab or the back button
 * cannot take the fee again. Starting a registration expires nothing: it could be anyone's
 * (docs/decisions/095-expire-open-checkouts-once.md). Each registration is claimed (expiredAt) before its session is
 * expired, so it is asked at most once, and the calls run side by side. A session that is no longer open (being paid)
 * is left alone: its fulfilment still runs.
 */
async function expireOtherCheckouts(opts: { season: number; golferId: number; email: string; exceptId: string }) {
  const others = await db.pendingRegistration.findMany({
    where: {
      season: opts.season,
      fulfilledAt: null,
      expiredAt: null,
      checkoutSessionId: { not: null },
      createdAt: { gte: new Date(Date.now() - CHECKOUT_LIFETIME_MS) },
      id: { not: opts.exceptId },
      OR: [{ email: opts.email }, { golferId: opts.golferId }],
    },
    select: { id: true, checkoutSessionId: true },
  });
  const provider = paymentProvider();
  await Promise.all(
    others.map(async (other) => {
      const claim = await db.pendingRegistration.updateMany({
        where: { id: other.id, expiredAt: null, fulfilledAt: null },
        data: { expiredAt: new Date() },
      });
      if (claim.count === 0) return;
      let expired = false;
      try {
        expired = await provider.expireCheckoutSession(other.checkoutSessionId!);
      } finally {
        // Not open any more (being paid), or the provider is down: not expired by us, so not recorded as such.
        if (!expired) await db.pendingRegistration.update({ where: { id: other.id }, data: { expiredAt: null } });
      }
    }),
  );
}

type Pending = NonNullable<Awaited<ReturnType<typeof db.pendingRegistration.findUnique>>>;

/**
 * The golfer a fulfilled registration belongs to: the returning golfer (or the one whose email a "new" form used), or
 * a new golfer. The contact details of a golfer with an email on file change only through the link sent to that
 * address (app/features/contact-changes/contact-changes.server.ts); one with no email on file gets the typed ones (decision 096) — a
 * blank phone keeps the number on file, and an email that meanwhile belongs to someone else is not taken from them.
 */
async function golferFor(tx: Tx, pending: Pending): Promise<number> {
  const byId = pending.golferId ? await getGolfer(pending.golferId, tx) : null;
  if (!byId) await lockEmailForNewGolfer(tx, pending.email);
  const golfer = byId ?? (await findGolferByEmail(pending.email, tx));
  if (!golfer) {
    const created = await createGolfer(
      {
        firstName: pending.firstName ?? 'Unknown',
        lastName: pending.lastName ?? 'Golfer',
        email: pending.email,
        phone: pending.phone ?? undefined,
      },
      null,
      tx,
    );
    return created.id;
  }
  if (golfer.email) return golfer.id;
  const owners = await findGolfersByEmail(pending.email, tx);
  const email = owners.some((owner) => owner.id !== golfer.id) ? golfer.email : pending.email;
  await updateGolfer(
    golfer.id,
    {
      firstName: golfer.firstName,
      lastName: golfer.lastName,
      nickname: golfer.nickname ?? undefined,
      email: email ?? undefined,
      phone: pending.phone ?? golfer.phone ?? undefined,
    },
    null,
    tx,
  );
  return golfer.id;
}

function paidResult(pending: Pending, golferId: number, session?: CheckoutSession): PaidRegistration {
  return {
    state: 'paid',
    golferId,
    email: pending.email,
    season: pending.season,
    amountCents: session?.amountTotal ?? pending.amountCents,
  };
}

/**
 * Fulfils a paid Checkout Session exactly once. The pending registration is claimed with a conditional
 * update (fulfilledAt still null) as the transaction's first write, and its checkoutSessionId is unique, so
 * a reload, a replayed webhook or a webhook racing the confirmation page finds it claimed and only reads
 * the result. Everything the fulfilment writes commits or rolls back together.
 */
export async function fulfilCheckoutSession(
  session: CheckoutSession,
  /** The request's origin, for the links in the receipt (mailOrigin). */
  origin?: string,
): Promise<VerificationResult> {
  const pendingId = session.metadata.pendingRegistrationId;
  if (!pendingId) return { state: 'unknown' };
  const pending = await db.pendingRegistration.findUnique({ where: { id: pendingId } });
  if (!pending || (pending.checkoutSessionId !== null && pending.checkoutSessionId !== session.id))
    return { state: 'unknown' };
  if (pending.fulfilledAt && pending.fulfilledGolferId !== null)
    return paidResult(pending, pending.fulfilledGolferId, session);
  if (session.paymentStatus === 'unpaid')
    return session.status === 'complete' ? { state: 'processing' } : { state: 'unpaid' };
  if (session.amountTotal !== pending.amountCents) {
    console.error(
      `Checkout session ${session.id} charged ${session.amountTotal}, expected ${pending.amountCents}; not fulfilled.`,
    );
    return { state: 'unknown' };
  }

  // Read before the transaction: on SQLite a plain query waits for an open transaction to end.
  const settings = await getSettings();
  // Two different registrations with the same email fulfilled at the same moment can collide on the
  // golfer's unique email (PostgreSQL); the loser's transaction rolls back whole and simply runs again.
  for (let attempt = 1; ; attempt++) {
    // `fresh`: this call fulfilled the registration (rather than finding it fulfilled by a reload or the webhook).
    let outcome: { paid: PaidRegistration; fresh: boolean };
    try {
      outcome = await inTransaction(db, async (tx) => {
        const claim = await tx.pendingRegistration.updateMany({
          where: { id: pending.id, fulfilledAt: null },
          data: { fulfilledAt: new Date(), checkoutSessionId: session.id },
        });
        if (claim.count === 0) {
          const done = await tx.pendingRegistration.findUnique({ where: { id: pending.id } });
          if (!done?.fulfilledGolferId) throw new Error(`Registration ${pending.id} is claimed but has no golfer`);
          return { paid: paidResult(done, done.fulfilledGolferId, session), fresh: false };
        }
        const golferId = await golferFor(tx, pending);
        const before = await tx.membership.findUnique({
          where: { golferId_season: { golferId, season: pending.season } },
        });
        if (before?.paid) {
          console.warn(
            `Golfer ${golferId} paid again for ${pending.season} (checkout session ${session.id}); consider a refund.`,
          );
        }
        const now = new Date();
        const estimate = pending.estimatedScore;
        await tx.membership.upsert({
          where: { golferId_season: { golferId, season: pending.season } },
          create: {
            golferId,
            season: pending.season,
            registered: true,
            paid: true,
            registrationDatetime: now,
            estimatedScore: estimate,
          },
          update: {
            registered: true,
            paid: true,
            registrationDatetime: now,
            ...(estimate !== null ? { estimatedScore: estimate } : {}),
          },
        });
        if (estimate !== null && before?.estimatedScore !== estimate) await recomputeHandicapsAndPoints(tx, [golferId]);
        await tx.pendingRegistration.update({
          where: { id: pending.id },
          data: { fulfilledGolferId: golferId, paymentIntentId: session.paymentIntentId },
        });
        // The receipt commits with the fulfilment, once per checkout session (docs/product/email.md).
        await enqueueReceipt(tx, {
          checkoutSessionId: session.id,
          golferId,
          to: pending.email,
          firstName: pending.firstName,
          season: pending.season,
          leagueName: settings.leagueName,
          amountCents: session.amountTotal ?? pending.amountCents,
          paidAt: now,
          statementName: settings.statementDescriptor,
          origin: mailOrigin(origin),
        });
        return { paid: paidResult(pending, golferId, session), fresh: true };
      });
    } catch (error) {
      const collided = isUniqueViolation(error) || error instanceof ConflictError;
      if (!collided || attempt >= 3) throw error;
      continue;
    }
    const { paid, fresh } = outcome;
    if (fresh) {
      // The golfer has paid: no other checkout of theirs for the season may take the fee again. The payment is
      // recorded whatever happens here, so a provider outage is only logged.
      await expireOtherCheckouts({
        season: pending.season,
        golferId: paid.golferId,
        email: pending.email,
        exceptId: pending.id,
      }).catch((error) => console.error(`Could not expire the other checkouts of golfer ${paid.golferId}:`, error));
    }
    return paid;
  }
}

/** Asks the provider about a session and fulfils it when it is paid (the confirmation page and its API). */
export async function verifyCheckoutSession(sessionId: string, origin?: string): Promise<VerificationResult> {
  if (!isCheckoutSessionId(sessionId)) return { state: 'unknown' };
  // Already fulfilled (a reload, or the webhook came first): answer from our own record, without asking the
  // provider again, so a reload works even while the provider is unreachable.
  const done = await db.pendingRegistration.findUnique({ where: { checkoutSessionId: sessionId } });
  if (done?.fulfilledAt && done.fulfilledGolferId !== null) return paidResult(done, done.fulfilledGolferId);
  const session = await paymentProvider().retrieveCheckoutSession(sessionId);
  if (!session) return { state: 'unknown' };
  return fulfilCheckoutSession(session, origin);
}

/** The paid registration of a session, or the reason there is none as a domain error. */
export async function requirePaidRegistration(sessionId: string): Promise<PaidRegistration> {
  if (!isCheckoutSessionId(sessionId)) throw new InvalidError('Invalid checkout session id');
  const result = await verifyCheckoutSession(sessionId);
  if (result.state === 'unknown') throw new NotFoundError('Checkout session not found');
  if (result.state !== 'paid') throw new ForbiddenError('Payment for this registration is not complete');
  return result;
}
