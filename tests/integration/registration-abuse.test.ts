import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createGolfer } from '~/models/golfers.server';
import { teeTimeChangeClosed } from '~/features/registration/standing-tee-time.server';
import { verifyCheckoutSession } from '~/features/registration/fulfilment.server';
import { action as registerApi } from '~/routes/api.register-golfer';
import { action as registerPage } from '~/routes/_public.register';
import {
  action as confirmContactAction,
  loader as confirmContactLoader,
} from '~/routes/_public.confirm-contact.$token';
import { action as confirmTeeTime } from '~/routes/_public.registration-confirmation.$sessionId';
import { db } from '~/db/db.server';
import { FakeStripe } from '../fake-stripe/server';
import { call, loadContext, openRegistration, request, unique } from './helpers';
import { newGolferBody, newGolferFormOf, useFakeStripe } from './registration-helpers';

// Registration abuse (docs/product/accounts.md#registration-abuse): the per-address limit, expiring only open
// checkouts once, and contact details that change only through the address on file. The real `stripe` SDK talks to
// the local fake, so every call the site makes to the provider is counted.
const fake = new FakeStripe();
let season: number;

beforeAll(async () => {
  season = await openRegistration({ feeCents: 15000 });
  await fake.start();
  useFakeStripe(fake);
});

afterAll(async () => {
  await fake.stop();
  delete process.env.STRIPE_SECRET_KEY;
  delete process.env.STRIPE_API_BASE;
});

beforeEach(() => {
  fake.requests.length = 0;
  fake.clearFailures();
});

let addressCounter = 0;
/** A client address no other test uses (server.js passes the client's address in the load context). */
function newAddress(): string {
  addressCounter += 1;
  return `198.51.100.${addressCounter}`;
}

function registerFrom(address: string, body: Record<string, unknown>) {
  return call(registerApi, request('/api/register-golfer', { json: body }), {}, loadContext(address));
}

/** Registers through the API from a fresh address; returns the fake session and the pending registration. */
async function register(body: Record<string, unknown> = newGolferBody(), address = newAddress()) {
  const res = await registerFrom(address, body);
  expect(res.status).toBe(200);
  const { checkoutUrl } = (await res.json()) as { checkoutUrl: string };
  const session = fake.sessions.get(checkoutUrl.split('/').pop()!)!;
  const pending = await db.pendingRegistration.findUniqueOrThrow({ where: { checkoutSessionId: session.id } });
  return { session, pending };
}

async function registerAndPay(body: Record<string, unknown>) {
  const { session } = await register(body);
  fake.markPaid(session.id);
  const paid = await verifyCheckoutSession(session.id);
  expect(paid.state).toBe('paid');
  return session;
}

function expireCalls(sessionId: string): number {
  return fake.requests.filter((r) => r.method === 'POST' && r.path === `/v1/checkout/sessions/${sessionId}/expire`)
    .length;
}

