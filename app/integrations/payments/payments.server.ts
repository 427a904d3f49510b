import { stripeSecretKey, type PaymentProvider } from './provider.server';
import { simulatedProvider } from './simulated.server';
import { stripeProvider } from './stripe.server';

/**
 * Which payment provider this call uses (docs/product/payments.md#payment-provider): Stripe Checkout when
 * STRIPE_SECRET_KEY is set, otherwise the built-in simulated checkout. What a provider is, and the types
 * registration works with, are in ./payments/provider.server.ts; each provider has its own file beside it.
 */

let warnedSimulated = false;

/** The provider for this call: Stripe when STRIPE_SECRET_KEY is set, else the simulated checkout. */
export function paymentProvider(): PaymentProvider {
  const key = stripeSecretKey();
  if (key) return stripeProvider(key);
  if (!warnedSimulated && process.env.NODE_ENV === 'production') {
    warnedSimulated = true;
    console.warn('STRIPE_SECRET_KEY is not set: registrations use the SIMULATED checkout and no card is charged.');
  }
  return simulatedProvider;
}
