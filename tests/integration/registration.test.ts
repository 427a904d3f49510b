import { afterEach, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { currentSeason } from '~/domain/season';
import { createGolfer } from '~/models/golfers.server';
import { action as registerAction, loader as registerLoader } from '~/routes/_public.register';
import { action as checkoutAction, loader as checkoutLoader } from '~/routes/checkout.$sessionId';
import {
  action as confirmAction,
  loader as confirmLoader,
} from '~/routes/_public.registration-confirmation.$sessionId';
import { action as registerApi } from '~/routes/api.register-golfer';
import { loader as paymentStatus } from '~/routes/api.payment-status.$sessionId';
import { loader as availableTeeTimes } from '~/routes/api.available-tee-times';
import { action as selectTeeTimeApi } from '~/routes/api.select-tee-time';
import { db } from '~/db/db.server';
import { sessionStorage } from '~/web/session.server';
import { createSeason, updateSeason } from '~/models/seasons.server';
import { call, openRegistration, request, unique } from './helpers';

// No STRIPE_SECRET_KEY: the simulated checkout, through exactly the same registration and fulfilment code.
const season = currentSeason();

beforeAll(async () => {
  delete process.env.STRIPE_SECRET_KEY;
  await openRegistration();
});

function newGolferForm(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    registrationType: 'new',
    firstName: 'Robin',
    lastName: unique('Nine'),
    email: `${unique('robin')}@example.org`,
    phone: '(231) 555-0142',
    estimatedScore: '42',
    termsAccepted: 'on',
    ...overrides,
  };
}

async function errorsOf(res: Response): Promise<Record<string, string[]>> {
  const body = await res.json();
  return body.result.error;
}

/** Register → simulated checkout → Pay, as a browser without JavaScript would. Returns the session id. */
async function registerAndPay(form: Record<string, string>) {
  const res = await call(registerAction, request('/register', { form }));
  expect(res.status).toBe(303);
  const checkoutUrl = new URL(res.headers.get('Location')!);
  expect(checkoutUrl.pathname).toMatch(/^\/checkout\/cs_test_sim_[0-9a-f]+$/);
  const sessionId = checkoutUrl.pathname.split('/').pop()!;
  const paid = await call(checkoutAction, request(checkoutUrl.pathname, { method: 'POST', form: {} }), { sessionId });
  expect(paid.status).toBe(303);
  expect(paid.headers.get('Location')).toBe(`http://localhost/registration-confirmation/${sessionId}`);
  return sessionId;
}

async function confirmation(sessionId: string) {
  const res = await call(confirmLoader, request(`/registration-confirmation/${sessionId}`), { sessionId });
  return { status: res.status, body: await res.json() };
}

async function makeSlot(
  time = `0${Math.floor(Math.random() * 10)}:${String(Math.floor(Math.random() * 60)).padStart(2, '0')}`,
) {
  for (;;) {
    try {
      return await db.teeTime.create({ data: { time, season } });
    } catch {
      time = `0${Math.floor(Math.random() * 10)}:${String(Math.floor(Math.random() * 60)).padStart(2, '0')}`;
    }
  }
}

