import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createGolfer } from '~/models/golfers.server';
import { createMembership } from '~/models/memberships.server';
import { recordRefund, refundOffer } from '~/features/refunds/refunds.server';
import { verifyCheckoutSession } from '~/features/registration/fulfilment.server';
import { action as membershipsAction, loader as membershipsLoader } from '~/routes/_admin.memberships';
import { action as registerApi } from '~/routes/api.register-golfer';
import { action as checkoutAction } from '~/routes/checkout.$sessionId';
import { db } from '~/db/db.server';
import { FakeStripe } from '../fake-stripe/server';
import { call, openRegistration, request, signIn, unique } from './helpers';
import { postWebhook, useFakeStripe } from './registration-helpers';

// Refunds (docs/product/payments.md#refunds) with the real `stripe` SDK against the local fake of the Stripe API, and
// with the simulated provider.
const WEBHOOK_SECRET = 'whsec_test_refunds';
const fake = new FakeStripe();
let season: number;
let admin: { cookie: string; username: string };

const useStripe = () => useFakeStripe(fake, WEBHOOK_SECRET);

beforeAll(async () => {
  season = await openRegistration({ feeCents: 15000 });
  await fake.start();
  useStripe();
  const signedIn = await signIn({ isAdmin: true });
  admin = { cookie: signedIn.cookie, username: signedIn.user.username };
});

afterAll(async () => {
  await fake.stop();
});

beforeEach(() => {
  useStripe();
  fake.requests.length = 0;
  fake.clearFailures();
});

function newGolferBody() {
  return {
    registrationType: 'new',
    firstName: 'Riley',
    lastName: unique('Refund'),
    email: `${unique('r')}@example.org`,
    phone: '231-555-0150',
    estimatedScore: 40,
    termsAccepted: true,
  };
}

/** A golfer registered and paid through Stripe: their membership, and the payment intent of the checkout. */
async function paidThroughStripe() {
  const res = await call(registerApi, request('/api/register-golfer', { json: newGolferBody() }));
  expect(res.status).toBe(200);
  const { checkoutUrl } = (await res.json()) as { checkoutUrl: string };
  const session = fake.markPaid(checkoutUrl.split('/').pop()!);
  const paid = await verifyCheckoutSession(session.id);
  if (paid.state !== 'paid') throw new Error('not paid');
  const membership = await db.membership.findUniqueOrThrow({
    where: { golferId_season: { golferId: paid.golferId, season } },
  });
  return { membership, paymentIntent: session.payment_intent!, golferId: paid.golferId };
}

function refundForm(membershipId: number, amount: string, cookie = admin.cookie) {
  return call(
    membershipsAction,
    request(`/memberships?season=${season}&refund=${membershipId}`, {
      form: { intent: 'refund', id: String(membershipId), amount },
      cookie,
    }),
  );
}

async function stateOf(membershipId: number) {
  const membership = await db.membership.findUniqueOrThrow({ where: { id: membershipId } });
  const refunds = await db.refund.findMany({
    where: { golferId: membership.golferId, season: membership.season },
    orderBy: { id: 'asc' },
  });
  return { membership, refunds };
}

