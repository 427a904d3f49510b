import crypto from 'node:crypto';
import { maskEmail, maskPhone } from '~/domain/contact-mask';
import { formatRoundDate, todayInLeague } from '~/domain/season';
import type { RegistrationState, SeasonSummary } from '~/domain/seasons';
import { contactDifference, requestContactChange } from '~/features/contact-changes/contact-changes.server';
import {
  createGolfer,
  findGolferByEmail,
  findGolfersByEmail,
  getGolfer,
  lockEmailForNewGolfer,
  normalizeEmail,
  updateGolfer,
} from '~/models/golfers.server';
import { recomputeHandicapsAndPoints } from '~/models/points.server';
import { getRegistrationSeason, getSchedule } from '~/models/seasons.server';
import { getSettings } from '~/models/settings.server';
import {
  enqueueReceipt,
  enqueueTeeTimeConfirmation,
  mailOrigin,
  teeTimeMailContext,
} from '~/features/notifications/messages.server';
import { assignGolferToTeeTime, findGolferTeeTime, type Position } from '~/models/tee-times.server';
import type { RegistrationInput } from '~/schemas/registration';
import { db, isUniqueViolation, type Tx } from '~/db/db.server';
import { inTransaction } from '~/db/transaction.server';
import { ConflictError, ForbiddenError, InvalidError, NotFoundError } from '~/domain/errors';
import { paymentProvider } from '~/integrations/payments/payments.server';
import {
  isCheckoutSessionId,
  PaymentProviderError,
  SESSION_ID_TEMPLATE,
  type CheckoutSession,
} from '~/integrations/payments/provider.server';

/**
 * Public registration and payment (docs/product/payments.md#checkout, docs/product/payments.md#fulfilment):
 * 0. `registrationOffer` is the season /register sells: the one whose registration window contains today, at its
 *    own fee (docs/product/seasons.md#registration-follows-the-season), or why nothing is on sale;
 * 1. `startRegistration` refuses while registration is closed and a golfer already paid for the season, stores a
 *    PendingRegistration for that season and creates a Checkout Session for its fee (same code for Stripe and the
 *    simulated checkout);
 * 2. `fulfilCheckoutSession` runs when the confirmation page verifies a paid session and when Stripe's
 *    webhook arrives: exactly once per session, in one transaction, it creates or updates the golfer and
 *    upserts the season's paid membership;
 * 3. `selectTeeTimeForSession` lets the golfer of a paid session take a standing tee time.
 */

/** Where the golfer is sent to pay. */
export type StartedRegistration = { checkoutUrl: string; sessionId: string };

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

/**
 * What /register offers today: the season on sale and its fee, or (`closedMessage`) the documented sentence that
 * says why the form is not shown (docs/product/seasons.md#registration-follows-the-season).
 */
type RegistrationOffer = { year: number; feeCents: number; closedMessage: string | null };

function closedMessage(season: SeasonSummary, state: RegistrationState): string | null {
  if (state.status === 'open') return null;
  if (state.status === 'opens-later')
    return `Registration for the ${season.year} season opens on ${formatRoundDate(state.opens, 'MMMM d, yyyy')}.`;
  return 'Registration is closed. Please contact the league administrator.';
}

export async function registrationOffer(client: Tx = db): Promise<RegistrationOffer> {
  const { season, state } = await getRegistrationSeason(client);
  return { year: season.year, feeCents: season.feeCents, closedMessage: closedMessage(season, state) };
}

/** The season on sale, or a ConflictError (409) with the closed message: no checkout starts then. */
export async function requireOpenRegistration(client: Tx = db): Promise<{ year: number; feeCents: number }> {
  const offer = await registrationOffer(client);
  if (offer.closedMessage !== null) throw new ConflictError(offer.closedMessage);
  return { year: offer.year, feeCents: offer.feeCents };
}

/** The masked email and phone on file of one golfer, for the returning-golfer form (never the values). */
export async function contactHint(golferId: number) {
  const golfer = await getGolfer(golferId);
  if (!golfer) return null;
  return { golferId: golfer.id, emailHint: maskEmail(golfer.email), phoneHint: maskPhone(golfer.phone) };
}