describe('/register page', () => {
  it('lists only the names matching ?find=, never contact details, and no names without a search', async () => {
    const golfer = await createGolfer(
      {
        firstName: 'Private',
        lastName: unique('Person'),
        email: `${unique('p')}@hidden.org`,
        phone: '231-555-0199',
      },
      null,
    );
    expect(await (await call(registerLoader, request('/register'))).text()).not.toContain(golfer.fullName);
    const res = await call(registerLoader, request(`/register?find=${golfer.lastName}`));
    const text = await res.text();
    expect(JSON.parse(text).found.golfers).toEqual([{ id: golfer.id, fullName: golfer.fullName }]);
    expect(text).not.toContain(golfer.email!);
    expect(text).not.toContain('555-0199');
    expect(JSON.parse(text).hint).toBeNull();
  });

  it('gives the masked hint of the selected golfer only', async () => {
    const golfer = await createGolfer(
      {
        firstName: 'Jane',
        lastName: unique('Doe'),
        email: 'jane.hint@mercy.org',
        phone: '231-555-0134',
      },
      null,
    );
    const res = await call(registerLoader, request(`/register?golferId=${golfer.id}`));
    const body = await res.json();
    expect(body.hint).toEqual({ golferId: golfer.id, emailHint: 'j•••@m•••.org', phoneHint: '•••-•••-••34' });
    expect(JSON.stringify(body)).not.toContain('jane.hint');
    expect(body.type).toBe('returning');
  });

  it('without JavaScript, "Show what we have on file" returns the hint and keeps what was typed, without registering', async () => {
    const golfer = await createGolfer(
      {
        firstName: 'Look',
        lastName: unique('Up'),
        email: `${unique('look')}@example.org`,
        phone: '231-555-0111',
      },
      null,
    );
    const before = await db.pendingRegistration.count();
    const res = await call(
      registerAction,
      request('/register', {
        form: {
          registrationType: 'returning',
          golferId: String(golfer.id),
          email: 'typed@example.org',
          __intent__: JSON.stringify({ type: 'validate', payload: { name: 'golferId' } }),
        },
      }),
    );
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.hint.phoneHint).toBe('•••-•••-••11');
    expect(body.result.initialValue.email).toBe('typed@example.org');
    expect(await db.pendingRegistration.count()).toBe(before);
  });

  it('without JavaScript, "Show what we have on file" also works while the radio still says new golfer, and switches it', async () => {
    const golfer = await createGolfer(
      {
        firstName: 'Radio',
        lastName: unique('Left'),
        email: `${unique('radio')}@example.org`,
        phone: '231-555-0177',
      },
      null,
    );
    const res = await call(
      registerAction,
      request('/register', {
        form: {
          registrationType: 'new',
          golferId: String(golfer.id),
          __intent__: JSON.stringify({ type: 'validate', payload: { name: 'golferId' } }),
        },
      }),
    );
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.hint.phoneHint).toBe('•••-•••-••77');
    expect(body.result.initialValue.registrationType).toBe('returning');
  });
});

describe('registration validation, the same on the page and the API', () => {
  it('gives the new-golfer messages', async () => {
    const res = await call(registerAction, request('/register', { form: { registrationType: 'new' } }));
    expect(res.status).toBe(400);
    expect(await errorsOf(res)).toEqual({
      firstName: ['First name is required'],
      lastName: ['Last name is required'],
      email: ['Email is required'],
      phone: ['Phone number is required'],
      estimatedScore: ['Estimated score is required'],
      termsAccepted: ['You must accept the terms and conditions.'],
    });
  });

  it('checks lengths, the email and the score range', async () => {
    const res = await call(
      registerAction,
      request('/register', {
        form: newGolferForm({
          firstName: 'A',
          lastName: 'B',
          email: 'not-an-email',
          phone: '555-1234',
          estimatedScore: '66',
        }),
      }),
    );
    expect(await errorsOf(res)).toEqual({
      firstName: ['First name must be at least 2 characters'],
      lastName: ['Last name must be at least 2 characters'],
      email: ['Please enter a valid email address'],
      phone: ['Phone number must be at least 10 characters'],
      estimatedScore: ['Estimated score must be between 27 and 65'],
    });
    const low = await call(registerAction, request('/register', { form: newGolferForm({ estimatedScore: '26' }) }));
    expect((await errorsOf(low)).estimatedScore).toEqual(['Estimated score must be between 27 and 65']);
  });

  it('gives the returning-golfer messages and ignores the new-golfer fields submitted alongside (no JavaScript)', async () => {
    const res = await call(
      registerAction,
      request('/register', {
        form: {
          registrationType: 'returning',
          golferId: '',
          firstName: 'x',
          estimatedScore: '900',
          email: 'r@example.org',
        },
      }),
    );
    expect(await errorsOf(res)).toEqual({
      golferId: ['Please select your name'],
      termsAccepted: ['You must accept the terms and conditions.'],
    });
  });

  it('answers the API with the same messages as JSON', async () => {
    const res = await call(
      registerApi,
      request('/api/register-golfer', { json: { registrationType: 'returning', email: 'bad' } }),
    );
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.errors).toMatchObject({
      golferId: ['Please select your name'],
      email: ['Please enter a valid email address'],
    });
    const unknownType = await call(
      registerApi,
      request('/api/register-golfer', { json: { registrationType: 'guest' } }),
    );
    expect((await unknownType.json()).errors.registrationType).toEqual([
      'Please choose new golfer or returning golfer',
    ]);
  });

  it('refuses a returning golfer id that does not exist', async () => {
    const res = await call(
      registerAction,
      request('/register', {
        form: { registrationType: 'returning', golferId: '99999999', email: 'x@example.org', termsAccepted: 'on' },
      }),
    );
    expect(res.status).toBe(400);
    expect((await errorsOf(res)).golferId).toEqual(['Please select your name']);
  });
});

