import crypto from 'node:crypto';
import Stripe from 'stripe';
import { db } from './db.server';

/**
 * Payments behind one interface (DECISIONS.md "Registration and payment"): Stripe Checkout when
 * STRIPE_SECRET_KEY is set, otherwise the built-in simulated checkout. Registration and fulfilment call
 * `paymentProvider()` and never ask which one they got.
 *
 * Configuration is read when a call is made, not when this module loads, so tests (and a restarted
 * configuration) can point the provider at a local fake of the Stripe API through STRIPE_API_BASE.
 */

/** A Checkout Session as both providers describe it (the fields the league relies on, in Stripe's terms). */
export type CheckoutSession = {
  id: string;
  /** Where the golfer pays; null once the session is complete or expired. */
  url: string | null;
  amountTotal: number | null;
  currency: string | null;
  customerEmail: string | null;
  metadata: Record<string, string>;
  paymentStatus: 'paid' | 'unpaid' | 'no_payment_required';
  status: 'open' | 'complete' | 'expired' | null;
};

export type CreateCheckoutInput = {
  amountCents: number;
  currency: string;
  productName: string;
  customerEmail: string;
  metadata: Record<string, string>;
  /** May contain Stripe's `{CHECKOUT_SESSION_ID}` template; both providers fill it in. */
  successUrl: string;
  cancelUrl: string;
  /** The site's own origin, for the simulated checkout page's address. */
  siteOrigin: string;
  /** Stripe: the same key never creates two sessions (a retried request gets the first one back). */
  idempotencyKey: string;
};

export interface PaymentProvider {
  readonly kind: 'stripe' | 'simulated';
  createCheckoutSession(input: CreateCheckoutInput): Promise<CheckoutSession>;
  /** The session, or null when the provider has no session with this id. */
  retrieveCheckoutSession(id: string): Promise<CheckoutSession | null>;
  /**
   * Makes an open session unpayable (Stripe's "expire"). True when it was open and is now expired; false when it
   * was not open any more (paid, being paid, already expired) or is unknown.
   */
  expireCheckoutSession(id: string): Promise<boolean>;
}

/** The payment provider could not be reached or refused the request; nothing was charged by us. */
export class PaymentProviderError extends Error {}

/** The webhook's signature is missing, wrong or too old, or the webhook secret is not configured. */
export class WebhookSignatureError extends Error {}

export const SESSION_ID_TEMPLATE = '{CHECKOUT_SESSION_ID}';

/** Stripe's and our simulated session ids: `cs_` then letters, digits and underscores. */
export function isCheckoutSessionId(value: unknown): value is string {
  return typeof value === 'string' && /^cs_[A-Za-z0-9_]{8,250}$/.test(value);
}

function stripeKey(): string | null {
  return process.env.STRIPE_SECRET_KEY?.trim() || null;
}

/** Which provider the site uses right now (the registration page says so when payments are simulated). */
export function paymentsAreSimulated(): boolean {
  return stripeKey() === null;
}

// ---------------------------------------------------------------------------------------------------------
// Stripe

const stripeClients = new Map<string, Stripe>();

function stripeClient(key: string): Stripe {
  const base = process.env.STRIPE_API_BASE?.trim() || '';
  const cacheKey = `${key}\n${base}`;
  let client = stripeClients.get(cacheKey);
  if (client) return client;
  const config: Stripe.StripeConfig = { telemetry: false, timeout: 20_000, maxNetworkRetries: 2 };
  if (base) {
    // A local stand-in for api.stripe.com (tests): plain HTTP, and no retries so failures show at once.
    const url = new URL(base);
    config.host = url.hostname;
    config.port = url.port || (url.protocol === 'https:' ? 443 : 80);
    config.protocol = url.protocol === 'https:' ? 'https' : 'http';
    config.maxNetworkRetries = 0;
  }
  client = new Stripe(key, config);
  stripeClients.set(cacheKey, client);
  return client;
}

function metadataOf(value: Stripe.Metadata | null | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(value ?? {})) if (typeof v === 'string') out[k] = v;
  return out;
}