async function alreadyPaid(golferId: number, season: number): Promise<boolean> {
  const membership = await db.membership.findUnique({
    where: { golferId_season: { golferId, season } },
    select: { paid: true },
  });
  return membership?.paid === true;
}

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

function alreadyPaidError(season: number): ConflictError {
  return new ConflictError(
    `This golfer is already registered and paid for the ${season} season. No payment is needed.`,
  );
}

/**
 * Validated registration → checkout URL for the season on sale, at that season's fee. Nothing is charged here;
 * while registration is closed, or for a golfer already paid for the season, no Checkout Session is created.
 */
export async function startRegistration(
  input: RegistrationInput,
  /** The site's public origin, where the provider sends the golfer back. */
  origin: string,
): Promise<StartedRegistration> {
  const { year: season, feeCents } = await requireOpenRegistration();
  const settings = await getSettings();
  const email = normalizeEmail(input.email)!;

  let golfer: Awaited<ReturnType<typeof getGolfer>>;
  let firstName: string;
  let lastName: string;
  if (input.registrationType === 'returning') {
    golfer = await getGolfer(input.golferId);
    if (!golfer) throw new InvalidError('Please select your name', { golferId: ['Please select your name'] });
    // An address shared by a couple is theirs (decision 125); one that only others have is refused.
    const owners = await findGolfersByEmail(email);
    if (owners.length > 0 && !owners.some((owner) => owner.id === golfer!.id)) {
      throw new ConflictError('That email address belongs to another golfer. Please enter your own email address.', {
        email: ['That email address belongs to another golfer'],
      });
    }
    firstName = golfer.firstName;
    lastName = golfer.lastName;
  } else {
    // A "new" golfer whose email we already know is that golfer: register them rather than a duplicate. When
    // several golfers share the address (decision 125), the one of the typed name, else they must say who they are.
    const owners = await findGolfersByEmail(email);
    golfer =
      owners.length <= 1
        ? (owners[0] ?? null)
        : (owners.find(
            (owner) =>
              owner.firstName.toLowerCase() === input.firstName.trim().toLowerCase() &&
              owner.lastName.toLowerCase() === input.lastName.trim().toLowerCase(),
          ) ?? null);
    if (owners.length > 1 && !golfer)
      throw new ConflictError(
        "Several golfers share that email address. If you have played in the league before, choose 'Returning golfer' and pick your name.",
        { email: ['Several golfers share this email address'] },
      );
    firstName = input.firstName;
    lastName = input.lastName;
  }
  const golferId = golfer?.id ?? null;
  if (golferId !== null && (await alreadyPaid(golferId, season))) throw alreadyPaidError(season);
  // Typed details that differ from those on file wait for confirmation from the address on file (decision 096).
  const onFile = golfer?.email
    ? { id: golfer.id, firstName: golfer.firstName, email: golfer.email, phone: golfer.phone }
    : null;
  const change = onFile ? contactDifference(onFile, { email, phone: input.phone?.trim() || null }) : null;

  const pending = await db.pendingRegistration.create({
    data: {
      id: crypto.randomUUID(),
      registrationType: input.registrationType,
      golferId,
      firstName,
      lastName,
      email,
      phone: input.phone?.trim() || null,
      estimatedScore: input.registrationType === 'new' ? input.estimatedScore : null,
      season,
      amountCents: feeCents,
    },
  });

  let session: CheckoutSession;
  try {
    session = await paymentProvider().createCheckoutSession({
      amountCents: pending.amountCents,
      currency: 'usd',
      productName: `${settings.leagueName} — ${season} season membership`,
      customerEmail: email,
      metadata: { pendingRegistrationId: pending.id, season: String(season) },
      successUrl: `${origin}/registration-confirmation/${SESSION_ID_TEMPLATE}`,
      cancelUrl: `${origin}/register`,
      siteOrigin: origin,
      idempotencyKey: `registration-${pending.id}`,
    });
  } catch (error) {
    await db.pendingRegistration.delete({ where: { id: pending.id } });
    throw error;
  }
  if (!session.url)
    throw new PaymentProviderError(
      'The payment provider did not return a checkout page. Nothing was charged. Please try again.',
    );
  await inTransaction(db, async (tx) => {
    await tx.pendingRegistration.update({ where: { id: pending.id }, data: { checkoutSessionId: session.id } });
    if (onFile && change)
      await requestContactChange(tx, { golfer: onFile, change, leagueName: settings.leagueName, origin });
  });
  return { checkoutUrl: session.url, sessionId: session.id };
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

/**
 * Why the confirmation link can no longer change this golfer's standing tee time, or null while it can: once the
 * season's first league night (its first schedule date that is not a no-league date) has passed, a golfer who holds a
 * tee time keeps it unless the league moves them (docs/decisions/097-refunds.md#tee-time-changes). A golfer who
 * registers later and holds none may still take one.
 */
export async function teeTimeChangeClosed(
  golferId: number,
  season: number,
  today = todayInLeague(),
): Promise<{ message: string; held: NonNullable<Awaited<ReturnType<typeof findGolferTeeTime>>> } | null> {
  const firstNight = (await getSchedule(season)).find((entry) => entry.kind !== 'no-league')?.date;
  if (!firstNight || firstNight >= today) return null;
  const held = await findGolferTeeTime(golferId, season);
  if (!held) return null;
  const message = `The ${season} season has started (first league night ${formatRoundDate(firstNight, 'MMMM d')}), so your standing tee time can no longer be changed here. Please contact the league administrator.`;
  return { message, held };
}

/**
 * The golfer of a paid checkout session takes a standing tee time (moving from any slot they held). The
 * golfer and season come from the session, never from the client. After the season's first league night, a golfer
 * who holds a tee time is no longer moved (a ConflictError, 409).
 */
export async function selectTeeTimeForSession(input: {
  sessionId: string;
  teeTimeId: number;
  position: Position;
  golferId?: number;
  season?: number;
  /** The request's origin, for the links in the confirmation email (mailOrigin). */
  origin?: string;
}) {
  const registration = await requirePaidRegistration(input.sessionId);
  if (input.golferId !== undefined && input.golferId !== registration.golferId) {
    throw new ForbiddenError('That golfer does not belong to this registration');
  }
  if (input.season !== undefined && input.season !== registration.season) {
    throw new InvalidError(`This registration is for the ${registration.season} season`);
  }
  const result = await changeStandingTeeTime({
    golferId: registration.golferId,
    email: registration.email,
    season: registration.season,
    teeTimeId: input.teeTimeId,
    position: input.position,
    origin: input.origin,
  });
  return {
    teeTimeId: input.teeTimeId,
    position: input.position,
    time: result.time,
    season: result.season,
    golferId: registration.golferId,
  };
}

/**
 * A golfer takes a standing tee time of the season (moving from any slot they held), exactly once, with a new
 * confirmation email to `email` committed with the change: the confirmation page's choice and 'Change tee time' on
 * /me (docs/product/my-league.md). After the season's first league night a golfer who holds a tee time is no longer
 * moved (a ConflictError, 409); a position already taken is a ConflictError too ('That tee time was just taken').
 */
export async function changeStandingTeeTime(input: {
  golferId: number;
  email: string;
  season: number;
  teeTimeId: number;
  position: Position;
  /** The request's origin, for the links in the confirmation email (mailOrigin). */
  origin?: string;
}): Promise<{ time: string; season: number; changed: boolean }> {
  const closed = await teeTimeChangeClosed(input.golferId, input.season);
  // Confirming the position already held again changes nothing, so it is still answered as before.
  if (closed && (closed.held.teeTimeId !== input.teeTimeId || closed.held.position !== input.position))
    throw new ConflictError(closed.message);
  const mail = await teeTimeMailContext(
    { golferId: input.golferId, email: input.email, season: input.season },
    mailOrigin(input.origin),
  );
  // The confirmation email commits with the change; a choice that changes nothing (a reload) sends none.
  return inTransaction(db, async (tx) => {
    const assigned = await assignGolferToTeeTime(
      {
        teeTimeId: input.teeTimeId,
        position: input.position,
        golferId: input.golferId,
        season: input.season,
      },
      null,
      tx,
    );
    if (assigned.changed) await enqueueTeeTimeConfirmation(tx, { ...mail, time: assigned.time });
    return assigned;
  });
}
