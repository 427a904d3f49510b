/**
 * What a payment provider is (docs/product/payments.md#payment-provider): Stripe Checkout and the built-in simulated
 * checkout both answer this interface, and registration never asks which one it got. The choice is made in
 * app/integrations/payments/payments.server.ts.
 *
 * Configuration is read when a call is made, not when a module loads, so tests (and a restarted configuration)
 * can point the provider at a local fake of the Stripe API through STRIPE_API_BASE.
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
  /** The payment (Stripe's PaymentIntent) once the golfer has paid: what a refund is made against. */
  paymentIntentId: string | null;
};

type CreateCheckoutInput = {
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
  /**
   * Refunds part or all of a payment (docs/product/payments.md#refunds). Resolves with the provider's refund id once
   * the provider accepted it; a refusal or an outage is a PaymentProviderError (502) and nothing was refunded.
   */
  refundPayment(input: RefundInput): Promise<{ refundId: string }>;
}

type RefundInput = {
  paymentIntentId: string;
  amountCents: number;
  /** Stripe: the same key never refunds twice (a double-submitted form gets the first refund back). */
  idempotencyKey: string;
};

/** The payment provider could not be reached or refused the request; nothing was charged (or refunded) by us. */
export class PaymentProviderError extends Error {}

/** The sentence a refused or failed refund is answered with (502). */
export function refundRefused(reason: string): PaymentProviderError {
  return new PaymentProviderError(`The payment provider refused the refund: ${reason}`);
}

export const SESSION_ID_TEMPLATE = '{CHECKOUT_SESSION_ID}';

/** Stripe's and our simulated session ids: `cs_` then letters, digits and underscores. */
export function isCheckoutSessionId(value: unknown): value is string {
  return typeof value === 'string' && /^cs_[A-Za-z0-9_]{8,250}$/.test(value);
}

/** The Stripe secret key, or null when payments are simulated. */
export function stripeSecretKey(): string | null {
  return process.env.STRIPE_SECRET_KEY?.trim() || null;
}

/** Which provider the site uses right now (the registration page says so when payments are simulated). */
export function paymentsAreSimulated(): boolean {
  return stripeSecretKey() === null;
}

/** The string values of provider metadata (Stripe's may hold other types; ours are JSON we wrote). */
export function metadataOf(value: Record<string, unknown> | null | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(value ?? {})) if (typeof v === 'string') out[k] = v;
  return out;
}