/** Reads the fields we use from a Stripe Checkout Session (from the API or from a webhook event). */
export function fromStripeSession(session: Stripe.Checkout.Session): CheckoutSession {
  return {
    id: session.id,
    url: session.url ?? null,
    amountTotal: session.amount_total ?? null,
    currency: session.currency ?? null,
    customerEmail: session.customer_details?.email ?? session.customer_email ?? null,
    metadata: metadataOf(session.metadata),
    // Stripe may add values; anything it does not call paid or no_payment_required is not paid.
    paymentStatus:
      session.payment_status === 'paid'
        ? 'paid'
        : session.payment_status === 'no_payment_required'
          ? 'no_payment_required'
          : 'unpaid',
    status:
      session.status === 'open'
        ? 'open'
        : session.status === 'complete'
          ? 'complete'
          : session.status === 'expired'
            ? 'expired'
            : null,
  };
}

/** One line per provider failure: the SDK's error objects carry headers and raw bodies we do not want in logs. */
function logStripeFailure(what: string, error: unknown) {
  const e = error as { type?: string; statusCode?: number; code?: string; requestId?: string; message?: string };
  console.error(
    `Stripe: ${what} failed: ${e.type ?? 'Error'} ${e.statusCode ?? ''} ${e.code ?? ''} ${e.requestId ?? ''} ${e.message ?? String(error)}`,
  );
}

function stripeProvider(key: string): PaymentProvider {
  const stripe = stripeClient(key);
  return {
    kind: 'stripe',
    async createCheckoutSession(input) {
      try {
        const session = await stripe.checkout.sessions.create(
          {
            mode: 'payment',
            line_items: [
              {
                quantity: 1,
                price_data: {
                  currency: input.currency,
                  unit_amount: input.amountCents,
                  product_data: { name: input.productName },
                },
              },
            ],
            customer_email: input.customerEmail,
            client_reference_id: input.metadata.pendingRegistrationId,
            metadata: input.metadata,
            payment_intent_data: { metadata: input.metadata },
            success_url: input.successUrl,
            cancel_url: input.cancelUrl,
          },
          { idempotencyKey: input.idempotencyKey },
        );
        return fromStripeSession(session);
      } catch (error) {
        logStripeFailure('creating a checkout session', error);
        throw new PaymentProviderError(
          'We could not reach the payment provider. Nothing was charged. Please try again in a moment.',
        );
      }
    },
    async retrieveCheckoutSession(id) {
      try {
        return fromStripeSession(await stripe.checkout.sessions.retrieve(id));
      } catch (error) {
        if (
          error instanceof Stripe.errors.StripeInvalidRequestError &&
          (error.statusCode === 404 || error.code === 'resource_missing')
        ) {
          return null;
        }
        logStripeFailure('retrieving a checkout session', error);
        throw new PaymentProviderError(
          'We could not reach the payment provider to verify your payment. Please reload this page in a moment.',
        );
      }
    },
    async expireCheckoutSession(id) {
      try {
        await stripe.checkout.sessions.expire(id);
        return true;
      } catch (error) {
        // Stripe refuses to expire a session that is no longer open (complete or expired): nothing to do.
        if (error instanceof Stripe.errors.StripeInvalidRequestError) return false;
        logStripeFailure('expiring a checkout session', error);
        throw new PaymentProviderError(
          'We could not reach the payment provider. Nothing was charged. Please try again in a moment.',
        );
      }
    },
  };
}

/**
 * Verifies a webhook's `Stripe-Signature` against STRIPE_WEBHOOK_SECRET and returns the event. Needs the raw
 * body exactly as received: a re-serialised JSON body would not match the signature.
 */
export function constructWebhookEvent(rawBody: string, signature: string | null): Stripe.Event {
  const secret = process.env.STRIPE_WEBHOOK_SECRET?.trim();
  if (!secret) throw new WebhookSignatureError('Webhooks are not configured (STRIPE_WEBHOOK_SECRET is not set).');
  if (!signature) throw new WebhookSignatureError('Missing Stripe-Signature header.');
  try {
    return Stripe.webhooks.constructEvent(rawBody, signature, secret);
  } catch {
    throw new WebhookSignatureError('Invalid webhook signature.');
  }
}

