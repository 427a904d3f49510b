import { action as webhook } from '~/routes/webhooks.stripe';
import type { FakeStripe } from '../fake-stripe/server';
import { call, unique } from './helpers';

/** The JSON body of a new golfer's registration (POST /api/register-golfer), under an email no other test uses. */
export function newGolferBody(email = `${unique('g')}@example.org`) {
  return {
    registrationType: 'new',
    firstName: 'Casey',
    lastName: unique('Lee'),
    email,
    phone: '231-555-0101',
    estimatedScore: 44,
    termsAccepted: true,
  };
}

/** The same registration as the register page's form fields (strings, the terms box ticked). */
export function newGolferFormOf(body: ReturnType<typeof newGolferBody>): Record<string, string> {
  return {
    registrationType: body.registrationType,
    firstName: body.firstName,
    lastName: body.lastName,
    email: body.email,
    phone: body.phone,
    estimatedScore: String(body.estimatedScore),
    termsAccepted: 'on',
  };
}

/** Posts a Stripe event to the webhook as Stripe would; a null signature leaves the Stripe-Signature header out. */
export function postWebhook({ payload, signature }: { payload: string; signature: string | null }) {
  return call(
    webhook,
    new Request('http://localhost/webhooks/stripe', {
      method: 'POST',
      body: payload,
      headers: { 'Content-Type': 'application/json', ...(signature ? { 'Stripe-Signature': signature } : {}) },
    }),
  );
}

/** Points the site's payments at `fake` (the real `stripe` SDK talks to it), and its webhook at `webhookSecret`. */
export function useFakeStripe(fake: FakeStripe, webhookSecret?: string) {
  process.env.STRIPE_SECRET_KEY = fake.apiKey;
  process.env.STRIPE_API_BASE = fake.baseUrl;
  if (webhookSecret) process.env.STRIPE_WEBHOOK_SECRET = webhookSecret;
}