describe('rate limit per address', () => {
  it("100 registrations from one address in a minute: the first 10 start a checkout, the rest get 429 and never touch another golfer's checkout", async () => {
    const victim = await createGolfer(
      {
        firstName: 'Vic',
        lastName: unique('Tim'),
        email: `${unique('victim')}@example.org`,
        phone: '231-555-0110',
      },
      null,
    );
    // The victim's own open checkout, from their own network.
    const own = await register({
      registrationType: 'returning',
      golferId: victim.id,
      email: victim.email,
      termsAccepted: true,
    });
    fake.requests.length = 0;
    const sessionsBefore = fake.sessions.size;
    const contactMailsBefore = await db.outboxMessage.count({ where: { kind: 'contact-change', golferId: victim.id } });

    const attacker = newAddress();
    const answers = await Promise.all(
      Array.from({ length: 100 }, () =>
        registerFrom(attacker, {
          registrationType: 'returning',
          golferId: victim.id,
          email: `${unique('attacker')}@example.org`,
          phone: '231-555-0999',
          termsAccepted: true,
        }),
      ),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(90);
    const refused = answers.find((r) => r.status === 429)!;
    const { message } = (await refused.json()) as { message: string };
    expect(message).toMatch(/^Too many registrations from this network\. Try again in \d+ minutes?\.$/);
    // Retry-After: the seconds until this hour's window ends, which the message rounds up to minutes.
    const retryAfter = Number(refused.headers.get('Retry-After'));
    expect(retryAfter).toBeGreaterThan(55 * 60);
    expect(retryAfter).toBeLessThanOrEqual(60 * 60);
    expect(message).toContain(`in ${Math.ceil(retryAfter / 60)} minutes.`);
    // Ten checkouts were created, and none was expired: the victim's checkout is still open and payable.
    expect(fake.sessions.size - sessionsBefore).toBe(10);
    expect(fake.requests.filter((r) => r.path.endsWith('/expire'))).toHaveLength(0);
    expect(fake.sessions.get(own.session.id)!.status).toBe('open');
    expect((await db.pendingRegistration.findUniqueOrThrow({ where: { id: own.pending.id } })).expiredAt).toBeNull();
    // The victim's contact details did not change; each accepted registration asked the address on file (and only
    // it) to confirm, and only the newest request can be confirmed.
    const after = await db.golfer.findUniqueOrThrow({ where: { id: victim.id } });
    expect(after).toMatchObject({ email: victim.email, phone: victim.phone });
    const mails = await db.outboxMessage.findMany({ where: { kind: 'contact-change', golferId: victim.id } });
    expect(mails.length - contactMailsBefore).toBe(10);
    expect(new Set(mails.map((m) => m.toAddress))).toEqual(new Set([victim.email]));
    const waiting = await db.contactChange.count({
      where: { golferId: victim.id, confirmedAt: null, expiresAt: { gt: new Date() } },
    });
    expect(waiting).toBe(1);

    // Another address is not limited by it.
    const other = await registerFrom(newAddress(), newGolferBody());
    expect(other.status).toBe(200);
  });

  it('without JavaScript the page answers 429 with the form and the message, and starts nothing', async () => {
    const address = newAddress();
    for (let i = 0; i < 10; i++) expect((await registerFrom(address, newGolferBody())).status).toBe(200);
    const pendingBefore = await db.pendingRegistration.count();
    const sessionsBefore = fake.sessions.size;
    const res = await call(
      registerPage,
      request('/register', { form: newGolferFormOf(newGolferBody()) }),
      {},
      loadContext(address),
    );
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('Retry-After'))).toBeGreaterThan(0);
    const data = await res.json();
    expect(data.message).toMatch(/^Too many registrations from this network\. Try again in \d+ minutes?\.$/);
    expect(data.result.error[''] ?? data.result.error).toBeTruthy();
    expect(await db.pendingRegistration.count()).toBe(pendingBefore);
    expect(fake.sessions.size).toBe(sessionsBefore);
  });

  it('an invalid form does not use up the allowance', async () => {
    const address = newAddress();
    for (let i = 0; i < 20; i++) {
      const res = await registerFrom(address, { ...newGolferBody(), email: 'not-an-email' });
      expect(res.status).toBe(400);
    }
    expect((await registerFrom(address, newGolferBody())).status).toBe(200);
  });
});