describe('refund from /memberships through Stripe', () => {
  it('stores the payment of a fulfilled checkout, so a refund can find it', async () => {
    const { membership, paymentIntent } = await paidThroughStripe();
    const pending = await db.pendingRegistration.findFirstOrThrow({
      where: { fulfilledGolferId: membership.golferId },
    });
    expect(pending.paymentIntentId).toBe(paymentIntent);
    expect(paymentIntent).toMatch(/^pi_fake_/);
  });

  it('offers 50% of the fee paid up to July 15 and nothing after it', async () => {
    const { membership } = await paidThroughStripe();
    const before = await refundOffer(membership.id, `${season}-07-15`);
    expect(before).toMatchObject({
      paidCents: 15000,
      refundedCents: 0,
      refundableCents: 15000,
      suggestedCents: 7500,
      deadline: `July 15, ${season}`,
      refusal: null,
    });
    expect((await refundOffer(membership.id, `${season}-07-16`)).suggestedCents).toBeNull();
    // The page's ?refund=ID dialog gets the offer.
    const page = await call(
      membershipsLoader,
      request(`/memberships?season=${season}&refund=${membership.id}`, { cookie: admin.cookie }),
    );
    expect((await page.json()).refund).toMatchObject({ membershipId: membership.id, refundableCents: 15000 });
  });

  it('refunds through the Stripe refunds API and marks the membership unpaid once; the webhook that follows changes nothing', async () => {
    const { membership, paymentIntent } = await paidThroughStripe();
    const res = await refundForm(membership.id, '75.00');
    expect(res.status).toBe(302);
    const create = fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/refunds');
    expect(create).toHaveLength(1);
    expect(create[0].idempotencyKey).toMatch(/^refund-/);
    const [stripeRefund] = [...fake.refunds.values()].filter((r) => r.payment_intent === paymentIntent);
    expect(stripeRefund.amount).toBe(7500);

    const after = await stateOf(membership.id);
    expect(after.membership).toMatchObject({ paid: false, registered: true, refundedCents: 7500 });
    expect(after.membership.refundedAt).toBeInstanceOf(Date);
    expect(after.refunds).toEqual([
      expect.objectContaining({
        membershipId: membership.id,
        amountCents: 7500,
        providerRefundId: stripeRefund.id,
        createdBy: admin.username,
      }),
    ]);

    // Stripe then reports the refund: it is already recorded.
    const reported = await postWebhook(fake.chargeRefundedWebhook(paymentIntent, WEBHOOK_SECRET));
    expect(reported.status).toBe(200);
    expect(await reported.json()).toMatchObject({ handled: true, recorded: 0 });
    const again = await stateOf(membership.id);
    expect(again.refunds).toHaveLength(1);
    expect(again.membership.refundedCents).toBe(7500);
  });

  it('validates the amount: more than $0, at most what was paid less what was refunded; nothing changes', async () => {
    const { membership } = await paidThroughStripe();
    for (const [amount, message] of [
      ['0', 'The refund must be more than $0.00'],
      ['abc', 'Enter an amount in dollars, such as 75.00'],
      ['150.01', 'The refund can be at most $150'],
    ] as const) {
      const res = await refundForm(membership.id, amount);
      expect(res.status).toBe(400);
      expect(JSON.stringify(await res.json())).toContain(message);
    }
    expect(fake.requests.filter((r) => r.path === '/v1/refunds')).toHaveLength(0);
    expect((await stateOf(membership.id)).membership).toMatchObject({ paid: true, refundedCents: null });
  });

  it('a provider refusal answers 502 with its reason and changes nothing', async () => {
    const { membership } = await paidThroughStripe();
    fake.failNext(500);
    const res = await refundForm(membership.id, '75');
    expect(res.status).toBe(502);
    expect(JSON.stringify(await res.json())).toContain('The payment provider refused the refund: ');
    const after = await stateOf(membership.id);
    expect(after.membership).toMatchObject({ paid: true, refundedCents: null, refundedAt: null });
    expect(after.refunds).toHaveLength(0);
  });

  it('only an administrator refunds; an unpaid membership or one paid outside the checkout is refused', async () => {
    const { membership } = await paidThroughStripe();
    const member = await signIn({ isAdmin: false });
    const forbidden = await refundForm(membership.id, '75', member.cookie);
    expect(forbidden.status).toBe(403);

    const golfer = await createGolfer({ firstName: 'Cash', lastName: unique('Payer') }, null);
    const byHand = await createMembership({ golferId: golfer.id, season, registered: true, paid: true }, null);
    const outside = await refundForm(byHand.id, '75');
    expect(outside.status).toBe(409);
    expect(JSON.stringify(await outside.json())).toContain('not paid through the online checkout');

    await refundForm(membership.id, '150');
    const unpaid = await refundForm(membership.id, '1');
    expect(unpaid.status).toBe(409);
    expect(fake.requests.filter((r) => r.path === '/v1/refunds')).toHaveLength(1);
  });
});