describe('new golfer: register, pay on the simulated checkout, confirm', () => {
  it('creates one golfer and one paid membership, and reloading or paying twice changes nothing', async () => {
    const form = newGolferForm();
    const sessionId = await registerAndPay(form);

    const checkout = await call(checkoutLoader, request(`/checkout/${sessionId}`), { sessionId });
    expect((await checkout.json()).session).toMatchObject({ amountCents: 15000, paymentStatus: 'paid' });

    const first = await confirmation(sessionId);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ state: 'paid', email: form.email, amountCents: 15000, season });

    const golfers = await db.golfer.findMany({ where: { email: form.email }, include: { memberships: true } });
    expect(golfers).toHaveLength(1);
    expect(golfers[0]).toMatchObject({ firstName: 'Robin', lastName: form.lastName, phone: '(231) 555-0142' });
    expect(golfers[0].memberships).toEqual([
      expect.objectContaining({ season, registered: true, paid: true, estimatedScore: 42 }),
    ]);
    const membership = golfers[0].memberships[0];

    // Reload the confirmation page, pay again, ask the API.
    await confirmation(sessionId);
    const again = await call(checkoutAction, request(`/checkout/${sessionId}`, { method: 'POST', form: {} }), {
      sessionId,
    });
    expect(again.headers.get('Location')).toBe(`http://localhost/registration-confirmation/${sessionId}`);
    await confirmation(sessionId);
    const status = await call(paymentStatus, request(`/api/payment-status/${sessionId}`), { sessionId });
    expect(await status.json()).toMatchObject({ email: form.email, golferId: golfers[0].id });

    const after = await db.golfer.findMany({ where: { email: form.email }, include: { memberships: true } });
    expect(after).toHaveLength(1);
    expect(after[0].memberships).toEqual([membership]);
  });

  it('registering twice (back button, second tab): paying one checkout expires the other, so the fee is taken once', async () => {
    const form = newGolferForm();
    const checkoutOf = async () => {
      const res = await call(registerAction, request('/register', { form }));
      expect(res.status).toBe(303);
      return new URL(res.headers.get('Location')!).pathname.split('/').pop()!;
    };
    const first = await checkoutOf();
    const second = await checkoutOf();
    // Starting a registration expires nothing (it could be anyone typing this email: decision 095).
    const open = await call(checkoutLoader, request(`/checkout/${first}`), { sessionId: first });
    expect((await open.json()).session).toMatchObject({ status: 'open' });

    const paid = await call(checkoutAction, request(`/checkout/${second}`, { method: 'POST', form: {} }), {
      sessionId: second,
    });
    expect(paid.status).toBe(303);
    expect((await confirmation(second)).body).toMatchObject({ state: 'paid' });

    const stale = await call(checkoutLoader, request(`/checkout/${first}`), { sessionId: first });
    expect((await stale.json()).session).toMatchObject({ status: 'expired', paymentStatus: 'unpaid' });
    const refused = await call(checkoutAction, request(`/checkout/${first}`, { method: 'POST', form: {} }), {
      sessionId: first,
    });
    expect(refused.status).toBe(404);
    expect((await confirmation(first)).body).toMatchObject({ state: 'failed' });
    const golfers = await db.golfer.findMany({ where: { email: form.email }, include: { memberships: true } });
    expect(golfers).toHaveLength(1);
    expect(golfers[0].memberships).toEqual([expect.objectContaining({ paid: true })]);
  });

  it('uses PUBLIC_URL for the return addresses when it is set', async () => {
    process.env.PUBLIC_URL = 'https://league.example.org/';
    try {
      const res = await call(registerAction, request('/register', { form: newGolferForm() }));
      const location = new URL(res.headers.get('Location')!);
      expect(location.origin).toBe('https://league.example.org');
      const row = await db.simulatedCheckoutSession.findUnique({ where: { id: location.pathname.split('/').pop()! } });
      expect(row?.successUrl).toBe('https://league.example.org/registration-confirmation/{CHECKOUT_SESSION_ID}');
      expect(row?.cancelUrl).toBe('https://league.example.org/register');
    } finally {
      delete process.env.PUBLIC_URL;
    }
  });

  it('shows the failure card for an unpaid (cancelled) or unknown session and fulfils nothing', async () => {
    const form = newGolferForm();
    const res = await call(registerAction, request('/register', { form }));
    const sessionId = new URL(res.headers.get('Location')!).pathname.split('/').pop()!;
    const unpaid = await confirmation(sessionId);
    expect(unpaid.status).toBe(402);
    expect(unpaid.body.state).toBe('failed');
    expect(await db.golfer.count({ where: { email: form.email } })).toBe(0);

    const unknown = await confirmation('cs_test_sim_0000000000000000');
    expect(unknown.status).toBe(404);
    const malformed = await confirmation('not-a-session');
    expect(malformed.status).toBe(400);
  });

  it('a new-golfer form with a known email registers that golfer instead of a duplicate', async () => {
    const existing = await createGolfer(
      {
        firstName: 'Known',
        lastName: unique('Golfer'),
        nickname: 'Ace',
        email: `${unique('known')}@example.org`,
        phone: '231-555-0100',
      },
      null,
    );
    const sessionId = await registerAndPay(
      newGolferForm({
        email: existing.email!.toUpperCase(),
        firstName: 'Other',
        lastName: 'Name',
        phone: '231-555-0177',
      }),
    );
    const { body } = await confirmation(sessionId);
    expect(body.golferId).toBe(existing.id);
    const golfer = await db.golfer.findUniqueOrThrow({ where: { id: existing.id }, include: { memberships: true } });
    // The new phone waits for confirmation from the address on file (decision 096).
    expect(golfer).toMatchObject({ firstName: 'Known', nickname: 'Ace', phone: '231-555-0100' });
    expect(await db.contactChange.findFirst({ where: { golferId: existing.id } })).toMatchObject({
      email: null,
      phone: '231-555-0177',
    });
    expect(golfer.memberships).toEqual([expect.objectContaining({ paid: true, estimatedScore: 42 })]);
  });

  it('recomputes handicaps when the estimate changes', async () => {
    const golfer = await createGolfer(
      {
        firstName: 'Hcp',
        lastName: unique('Golfer'),
        email: `${unique('hcp')}@example.org`,
      },
      null,
    );
    const round = await db.round.create({
      data: { golferId: golfer.id, date: `${season}-06-02`, season, grossScore: 45 },
    });
    const sessionId = await registerAndPay(newGolferForm({ email: golfer.email!, estimatedScore: '45' }));
    await confirmation(sessionId);
    // Three historical rounds of 45 at par 36: 0.8 × 9 = 7.2 → 7 before the first real round.
    const after = await db.round.findUniqueOrThrow({ where: { id: round.id } });
    expect(after.hcpIndexBefore).toBe(7);
    expect(after.netScore).toBe(38);
  });
});

