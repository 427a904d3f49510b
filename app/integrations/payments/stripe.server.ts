import Stripe from 'stripe';
import {
  metadataOf,
  PaymentProviderError,
  refundRefused,
  type CheckoutSession,
  type PaymentProvider,
} from './provider.server';

// Stripe Checkout, the provider when STRIPE_SECRET_KEY is set.

/** The webhook's signature is missing, wrong or too old, or the webhook secret is not configured. */
export class WebhookSignatureError extends Error {}

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
    paymentIntentId: idOf(session.payment_intent),
  };
}

/** An expandable field's id: Stripe sends either the id or the expanded object. */
function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === 'string' ? value : value.id;
}

/** One line per provider failure: the SDK's error objects carry headers and raw bodies we do not want in logs. */
function logStripeFailure(what: string, error: unknown) {
  const e = error as { type?: string; statusCode?: number; code?: string; requestId?: string; message?: string };
  console.error(
    `Stripe: ${what} failed: ${e.type ?? 'Error'} ${e.statusCode ?? ''} ${e.code ?? ''} ${e.requestId ?? ''} ${e.message ?? String(error)}`,
  );
}

export function stripeProvider(key: string): PaymentProvider {
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
    async refundPayment(input) {
      try {
        const refund = await stripe.refunds.create(
          { payment_intent: input.paymentIntentId, amount: input.amountCents },
          { idempotencyKey: input.idempotencyKey },
        );
        if (refund.status === 'failed' || refund.status === 'canceled')
          throw refundRefused(`the refund ${refund.status}`);
        return { refundId: refund.id };
      } catch (error) {
        if (error instanceof PaymentProviderError) throw error;
        logStripeFailure('refunding a payment', error);
        const message = error instanceof Stripe.errors.StripeError ? error.message : 'it could not be reached';
        throw refundRefused(message);
      }
    },
  };
}

/** A refund of a charge as Stripe reports it (charge.refunded webhook). */
type StripeRefund = { id: string; amountCents: number; paymentIntentId: string | null };

/**
 * The refunds of a charge that took money back (succeeded or still pending), newest first. Stripe's charge.refunded
 * event does not carry them (API versions since 2022-11-15 leave `refunds` out), so they are listed.
 */
export async function listChargeRefunds(key: string, chargeId: string): Promise<StripeRefund[]> {
  try {
    const list = await stripeClient(key).refunds.list({ charge: chargeId, limit: 100 });
    return list.data
      .filter((r) => r.status === 'succeeded' || r.status === 'pending')
      .map((r) => ({ id: r.id, amountCents: r.amount, paymentIntentId: idOf(r.payment_intent) }));
  } catch (error) {
    logStripeFailure('listing the refunds of a charge', error);
    throw new PaymentProviderError('We could not reach the payment provider to read the refunds of a charge.');
  }
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
