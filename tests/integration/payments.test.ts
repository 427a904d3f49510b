import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fulfilCheckoutSession, verifyCheckoutSession } from '~/features/registration/fulfilment.server';
import { action as registerApi } from '~/routes/api.register-golfer';
import { loader as paymentStatus } from '~/routes/api.payment-status.$sessionId';
import { loader as confirmationPage } from '~/routes/_public.registration-confirmation.$sessionId';
import { db } from '~/db/db.server';
import { paymentProvider } from '~/integrations/payments/payments.server';
import { FakeStripe } from '../fake-stripe/server';
import { updateSeason } from '~/models/seasons.server';
import { call, openRegistration, request } from './helpers';
import { newGolferBody, postWebhook, useFakeStripe } from './registration-helpers';

// The real `stripe` SDK against a local fake of the Stripe API. payments.server reads its configuration at
// call time, so setting it here (after the imports) is enough.
const WEBHOOK_SECRET = 'whsec_test_league_secret';
const fake = new FakeStripe();
let season: number;

beforeAll(async () => {
  season = await openRegistration({ feeCents: 15000 });
  await fake.start();
  useFakeStripe(fake, WEBHOOK_SECRET);
});

afterAll(async () => {
  await fake.stop();
});

beforeEach(() => {
  fake.requests.length = 0;
  fake.clearFailures();
});

/** Registers through the JSON API and returns the fake Stripe session it created. */
async function register(body: Record<string, unknown> = newGolferBody()) {
  const res = await call(registerApi, request('/api/register-golfer', { json: body }));
  expect(res.status).toBe(200);
  const { checkoutUrl } = (await res.json()) as { checkoutUrl: string };
  const id = checkoutUrl.split('/').pop()!;
  const session = fake.sessions.get(id);
  expect(session).toBeDefined();
  return session!;
}

async function golferState(email: string) {
  const golfers = await db.golfer.findMany({ where: { email }, include: { memberships: true } });
  return golfers;
}

describe('Stripe Checkout through the real SDK', () => {
  it('creates a session for the season fee with the pending registration in its metadata and an idempotency key', async () => {
    const body = newGolferBody();
    const session = await register(body);
    expect(session.amount_total).toBe(15000);
    expect(session.currency).toBe('usd');
    expect(session.customer_email).toBe(body.email);
    expect(session.success_url).toBe('http://localhost/registration-confirmation/{CHECKOUT_SESSION_ID}');
    expect(session.cancel_url).toBe('http://localhost/register');
    const pending = await db.pendingRegistration.findUnique({ where: { id: session.metadata.pendingRegistrationId } });
    expect(pending).toMatchObject({
      checkoutSessionId: session.id,
      amountCents: 15000,
      fulfilledAt: null,
      email: body.email,
    });
    const create = fake.requests.find((r) => r.method === 'POST');
    expect(create?.idempotencyKey).toBe(`registration-${pending!.id}`);
    expect(await golferState(body.email)).toHaveLength(0);
  });

  it('charges the fee of the season on sale, not the Settings fee (docs/product/seasons.md#registration-follows-the-season)', async () => {
    const window = { registrationOpens: `${season}-01-01`, registrationCloses: `${season}-12-31` };
    await updateSeason(season, { feeCents: 16500, ...window }, null);
    await db.setting.upsert({
      where: { id: 1 },
      create: { id: 1, seasonFeeCents: 12000 },
      update: { seasonFeeCents: 12000 },
    });
    try {
      const session = await register();
      expect(session.amount_total).toBe(16500);
      expect(session.metadata.season).toBe(String(season));
      const pending = await db.pendingRegistration.findUnique({
        where: { id: session.metadata.pendingRegistrationId },
      });
      expect(pending).toMatchObject({ season, amountCents: 16500 });
    } finally {
      await updateSeason(season, { feeCents: 15000, ...window }, null);
      await db.setting.update({ where: { id: 1 }, data: { seasonFeeCents: 15000 } });
    }
  });

  it('retrieves sessions through the SDK and knows an unknown id is not found', async () => {
    const session = await register();
    const retrieved = await paymentProvider().retrieveCheckoutSession(session.id);
    expect(retrieved).toMatchObject({ id: session.id, amountTotal: 15000, paymentStatus: 'unpaid', status: 'open' });
    expect(await paymentProvider().retrieveCheckoutSession('cs_test_fake_doesnotexist')).toBeNull();
  });

  it('answers 502 with a clear message and leaves nothing behind when Stripe is down', async () => {
    const body = newGolferBody();
    const before = await db.pendingRegistration.count();
    fake.failNext(500);
    const res = await call(registerApi, request('/api/register-golfer', { json: body }));
    expect(res.status).toBe(502);
    expect((await res.json()).message).toMatch(/Nothing was charged/);
    expect(await db.pendingRegistration.count()).toBe(before);
  });
});