describe('the client address comes from the load context only', () => {
  it('an X-Client-Address header the client sends does not move it to another allowance', async () => {
    const address = newAddress();
    const claimed = (body: Record<string, unknown>) =>
      call(
        registerApi,
        request('/api/register-golfer', { json: body, headers: { 'X-Client-Address': newAddress() } }),
        {},
        loadContext(address),
      );
    for (let i = 0; i < 10; i++) expect((await claimed(newGolferBody())).status).toBe(200);
    expect((await claimed(newGolferBody())).status).toBe(429);
    expect(await db.loginThrottle.findUnique({ where: { key: `register:${address}` } })).toMatchObject({
      attempts: 10,
    });
  });

  it('without a client address the page and the API refuse as a misconfigured server, and start nothing', async () => {
    const pendingBefore = await db.pendingRegistration.count();
    const sessionsBefore = fake.sessions.size;
    const body = newGolferBody();
    const form = newGolferFormOf(body);
    const headers = { 'X-Client-Address': newAddress() };
    await expect(call(registerPage, request('/register', { form, headers }), {}, {})).rejects.toThrow(
      /Misconfigured server: the load context has no clientAddress/,
    );
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const api = await call(registerApi, request('/api/register-golfer', { json: body, headers }), {}, {});
      expect(api.status).toBe(500);
      expect(await api.json()).toEqual({ message: 'Something went wrong on our side.' });
      expect(String(logged.mock.calls[0]?.[0])).toMatch(/Misconfigured server/);
    } finally {
      logged.mockRestore();
    }
    expect(await db.pendingRegistration.count()).toBe(pendingBefore);
    expect(fake.sessions.size).toBe(sessionsBefore);
  });
});

describe('expiring checkouts', () => {
  it('starting a registration expires nothing; paying one expires only the open ones, each once', async () => {
    const body = newGolferBody();
    const first = await register(body);
    const processing = await register(body);
    const third = await register(body);
    expect(fake.requests.filter((r) => r.path.endsWith('/expire'))).toHaveLength(0);
    fake.markProcessing(processing.session.id);

    fake.markPaid(third.session.id);
    expect((await verifyCheckoutSession(third.session.id)).state).toBe('paid');
    expect(expireCalls(first.session.id)).toBe(1);
    expect(fake.sessions.get(first.session.id)!.status).toBe('expired');
    const firstRow = await db.pendingRegistration.findUniqueOrThrow({ where: { id: first.pending.id } });
    expect(firstRow.expiredAt).toBeInstanceOf(Date);
    // The one being paid was not open: it is not recorded as expired, and it is still fulfilled when paid.
    expect(fake.sessions.get(processing.session.id)!.status).toBe('complete');
    expect(
      (await db.pendingRegistration.findUniqueOrThrow({ where: { id: processing.pending.id } })).expiredAt,
    ).toBeNull();

    // Reloads and the later payment of the other checkout never ask about the expired one again.
    await verifyCheckoutSession(third.session.id);
    fake.markPaid(processing.session.id);
    expect((await verifyCheckoutSession(processing.session.id)).state).toBe('paid');
    expect(expireCalls(first.session.id)).toBe(1);
  });

  it("another golfer's checkout is never expired by a payment", async () => {
    const mine = await register(newGolferBody());
    const theirs = await register(newGolferBody());
    fake.markPaid(mine.session.id);
    await verifyCheckoutSession(mine.session.id);
    expect(expireCalls(theirs.session.id)).toBe(0);
    expect(fake.sessions.get(theirs.session.id)!.status).toBe('open');
  });
});