describe('returning golfer', () => {
  it('asks the address on file to confirm a new email, keeps the phone on file when left blank, and keeps the estimate', async () => {
    const golfer = await createGolfer(
      {
        firstName: 'Back',
        lastName: unique('Again'),
        email: `${unique('old')}@example.org`,
        phone: '231-555-0150',
      },
      null,
    );
    await db.membership.create({
      data: { golferId: golfer.id, season: season - 1, registered: true, paid: true, estimatedScore: 50 },
    });
    const email = `${unique('new')}@example.org`;
    const sessionId = await registerAndPay({
      registrationType: 'returning',
      golferId: String(golfer.id),
      email,
      phone: '',
      termsAccepted: 'on',
    });
    const { body } = await confirmation(sessionId);
    expect(body).toMatchObject({ state: 'paid', golferId: golfer.id, email });
    const after = await db.golfer.findUniqueOrThrow({
      where: { id: golfer.id },
      include: { memberships: { orderBy: { season: 'asc' } } },
    });
    // The new email applies only once the link sent to the address on file is used (decision 096).
    expect(after).toMatchObject({ email: golfer.email, phone: '231-555-0150' });
    expect(await db.contactChange.findFirst({ where: { golferId: golfer.id } })).toMatchObject({ email, phone: null });
    expect(await db.outboxMessage.findFirst({ where: { kind: 'contact-change', golferId: golfer.id } })).toMatchObject({
      toAddress: golfer.email,
    });
    expect(after.memberships.map((m) => [m.season, m.paid, m.estimatedScore])).toEqual([
      [season - 1, true, 50],
      [season, true, null],
    ]);
  });

  it('registers an existing unpaid membership as paid without creating another', async () => {
    const golfer = await createGolfer(
      {
        firstName: 'Half',
        lastName: unique('Way'),
        email: `${unique('half')}@example.org`,
      },
      null,
    );
    await db.membership.create({
      data: { golferId: golfer.id, season, registered: true, paid: false, estimatedScore: 40 },
    });
    const sessionId = await registerAndPay({
      registrationType: 'returning',
      golferId: String(golfer.id),
      email: golfer.email!,
      phone: '231 555 0123',
      termsAccepted: 'on',
    });
    await confirmation(sessionId);
    const memberships = await db.membership.findMany({ where: { golferId: golfer.id } });
    expect(memberships).toEqual([
      expect.objectContaining({ season, paid: true, registered: true, estimatedScore: 40 }),
    ]);
    // A phone typed for a golfer with an email on file waits for confirmation (decision 096).
    expect((await db.golfer.findUniqueOrThrow({ where: { id: golfer.id } })).phone).toBeNull();
    expect((await db.contactChange.findFirst({ where: { golferId: golfer.id } }))?.phone).toBe('231 555 0123');
  });

  it('refuses an email that belongs to another golfer before any checkout', async () => {
    const a = await createGolfer({ firstName: 'Aa', lastName: unique('A'), email: `${unique('a')}@example.org` }, null);
    const b = await createGolfer({ firstName: 'Bb', lastName: unique('B'), email: `${unique('b')}@example.org` }, null);
    const sessions = await db.simulatedCheckoutSession.count();
    const res = await call(
      registerAction,
      request('/register', {
        form: { registrationType: 'returning', golferId: String(a.id), email: b.email!, termsAccepted: 'on' },
      }),
    );
    expect(res.status).toBe(409);
    expect((await res.json()).message).toMatch(/belongs to another golfer/);
    expect(await db.simulatedCheckoutSession.count()).toBe(sessions);
  });

  it('tells a golfer already paid for the season so, on the page, before any checkout', async () => {
    const golfer = await createGolfer(
      {
        firstName: 'Paid',
        lastName: unique('Up'),
        email: `${unique('paid')}@example.org`,
      },
      null,
    );
    await db.membership.create({ data: { golferId: golfer.id, season, registered: true, paid: true } });
    const sessions = await db.simulatedCheckoutSession.count();
    const res = await call(
      registerAction,
      request('/register', {
        form: { registrationType: 'returning', golferId: String(golfer.id), email: golfer.email!, termsAccepted: 'on' },
      }),
    );
    expect(res.status).toBe(409);
    expect((await res.json()).message).toBe(
      `This golfer is already registered and paid for the ${season} season. No payment is needed.`,
    );
    expect(await db.simulatedCheckoutSession.count()).toBe(sessions);
  });
});