describe('confirmation: verifying and fulfilling a paid session', () => {
  it('does not fulfil an unpaid session', async () => {
    const session = await register();
    const res = await call(paymentStatus, request(`/api/payment-status/${session.id}`), { sessionId: session.id });
    expect(res.status).toBe(402);
    expect(await golferState(session.customer_email!)).toHaveLength(0);
  });

  it('fulfils a paid session once: one golfer, one paid membership, and a reload changes nothing', async () => {
    const session = await register();
    fake.markPaid(session.id);
    const first = await call(paymentStatus, request(`/api/payment-status/${session.id}`), { sessionId: session.id });
    expect(first.status).toBe(200);
    const body = await first.json();
    expect(body).toMatchObject({ paid: true, email: session.customer_email });
    const [golfer] = await golferState(session.customer_email!);
    expect(golfer).toBeDefined();
    expect(body.golferId).toBe(golfer.id);
    expect(golfer.memberships).toHaveLength(1);
    expect(golfer.memberships[0]).toMatchObject({ registered: true, paid: true, estimatedScore: 44 });
    const registeredAt = golfer.memberships[0].registrationDatetime;

    for (let i = 0; i < 3; i++) {
      const again = await call(paymentStatus, request(`/api/payment-status/${session.id}`), { sessionId: session.id });
      expect(await again.json()).toMatchObject({ paid: true, golferId: golfer.id });
      // Reloading the confirmation page itself.
      const page = await call(confirmationPage, request(`/registration-confirmation/${session.id}`), {
        sessionId: session.id,
      });
      expect(await page.json()).toMatchObject({
        state: 'paid',
        golferId: golfer.id,
        email: session.customer_email,
        amountCents: 15000,
      });
    }
    const after = await golferState(session.customer_email!);
    expect(after).toHaveLength(1);
    expect(after[0].memberships).toHaveLength(1);
    expect(after[0].memberships[0].registrationDatetime).toEqual(registeredAt);
  });

  it('answers a reload of a fulfilled session from our own record, even while Stripe is down', async () => {
    const session = await register();
    fake.markPaid(session.id);
    const first = await verifyCheckoutSession(session.id);
    expect(first.state).toBe('paid');
    fake.requests.length = 0;
    fake.failNext(500, 5);
    const reload = await call(paymentStatus, request(`/api/payment-status/${session.id}`), { sessionId: session.id });
    expect(reload.status).toBe(200);
    expect(await reload.json()).toMatchObject({ paid: true, golferId: first.state === 'paid' ? first.golferId : -1 });
    expect(fake.requests).toHaveLength(0);
  });

  it('tells the golfer to reload (502) when Stripe cannot be reached to verify a new payment', async () => {
    const session = await register();
    fake.markPaid(session.id);
    fake.failNext(503);
    const res = await call(paymentStatus, request(`/api/payment-status/${session.id}`), { sessionId: session.id });
    expect(res.status).toBe(502);
    expect(await golferState(session.customer_email!)).toHaveLength(0);
    // Once Stripe answers again, the same link works.
    const retry = await call(paymentStatus, request(`/api/payment-status/${session.id}`), { sessionId: session.id });
    expect(retry.status).toBe(200);
  });

  it('fulfils exactly once when two verifications race', async () => {
    const session = await register();
    fake.markPaid(session.id);
    const results = await Promise.all([
      verifyCheckoutSession(session.id),
      verifyCheckoutSession(session.id),
      verifyCheckoutSession(session.id),
    ]);
    const ids = results.map((r) => (r.state === 'paid' ? r.golferId : null));
    expect(ids[0]).not.toBeNull();
    expect(new Set(ids).size).toBe(1);
    const golfers = await golferState(session.customer_email!);
    expect(golfers).toHaveLength(1);
    expect(golfers[0].memberships).toHaveLength(1);
  });

  it('answers 404 for a session Stripe does not know and 400 for a malformed id', async () => {
    const missing = await call(paymentStatus, request('/api/payment-status/cs_test_fake_nothere1'), {
      sessionId: 'cs_test_fake_nothere1',
    });
    expect(missing.status).toBe(404);
    const bad = await call(paymentStatus, request('/api/payment-status/..%2Fetc'), { sessionId: '../etc' });
    expect(bad.status).toBe(400);
  });

  it('treats a completed checkout whose payment is still on its way as processing, then fulfils it on async_payment_succeeded', async () => {
    const session = await register();
    fake.markProcessing(session.id);
    const res = await call(paymentStatus, request(`/api/payment-status/${session.id}`), { sessionId: session.id });
    expect(res.status).toBe(202);
    expect(await golferState(session.customer_email!)).toHaveLength(0);

    fake.markPaid(session.id);
    const { payload, signature } = fake.webhook(session.id, WEBHOOK_SECRET, 'checkout.session.async_payment_succeeded');
    const hook = await postWebhook({ payload, signature });
    expect(hook.status).toBe(200);
    expect(await hook.json()).toMatchObject({ handled: true, state: 'paid' });
    expect(await golferState(session.customer_email!)).toHaveLength(1);
  });
});