describe('refunds made in Stripe (charge.refunded webhook)', () => {
  it('records a dashboard refund once: the membership becomes unpaid, and a replayed webhook changes nothing', async () => {
    const { membership, paymentIntent } = await paidThroughStripe();
    const dashboard = fake.refund(paymentIntent, 5000);
    const event = fake.chargeRefundedWebhook(paymentIntent, WEBHOOK_SECRET);

    const first = await postWebhook(event);
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ handled: true, recorded: 1 });
    const after = await stateOf(membership.id);
    expect(after.membership).toMatchObject({ paid: false, refundedCents: 5000 });
    expect(after.refunds).toEqual([
      expect.objectContaining({ providerRefundId: dashboard.id, amountCents: 5000, createdBy: 'stripe' }),
    ]);

    const replayed = await Promise.all([postWebhook(event), postWebhook(event)]);
    for (const res of replayed) expect(await res.json()).toMatchObject({ recorded: 0 });
    expect((await stateOf(membership.id)).refunds).toHaveLength(1);

    // A second dashboard refund of the rest is added to the total.
    fake.refund(paymentIntent, 10000);
    const second = await postWebhook(fake.chargeRefundedWebhook(paymentIntent, WEBHOOK_SECRET));
    expect(await second.json()).toMatchObject({ recorded: 1 });
    const total = await stateOf(membership.id);
    expect(total.refunds).toHaveLength(2);
    expect(total.membership.refundedCents).toBe(15000);
  });

  it('a refund of a payment that is not a registration of ours is acknowledged and changes nothing', async () => {
    const { paymentIntent } = await paidThroughStripe();
    const charge = fake.charges.get(paymentIntent)!;
    fake.charges.set('pi_fake_foreign', {
      ...charge,
      id: 'ch_fake_foreign',
      payment_intent: 'pi_fake_foreign',
      metadata: {},
    });
    fake.refund('pi_fake_foreign', 100);
    const before = await db.refund.count();
    const res = await postWebhook(fake.chargeRefundedWebhook('pi_fake_foreign', WEBHOOK_SECRET));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ handled: false, recorded: 0 });
    expect(await db.refund.count()).toBe(before);
  });

  it('a refund whose webhook arrives before the page records it is still recorded once', async () => {
    const { membership, paymentIntent } = await paidThroughStripe();
    // The webhook (for a refund just made from /memberships) wins the race...
    const made = fake.refund(paymentIntent, 7500);
    await postWebhook(fake.chargeRefundedWebhook(paymentIntent, WEBHOOK_SECRET));
    // ...and the page's own recording of the same provider refund then finds it there.
    expect(
      await recordRefund(
        {
          providerRefundId: made.id,
          golferId: membership.golferId,
          season,
          amountCents: 7500,
          createdBy: admin.username,
        },
        null,
      ),
    ).toBe(false);
    expect((await stateOf(membership.id)).refunds).toHaveLength(1);
  });
});

describe('the simulated provider', () => {
  it('refunds a simulated payment: a simulated refund id, the membership unpaid', async () => {
    delete process.env.STRIPE_SECRET_KEY;
    const res = await call(registerApi, request('/api/register-golfer', { json: newGolferBody() }));
    const { checkoutUrl } = (await res.json()) as { checkoutUrl: string };
    const sessionId = new URL(checkoutUrl).pathname.split('/').pop()!;
    const paid = await call(checkoutAction, request(`/checkout/${sessionId}`, { method: 'POST', form: {} }), {
      sessionId,
    });
    expect(paid.status).toBe(303);
    const result = await verifyCheckoutSession(sessionId);
    if (result.state !== 'paid') throw new Error('not paid');
    const membership = await db.membership.findUniqueOrThrow({
      where: { golferId_season: { golferId: result.golferId, season } },
    });
    const pending = await db.pendingRegistration.findUniqueOrThrow({ where: { checkoutSessionId: sessionId } });
    expect(pending.paymentIntentId).toBe(sessionId.replace(/^cs_/, 'pi_'));

    const tooMuch = await refundForm(membership.id, '150.01');
    expect(tooMuch.status).toBe(400);
    const refunded = await refundForm(membership.id, '150');
    expect(refunded.status).toBe(302);
    const after = await stateOf(membership.id);
    expect(after.membership).toMatchObject({ paid: false, refundedCents: 15000 });
    expect(after.refunds).toEqual([
      expect.objectContaining({
        amountCents: 15000,
        providerRefundId: expect.stringMatching(/^re_test_sim_[0-9a-f]+$/),
      }),
    ]);
    expect(fake.requests).toHaveLength(0);
  });
});