describe('choosing a standing tee time on the confirmation page', () => {
  async function paidSession() {
    const form = newGolferForm();
    const sessionId = await registerAndPay(form);
    const { body } = await confirmation(sessionId);
    return { sessionId, golferId: body.golferId as number };
  }

  it('without JavaScript: takes the slot and redirects to /schedule with the Registration Complete! toast', async () => {
    const slot = await makeSlot('09:05');
    const { sessionId, golferId } = await paidSession();
    const res = await call(
      confirmAction,
      request(`/registration-confirmation/${sessionId}`, { form: { slot: `${slot.id}:2` } }),
      { sessionId },
    );
    expect(res.status).toBe(303);
    expect(res.headers.get('Location')).toBe('/schedule');
    const session = await sessionStorage.getSession(res.headers.get('Set-Cookie'));
    expect(session.get('toast')).toMatchObject({
      type: 'success',
      title: 'Registration Complete!',
      description: expect.stringContaining('9:05AM'),
    });
    expect((await db.teeTime.findUniqueOrThrow({ where: { id: slot.id } })).golfer2Id).toBe(golferId);

    // Doing it again changes nothing; the page now shows the golfer in that slot.
    const again = await call(
      confirmAction,
      request(`/registration-confirmation/${sessionId}`, { form: { slot: `${slot.id}:2` } }),
      { sessionId },
    );
    expect(again.status).toBe(303);
    const { body } = await confirmation(sessionId);
    expect(body.mine).toMatchObject({ teeTimeId: slot.id, position: 2 });
  });

  it('with JavaScript: answers JSON so the page can show the message before going to /schedule', async () => {
    const slot = await makeSlot();
    const { sessionId } = await paidSession();
    const res = await call(
      confirmAction,
      request(`/registration-confirmation/${sessionId}`, { form: { slot: `${slot.id}:1`, js: '1' } }),
      { sessionId },
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ ok: true, time: slot.time });
  });

  it('moves the golfer when they choose another slot: one slot per golfer per season', async () => {
    const a = await makeSlot();
    const b = await makeSlot();
    const { sessionId, golferId } = await paidSession();
    // Before the season's first league night (after it the link no longer moves a golfer: decision 097).
    const first = await db.scheduleEntry.findFirstOrThrow({ where: { season }, orderBy: { date: 'asc' } });
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(`${first.date}T12:00:00Z`));
    onTestFinished(() => {
      vi.useRealTimers();
    });
    await call(confirmAction, request(`/registration-confirmation/${sessionId}`, { form: { slot: `${a.id}:1` } }), {
      sessionId,
    });
    await call(confirmAction, request(`/registration-confirmation/${sessionId}`, { form: { slot: `${b.id}:3` } }), {
      sessionId,
    });
    const held = await db.teeTime.findMany({
      where: {
        season,
        OR: [{ golfer1Id: golferId }, { golfer2Id: golferId }, { golfer3Id: golferId }, { golfer4Id: golferId }],
      },
    });
    expect(held).toEqual([expect.objectContaining({ id: b.id, golfer3Id: golferId })]);
  });

  it('tells the second of two golfers racing for one position that it was just taken', async () => {
    const slot = await makeSlot();
    const one = await paidSession();
    const two = await paidSession();
    const [r1, r2] = await Promise.all(
      [one, two].map((s) =>
        call(
          confirmAction,
          request(`/registration-confirmation/${s.sessionId}`, { form: { slot: `${slot.id}:4`, js: '1' } }),
          { sessionId: s.sessionId },
        ),
      ),
    );
    const statuses = [r1.status, r2.status].sort();
    expect(statuses).toEqual([200, 409]);
    const loser = r1.status === 409 ? r1 : r2;
    expect((await loser.json()).message).toMatch(/^That tee time was just taken/);
    const row = await db.teeTime.findUniqueOrThrow({ where: { id: slot.id } });
    expect([one.golferId, two.golferId]).toContain(row.golfer4Id);
    // The loser holds no slot.
    const loserId = row.golfer4Id === one.golferId ? two.golferId : one.golferId;
    expect(
      await db.teeTime.count({
        where: { OR: [{ golfer1Id: loserId }, { golfer2Id: loserId }, { golfer3Id: loserId }, { golfer4Id: loserId }] },
      }),
    ).toBe(0);
  });

  it('needs a paid session and a chosen slot', async () => {
    const slot = await makeSlot();
    const res = await call(registerAction, request('/register', { form: newGolferForm() }));
    const unpaidId = new URL(res.headers.get('Location')!).pathname.split('/').pop()!;
    const unpaid = await call(
      confirmAction,
      request(`/registration-confirmation/${unpaidId}`, { form: { slot: `${slot.id}:1` } }),
      { sessionId: unpaidId },
    );
    expect(unpaid.status).toBe(403);
    const { sessionId } = await paidSession();
    const none = await call(
      confirmAction,
      request(`/registration-confirmation/${sessionId}`, { method: 'POST', form: {} }),
      { sessionId },
    );
    expect(none.status).toBe(400);
    expect(await db.teeTime.findUniqueOrThrow({ where: { id: slot.id } })).toMatchObject({ golfer1Id: null });
  });
});