describe('POST /webhooks/stripe', () => {
  it('fulfils checkout.session.completed with a valid signature', async () => {
    const session = await register();
    fake.markPaid(session.id);
    const { payload, signature } = fake.webhook(session.id, WEBHOOK_SECRET);
    const res = await postWebhook({ payload, signature });
    expect(res.status).toBe(200);
    const golfers = await golferState(session.customer_email!);
    expect(golfers).toHaveLength(1);
    expect(golfers[0].memberships[0]).toMatchObject({ paid: true, registered: true });
  });

  it('refuses an invalid or missing signature with 400 and changes nothing', async () => {
    const session = await register();
    fake.markPaid(session.id);
    const { payload } = fake.webhook(session.id, WEBHOOK_SECRET);
    const forged = fake.webhook(session.id, 'whsec_someone_else').signature;
    expect((await postWebhook({ payload, signature: forged })).status).toBe(400);
    expect((await postWebhook({ payload, signature: null })).status).toBe(400);
    // A body changed after signing does not verify either.
    const { payload: original, signature } = fake.webhook(session.id, WEBHOOK_SECRET);
    expect(
      (await postWebhook({ payload: original.replace('"livemode":false', '"livemode":true'), signature })).status,
    ).toBe(400);
    expect(await golferState(session.customer_email!)).toHaveLength(0);
    const pending = await db.pendingRegistration.findUnique({ where: { id: session.metadata.pendingRegistrationId } });
    expect(pending?.fulfilledAt).toBeNull();
  });

  it('changes nothing when the same event is replayed, or when the confirmation page verifies afterwards', async () => {
    const session = await register();
    fake.markPaid(session.id);
    const { payload, signature } = fake.webhook(session.id, WEBHOOK_SECRET);
    expect((await postWebhook({ payload, signature })).status).toBe(200);
    const [golfer] = await golferState(session.customer_email!);
    const membership = golfer.memberships[0];
    expect((await postWebhook({ payload, signature })).status).toBe(200);
    const replay = fake.webhook(session.id, WEBHOOK_SECRET);
    expect((await postWebhook(replay)).status).toBe(200);
    const status = await call(paymentStatus, request(`/api/payment-status/${session.id}`), { sessionId: session.id });
    expect(await status.json()).toMatchObject({ golferId: golfer.id });
    const after = await golferState(session.customer_email!);
    expect(after).toHaveLength(1);
    expect(after[0].memberships).toEqual([membership]);
  });

  it('fulfils once when the webhook and the confirmation page arrive together', async () => {
    const session = await register();
    fake.markPaid(session.id);
    const { payload, signature } = fake.webhook(session.id, WEBHOOK_SECRET);
    const [hook, page] = await Promise.all([postWebhook({ payload, signature }), verifyCheckoutSession(session.id)]);
    expect(hook.status).toBe(200);
    expect(page.state).toBe('paid');
    const golfers = await golferState(session.customer_email!);
    expect(golfers).toHaveLength(1);
    expect(golfers[0].memberships).toHaveLength(1);
  });

  it('acknowledges events it does not handle and ignores sessions that are not registrations', async () => {
    const session = await register();
    const { payload, signature } = fake.webhook(session.id, WEBHOOK_SECRET, 'checkout.session.expired');
    const res = await postWebhook({ payload, signature });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ handled: false });

    const foreign = await fulfilCheckoutSession({
      id: 'cs_test_fake_foreign',
      url: null,
      amountTotal: 15000,
      currency: 'usd',
      customerEmail: 'x@example.org',
      metadata: {},
      paymentStatus: 'paid',
      status: 'complete',
      paymentIntentId: 'pi_test_fake_foreign',
    });
    expect(foreign.state).toBe('unknown');
  });

  it('does not fulfil a session whose amount differs from the registration', async () => {
    const session = await register();
    fake.markPaid(session.id);
    session.amount_total = 100;
    const { payload, signature } = fake.webhook(session.id, WEBHOOK_SECRET);
    const res = await postWebhook({ payload, signature });
    expect(await res.json()).toMatchObject({ state: 'unknown' });
    expect(await golferState(session.customer_email!)).toHaveLength(0);
  });
});

