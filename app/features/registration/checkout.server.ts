import crypto from 'node:crypto';
import { maskEmail, maskPhone } from '~/domain/contact-mask';
import { formatRoundDate } from '~/domain/season';
import type { RegistrationState, SeasonSummary } from '~/domain/seasons';
import { contactDifference, requestContactChange } from '~/features/contact-changes/contact-changes.server';
import { findGolfersByEmail, getGolfer, normalizeEmail } from '~/models/golfers.server';
import { getRegistrationSeason } from '~/models/seasons.server';
import { getSettings } from '~/models/settings.server';
import type { RegistrationInput } from '~/schemas/registration';
import { db, type Tx } from '~/db/db.server';
import { inTransaction } from '~/db/transaction.server';
import { ConflictError, InvalidError } from '~/domain/errors';
import { paymentProvider } from '~/integrations/payments/payments.server';
import {
  PaymentProviderError,
  SESSION_ID_TEMPLATE,
  type CheckoutSession,
} from '~/integrations/payments/provider.server';

/**
 * Registration's checkout (docs/product/payments.md#checkout): `registrationOffer` is the season /register sells, the
 * one whose registration window contains today, at its own fee (docs/product/seasons.md#registration-follows-the-season),
 * or why nothing is on sale; `startRegistration` refuses while registration is closed and a golfer already paid for the
 * season, stores a PendingRegistration for that season and creates a Checkout Session for its fee (same code for
 * Stripe and the simulated checkout). What happens once it is paid is app/features/registration/fulfilment.server.ts.
 */

/** Where the golfer is sent to pay. */
export type StartedRegistration = { checkoutUrl: string; sessionId: string };

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