describe('the JSON twins', () => {
  it('POST /api/register-golfer answers {checkoutUrl}; payment status, available tee times and select-tee-time follow', async () => {
    const slot = await makeSlot();
    const email = `${unique('api')}@example.org`;
    const res = await call(
      registerApi,
      request('/api/register-golfer', {
        json: {
          registrationType: 'new',
          firstName: 'Api',
          lastName: 'Golfer',
          email,
          phone: '2315550123',
          estimatedScore: 36,
          termsAccepted: true,
        },
      }),
    );
    expect(res.status).toBe(200);
    const { checkoutUrl } = await res.json();
    const sessionId = new URL(checkoutUrl).pathname.split('/').pop()!;
    await call(checkoutAction, request(`/checkout/${sessionId}`, { method: 'POST', form: {} }), { sessionId });

    const status = await call(paymentStatus, request(`/api/payment-status/${sessionId}`), { sessionId });
    const { golferId } = await status.json();

    const slots = await call(availableTeeTimes, request(`/api/available-tee-times?season=${season}`));
    const list = await slots.json();
    expect(list.find((s: { id: number }) => s.id === slot.id)).toMatchObject({
      time: slot.time,
      golfer1Id: null,
      golfer1Name: null,
    });

    // The golfer comes from the session: a different golferId is refused.
    const other = await createGolfer({ firstName: 'Not', lastName: unique('Me') }, null);
    const spoof = await call(
      selectTeeTimeApi,
      request('/api/select-tee-time', { json: { sessionId, teeTimeId: slot.id, position: 1, golferId: other.id } }),
    );
    expect(spoof.status).toBe(403);
    const ok = await call(
      selectTeeTimeApi,
      request('/api/select-tee-time', { json: { sessionId, teeTimeId: slot.id, position: 1, golferId, season } }),
    );
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ success: true, golferId, teeTimeId: slot.id, position: 1 });
    const named = await (await call(availableTeeTimes, request('/api/available-tee-times'))).json();
    expect(named.find((s: { id: number }) => s.id === slot.id)).toMatchObject({
      golfer1Id: golferId,
      golfer1Name: 'Api Golfer',
    });

    const noSession = await call(
      selectTeeTimeApi,
      request('/api/select-tee-time', {
        json: { sessionId: 'cs_test_sim_ffffffffffffffff', teeTimeId: slot.id, position: 2 },
      }),
    );
    expect(noSession.status).toBe(404);
    const badPosition = await call(
      selectTeeTimeApi,
      request('/api/select-tee-time', { json: { sessionId, teeTimeId: slot.id, position: 5 } }),
    );
    expect(badPosition.status).toBe(400);
  });
});