// ---------------------------------------------------------------------------------------------------------
// The simulated checkout (no key set): sessions live in our own table, the "hosted page" is /checkout/:id.

type SimulatedRow = Awaited<ReturnType<typeof db.simulatedCheckoutSession.findUnique>> & {};

function fromSimulatedRow(row: SimulatedRow, siteOrigin?: string): CheckoutSession {
  let metadata: Record<string, string> = {};
  try {
    metadata = metadataOf(JSON.parse(row.metadata) as Stripe.Metadata);
  } catch {
    // A malformed row has no metadata; fulfilment then refuses it as unknown.
  }
  const open = row.status === 'open';
  return {
    id: row.id,
    url: open ? `${siteOrigin ?? ''}/checkout/${row.id}` : null,
    amountTotal: row.amountTotal,
    currency: row.currency,
    customerEmail: row.customerEmail,
    metadata,
    paymentStatus: row.paymentStatus === 'paid' ? 'paid' : 'unpaid',
    status: row.status === 'complete' ? 'complete' : row.status === 'expired' ? 'expired' : 'open',
  };
}

const simulatedProvider: PaymentProvider = {
  kind: 'simulated',
  async createCheckoutSession(input) {
    const row = await db.simulatedCheckoutSession.create({
      data: {
        id: `cs_test_sim_${crypto.randomBytes(16).toString('hex')}`,
        amountTotal: input.amountCents,
        currency: input.currency,
        customerEmail: input.customerEmail,
        description: input.productName,
        metadata: JSON.stringify(input.metadata),
        successUrl: input.successUrl,
        cancelUrl: input.cancelUrl,
      },
    });
    return fromSimulatedRow(row, input.siteOrigin);
  },
  async retrieveCheckoutSession(id) {
    const row = await db.simulatedCheckoutSession.findUnique({ where: { id } });
    return row ? fromSimulatedRow(row) : null;
  },
  async expireCheckoutSession(id) {
    const { count } = await db.simulatedCheckoutSession.updateMany({
      where: { id, status: 'open' },
      data: { status: 'expired' },
    });
    return count === 1;
  },
};

/** The simulated checkout page's view of a session: what is being paid for and where to go back to. */
export async function getSimulatedCheckout(id: string) {
  if (!paymentsAreSimulated() || !isCheckoutSessionId(id)) return null;
  const row = await db.simulatedCheckoutSession.findUnique({ where: { id } });
  if (!row) return null;
  return {
    id: row.id,
    amountCents: row.amountTotal,
    description: row.description,
    customerEmail: row.customerEmail,
    status: row.status,
    paymentStatus: row.paymentStatus,
    successUrl: row.successUrl.replace(SESSION_ID_TEMPLATE, row.id),
    cancelUrl: row.cancelUrl,
  };
}

/**
 * "Pay" on the simulated checkout: the session becomes complete and paid, as Stripe's would after a card
 * payment. Paying twice changes nothing. Returns where to send the golfer (the success URL), or null when
 * there is no such open-or-paid session.
 */
export async function paySimulatedCheckout(id: string): Promise<string | null> {
  if (!paymentsAreSimulated() || !isCheckoutSessionId(id)) return null;
  await db.simulatedCheckoutSession.updateMany({
    where: { id, status: 'open' },
    data: { status: 'complete', paymentStatus: 'paid' },
  });
  const row = await db.simulatedCheckoutSession.findUnique({ where: { id } });
  if (!row || row.paymentStatus !== 'paid') return null;
  return row.successUrl.replace(SESSION_ID_TEMPLATE, row.id);
}

let warnedSimulated = false;

/** The provider for this call: Stripe when STRIPE_SECRET_KEY is set, else the simulated checkout. */
export function paymentProvider(): PaymentProvider {
  const key = stripeKey();
  if (key) return stripeProvider(key);
  if (!warnedSimulated && process.env.NODE_ENV === 'production') {
    warnedSimulated = true;
    console.warn('STRIPE_SECRET_KEY is not set: registrations use the SIMULATED checkout and no card is charged.');
  }
  return simulatedProvider;
}