describe('contact details change only after confirmation from the address on file', () => {
  async function onFileGolfer() {
    return createGolfer(
      {
        firstName: 'Pat',
        lastName: unique('Green'),
        email: `${unique('pat')}@mercy.org`,
        phone: '231-555-0120',
      },
      null,
    );
  }

  async function contactMail(golferId: number) {
    const mail = await db.outboxMessage.findFirstOrThrow({
      where: { kind: 'contact-change', golferId },
      orderBy: { id: 'desc' },
    });
    const link = /http:\/\/localhost\/confirm-contact\/([A-Za-z0-9_-]{43})/.exec(mail.text);
    expect(link).not.toBeNull();
    return { mail, token: link![1] };
  }

  const page = (token: string) => call(confirmContactLoader, request(`/confirm-contact/${token}`), { token });
  const confirm = (token: string) =>
    call(confirmContactAction, request(`/confirm-contact/${token}`, { method: 'POST', form: {} }), { token });

  it('registering with a new email and phone keeps the details on file and emails a link to the address on file; the link applies them once', async () => {
    const golfer = await onFileGolfer();
    const newEmail = `${unique('new')}@example.org`;
    await registerAndPay({
      registrationType: 'returning',
      golferId: golfer.id,
      email: newEmail,
      phone: '(616) 555-0177',
      termsAccepted: true,
    });
    // Paid, with the details on file unchanged.
    const paid = await db.golfer.findUniqueOrThrow({ where: { id: golfer.id }, include: { memberships: true } });
    expect(paid).toMatchObject({ email: golfer.email, phone: golfer.phone });
    expect(paid.memberships).toEqual([expect.objectContaining({ season, paid: true })]);

    const { mail, token } = await contactMail(golfer.id);
    expect(mail.toAddress).toBe(golfer.email);
    expect(mail.subject).toMatch(/^Confirm your new contact details/);
    expect(mail.text).toContain(newEmail);
    expect(mail.text).toContain('(616) 555-0177');

    const shown = await page(token);
    expect(shown.status).toBe(200);
    expect(await shown.json()).toMatchObject({
      state: 'waiting',
      change: { email: newEmail, phone: '(616) 555-0177', onFile: expect.stringContaining('•••') },
    });

    const confirmed = await confirm(token);
    expect(confirmed.status).toBe(200);
    expect(await confirmed.json()).toMatchObject({ ok: true, email: newEmail });
    expect(await db.golfer.findUniqueOrThrow({ where: { id: golfer.id } })).toMatchObject({
      email: newEmail,
      phone: '(616) 555-0177',
    });

    // Once only: the link is used.
    const again = await confirm(token);
    expect(again.status).toBe(404);
    expect((await again.json()).message).toBe('This confirmation link has already been used.');
    expect((await page(token)).status).toBe(404);
  });

  it('unknown, tampered and expired links answer 404 and change nothing', async () => {
    const golfer = await onFileGolfer();
    await register({
      registrationType: 'returning',
      golferId: golfer.id,
      email: `${unique('x')}@example.org`,
      termsAccepted: true,
    });
    const { token } = await contactMail(golfer.id);

    const unknown = 'A'.repeat(43);
    const tampered = `${token.slice(0, 42)}${token.endsWith('A') ? 'B' : 'A'}`;
    for (const bad of [unknown, tampered, 'short', `${token}x`, '../../etc']) {
      const res = await confirm(bad);
      expect(res.status).toBe(404);
      expect((await res.json()).message).toBe('This confirmation link is not valid. Nothing was changed.');
      expect((await page(bad)).status).toBe(404);
    }
    await db.contactChange.update({ where: { token }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const expired = await confirm(token);
    expect(expired.status).toBe(404);
    expect((await expired.json()).message).toMatch(/^This confirmation link has expired/);
    expect(await db.golfer.findUniqueOrThrow({ where: { id: golfer.id } })).toMatchObject({
      email: golfer.email,
      phone: golfer.phone,
    });
  });

  it('an email that meanwhile belongs to another golfer is a clear conflict, and nothing changes', async () => {
    const golfer = await onFileGolfer();
    const wanted = `${unique('wanted')}@example.org`;
    await register({ registrationType: 'returning', golferId: golfer.id, email: wanted, termsAccepted: true });
    const { token } = await contactMail(golfer.id);
    await createGolfer({ firstName: 'Other', lastName: unique('One'), email: wanted }, null);

    const res = await confirm(token);
    expect(res.status).toBe(409);
    expect((await res.json()).message).toMatch(/^That email address now belongs to another golfer/);
    expect((await db.golfer.findUniqueOrThrow({ where: { id: golfer.id } })).email).toBe(golfer.email);
    expect((await db.contactChange.findUniqueOrThrow({ where: { token } })).confirmedAt).toBeNull();
  });

  it('the same answer whether or not an email is on file; a golfer with none gets the typed one when paid', async () => {
    const withEmail = await onFileGolfer();
    const withoutEmail = await createGolfer({ firstName: 'No', lastName: unique('Mail'), phone: '231-555-0130' }, null);
    const answers = [];
    for (const golfer of [withEmail, withoutEmail]) {
      const res = await registerFrom(newAddress(), {
        registrationType: 'returning',
        golferId: golfer.id,
        email: `${unique('typed')}@example.org`,
        termsAccepted: true,
      });
      answers.push({ status: res.status, keys: Object.keys((await res.json()) as object) });
    }
    expect(answers[0]).toEqual(answers[1]);
    expect(answers[0]).toEqual({ status: 200, keys: ['checkoutUrl'] });

    // No email on file: nothing to confirm against, so the paid registration records the typed email.
    const typed = `${unique('first')}@example.org`;
    await registerAndPay({
      registrationType: 'returning',
      golferId: withoutEmail.id,
      email: typed,
      termsAccepted: true,
    });
    expect(await db.golfer.findUniqueOrThrow({ where: { id: withoutEmail.id } })).toMatchObject({
      email: typed,
      phone: '231-555-0130',
    });
    expect(await db.contactChange.count({ where: { golferId: withoutEmail.id } })).toBe(0);
  });

  it('typing the details on file (in another format) asks for nothing', async () => {
    const golfer = await onFileGolfer();
    await registerAndPay({
      registrationType: 'returning',
      golferId: golfer.id,
      email: golfer.email!.toUpperCase(),
      phone: '(231) 555 0120',
      termsAccepted: true,
    });
    expect(await db.contactChange.count({ where: { golferId: golfer.id } })).toBe(0);
  });
});

describe('the confirmation link and the standing tee time', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  /** A paid registration of the season on sale, and two free slots. */
  async function paidWithSlots() {
    const { session } = await register(newGolferBody());
    fake.markPaid(session.id);
    const paid = await verifyCheckoutSession(session.id);
    if (paid.state !== 'paid') throw new Error('not paid');
    const [a, b] = await Promise.all(
      [1, 2].map(async () => {
        for (;;) {
          const time = `0${Math.floor(Math.random() * 6)}:${String(Math.floor(Math.random() * 60)).padStart(2, '0')}`;
          try {
            return await db.teeTime.create({ data: { time, season } });
          } catch {
            // taken by another test of this file: another time
          }
        }
      }),
    );
    const choose = (slot: string) =>
      call(confirmTeeTime, request(`/registration-confirmation/${session.id}`, { form: { slot, js: '1' } }), {
        sessionId: session.id,
      });
    return { golferId: paid.golferId, a, b, choose };
  }

  async function firstNight(): Promise<string> {
    const entries = await db.scheduleEntry.findMany({ where: { season }, orderBy: { date: 'asc' } });
    return entries.find((e) => e.kind !== 'no-league')!.date;
  }

  it('after the first league night the link no longer moves a golfer who holds a tee time (the same one again is fine)', async () => {
    const { golferId, a, b, choose } = await paidWithSlots();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(`${season}-12-30T17:00:00Z`));
    // A golfer without a tee time may still take one (a late registration).
    expect((await choose(`${a.id}:1`)).status).toBe(200);
    expect((await choose(`${a.id}:1`)).status).toBe(200);
    const moved = await choose(`${b.id}:2`);
    expect(moved.status).toBe(409);
    expect((await moved.json()).message).toMatch(
      new RegExp(
        `^The ${season} season has started \\(first league night .+\\), so your standing tee time can no longer be changed here\\.`,
      ),
    );
    expect((await db.teeTime.findUniqueOrThrow({ where: { id: a.id } })).golfer1Id).toBe(golferId);
    expect((await db.teeTime.findUniqueOrThrow({ where: { id: b.id } })).golfer2Id).toBeNull();
  });

  it('before the first league night the link still moves the golfer', async () => {
    const { golferId, a, b, choose } = await paidWithSlots();
    const first = await firstNight();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(`${first}T12:00:00Z`));
    expect((await choose(`${a.id}:1`)).status).toBe(200);
    expect((await choose(`${b.id}:2`)).status).toBe(200);
    expect((await db.teeTime.findUniqueOrThrow({ where: { id: b.id } })).golfer2Id).toBe(golferId);
    expect(await teeTimeChangeClosed(golferId, season, first)).toBeNull();
  });
});