describe('registration follows the season (docs/product/seasons.md#registration-follows-the-season)', () => {
  // Which season is on sale depends on the day: these tests set the clock to days of their own, decades ahead, in
  // seasons no other test uses, so the season opened for the rest of this file is not on sale then.
  const at = (day: string) => vi.setSystemTime(new Date(`${day}T12:00:00-05:00`));
  afterEach(() => {
    vi.useRealTimers();
  });

  async function nothingStarted<T>(fn: () => Promise<T>): Promise<T> {
    const before = [await db.pendingRegistration.count(), await db.simulatedCheckoutSession.count()];
    const result = await fn();
    expect([await db.pendingRegistration.count(), await db.simulatedCheckoutSession.count()]).toEqual(before);
    return result;
  }

  it('shows no form and refuses the page and the API with 409 while no window is open', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    await createSeason({ year: 2090, registrationOpens: '2090-01-05', registrationCloses: '2090-03-31' }, null);
    at('2090-06-15');
    const message = 'Registration is closed. Please contact the league administrator.';

    const page = await (await call(registerLoader, request('/register'))).json();
    expect(page).toMatchObject({ closedMessage: message });

    const posted = await nothingStarted(() => call(registerAction, request('/register', { form: newGolferForm() })));
    expect(posted.status).toBe(409);
    expect(await posted.json()).toMatchObject({ message });

    const api = await nothingStarted(() =>
      call(
        registerApi,
        request('/api/register-golfer', {
          json: { ...newGolferForm(), estimatedScore: 42, termsAccepted: true },
        }),
      ),
    );
    expect(api.status).toBe(409);
    expect(await api.json()).toEqual({ message });
  });

  it('says when a window opens later, and refuses with that sentence meanwhile', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    await createSeason({ year: 2091, registrationOpens: '2091-02-01', registrationCloses: '2091-05-31' }, null);
    at('2091-01-20');
    const message = 'Registration for the 2091 season opens on February 1, 2091.';

    expect(await (await call(registerLoader, request('/register'))).json()).toMatchObject({ closedMessage: message });
    const posted = await nothingStarted(() => call(registerAction, request('/register', { form: newGolferForm() })));
    expect(posted.status).toBe(409);
    expect(await posted.json()).toMatchObject({ message });
    const api = await nothingStarted(() =>
      call(registerApi, request('/api/register-golfer', { json: { registrationType: 'new' } })),
    );
    expect(api.status).toBe(409);
    expect(await api.json()).toEqual({ message });
  });

  it('sells the season whose window contains today at that season’s fee, and its membership is that season’s', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    await createSeason(
      {
        year: 2092,
        feeCents: 17250,
        registrationOpens: '2092-02-01',
        registrationCloses: '2092-04-30',
      },
      null,
    );
    at('2092-03-10');

    const page = await (await call(registerLoader, request('/register'))).json();
    expect(page).toMatchObject({ season: 2092, feeCents: 17250, closedMessage: null });

    const form = newGolferForm();
    const sessionId = await registerAndPay(form);
    const checkout = await call(checkoutLoader, request(`/checkout/${sessionId}`), { sessionId });
    expect((await checkout.json()).session).toMatchObject({ amountCents: 17250, paymentStatus: 'paid' });
    expect((await confirmation(sessionId)).body).toMatchObject({ state: 'paid', amountCents: 17250, season: 2092 });
    const [golfer] = await db.golfer.findMany({ where: { email: form.email }, include: { memberships: true } });
    expect(golfer.memberships).toEqual([expect.objectContaining({ season: 2092, paid: true })]);

    // The fee is the season's, read when the checkout starts: a change shows on the next registration.
    await updateSeason(
      2092,
      { feeCents: 18000, registrationOpens: '2092-02-01', registrationCloses: '2092-04-30' },
      null,
    );
    const res = await call(
      registerApi,
      request('/api/register-golfer', { json: { ...newGolferForm(), estimatedScore: 40, termsAccepted: true } }),
    );
    expect(res.status).toBe(200);
    const id = new URL((await res.json()).checkoutUrl).pathname.split('/').pop()!;
    const pending = await db.pendingRegistration.findUniqueOrThrow({ where: { checkoutSessionId: id } });
    expect(pending).toMatchObject({ season: 2092, amountCents: 18000 });
  });

  it('requires termsAccepted: true on the API, with the terms sentence as the message', async () => {
    const body = { ...newGolferForm(), estimatedScore: 42 } as Record<string, unknown>;
    delete body.termsAccepted;
    for (const terms of [undefined, false, 'on']) {
      const res = await nothingStarted(() =>
        call(
          registerApi,
          request('/api/register-golfer', { json: terms === undefined ? body : { ...body, termsAccepted: terms } }),
        ),
      );
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({
        message: 'You must accept the terms and conditions.',
        errors: { termsAccepted: ['You must accept the terms and conditions.'] },
      });
    }
    const accepted = await call(
      registerApi,
      request('/api/register-golfer', { json: { ...body, termsAccepted: true } }),
    );
    expect(accepted.status).toBe(200);
  });
});