describe('already paid', () => {
  it('refuses a golfer already paid for the season before any checkout session is created', async () => {
    const session = await register();
    fake.markPaid(session.id);
    await verifyCheckoutSession(session.id);
    const [golfer] = await golferState(session.customer_email!);
    fake.requests.length = 0;

    const again = await call(
      registerApi,
      request('/api/register-golfer', {
        json: {
          registrationType: 'returning',
          golferId: golfer.id,
          email: session.customer_email,
          termsAccepted: true,
        },
      }),
    );
    expect(again.status).toBe(409);
    expect((await again.json()).message).toMatch(/already registered and paid/);
    const asNew = await call(
      registerApi,
      request('/api/register-golfer', { json: newGolferBody(session.customer_email!) }),
    );
    expect(asNew.status).toBe(409);
    expect(fake.requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });
});

describe('one payable checkout per golfer and season (the fee is never taken twice)', () => {
  it('a second registration with the same email leaves the first checkout alone (it could be anyone typing it); paying one expires the other', async () => {
    const body = newGolferBody();
    const first = await register(body);
    const second = await register(body);
    expect(fake.requests.some((r) => r.path.endsWith('/expire'))).toBe(false);
    expect(fake.sessions.get(first.id)!.status).toBe('open');

    fake.markPaid(second.id);
    expect((await verifyCheckoutSession(second.id)).state).toBe('paid');
    expect(fake.sessions.get(first.id)!.status).toBe('expired');
    expect(() => fake.markPaid(first.id)).toThrow(/expired/);
    expect((await verifyCheckoutSession(first.id)).state).toBe('unpaid');
    const [golfer] = await golferState(body.email);
    expect(golfer.memberships).toEqual([expect.objectContaining({ paid: true })]);
  });

  it("paying one checkout expires the golfer's other open checkouts for the season", async () => {
    const body = newGolferBody();
    const older = await register(body);
    const newer = await register(body);
    // An older checkout still open (say, started before this rule): paying the newer one must close it.
    Object.assign(fake.sessions.get(older.id)!, { status: 'open', url: 'http://fake/pay' });
    fake.markPaid(newer.id);
    expect((await verifyCheckoutSession(newer.id)).state).toBe('paid');
    expect(fake.sessions.get(older.id)!.status).toBe('expired');
  });

  it('leaves a checkout that is already being paid alone, and still fulfils it', async () => {
    const body = newGolferBody();
    const first = await register(body);
    fake.markProcessing(first.id);
    const second = await register(body);
    expect(fake.sessions.get(first.id)!.status).toBe('complete');
    expect(second.status).toBe('open');
  });
});
