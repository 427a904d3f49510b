import { randomBytes } from 'node:crypto';
import ical, { type VEvent } from 'node-ical';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { todayInLeague } from '~/domain/season';
import { enqueueSignInCode } from '~/features/notifications/messages.server';
import { createMailSender, startMailSender, type SenderOptions } from '~/integrations/mail/sender.server';
import { enqueueMessage, MAX_ATTEMPTS, type NewMessage } from '~/models/outbox.server';
import { getSettings } from '~/models/settings.server';
import { action as registerAction } from '~/routes/_public.register';
import { action as registerApi } from '~/routes/api.register-golfer';
import { action as checkoutAction } from '~/routes/checkout.$sessionId';
import { loader as paymentStatus } from '~/routes/api.payment-status.$sessionId';
import {
  action as confirmAction,
  loader as confirmLoader,
} from '~/routes/_public.registration-confirmation.$sessionId';
import { db } from '~/db/db.server';
import { FakeStripe } from '../fake-stripe/server';
import { call, openRegistration, request, unique } from './helpers';
import { startMailServer, testClock, type TestMailServer } from './mail-helpers';
import { newGolferBody, postWebhook, useFakeStripe } from './registration-helpers';

// The outbox and its sender against a real SMTP server on loopback (docs/product/email.md#transport-and-outbox).
// Each test starts from an empty outbox and drives a sender of its own with a clock it moves, so retries and locks
// take no real time.

let smtp: TestMailServer;
let season: number;
const quiet = () => undefined;

beforeAll(async () => {
  season = await openRegistration({ feeCents: 15000 });
  smtp = await startMailServer();
  process.env.SMTP_URL = smtp.url;
  delete process.env.MAIL_FROM;
  delete process.env.STRIPE_SECRET_KEY;
});

afterAll(async () => {
  await smtp.stop();
});

beforeEach(async () => {
  await db.outboxMessage.deleteMany();
  smtp.accept();
  smtp.received.length = 0;
  process.env.SMTP_URL = smtp.url;
});

/** A sender as the tests drive it: no pause between sends, 1-second first retry, the test's clock when given. */
function sender(options: SenderOptions = {}) {
  return createMailSender({
    wait: () => Promise.resolve(),
    perSecond: 1000,
    backoffBaseMs: 1000,
    log: quiet,
    ...options,
  });
}

function message(overrides: Partial<NewMessage> = {}): NewMessage {
  const to = `${unique('golfer')}@example.org`;
  return {
    key: unique('test:'),
    kind: 'league',
    to,
    subject: 'Course closed Monday',
    text: 'The course is closed on Monday.',
    html: '<p>The course is closed on Monday.</p>',
    ...overrides,
  };
}

async function queue(...messages: NewMessage[]) {
  await db.$transaction(async (tx) => {
    for (const m of messages) await enqueueMessage(tx, m);
  });
}

function outboxRow(key: string) {
  return db.outboxMessage.findUniqueOrThrow({ where: { key } });
}

describe('the registration receipt', () => {
  const WEBHOOK_SECRET = 'whsec_mail_test';
  const fake = new FakeStripe();

  beforeAll(async () => {
    await fake.start();
    useFakeStripe(fake, WEBHOOK_SECRET);
  });

  afterAll(async () => {
    delete process.env.STRIPE_SECRET_KEY;
    await fake.stop();
  });

  it('is sent exactly once, even when the webhook is replayed and the confirmation page reloaded', async () => {
    const email = `${unique('casey')}@example.org`;
    const res = await call(
      registerApi,
      request('/api/register-golfer', {
        json: newGolferBody(email),
      }),
    );
    expect(res.status).toBe(200);
    const sessionId = ((await res.json()) as { checkoutUrl: string }).checkoutUrl.split('/').pop()!;
    fake.markPaid(sessionId);

    const { payload, signature } = fake.webhook(sessionId, WEBHOOK_SECRET);
    const page = () => call(confirmLoader, request(`/registration-confirmation/${sessionId}`), { sessionId });
    // The webhook and the page at once, the same event again, a new event for the same session, reloads.
    const [hook, first] = await Promise.all([postWebhook({ payload, signature }), page()]);
    expect(hook.status).toBe(200);
    expect(first.status).toBe(200);
    expect((await postWebhook({ payload, signature })).status).toBe(200);
    const replay = fake.webhook(sessionId, WEBHOOK_SECRET);
    expect((await postWebhook(replay)).status).toBe(200);
    expect((await page()).status).toBe(200);
    await call(paymentStatus, request(`/api/payment-status/${sessionId}`), { sessionId });

    const mail = sender();
    expect(await mail.deliverDue()).toMatchObject({ sent: 1, retrying: 0, failed: 0 });
    // Again after delivery: nothing new is queued, nothing is sent twice.
    expect((await postWebhook({ payload, signature })).status).toBe(200);
    expect((await page()).status).toBe(200);
    expect(await mail.deliverDue()).toMatchObject({ sent: 0 });

    const received = smtp.to(email);
    expect(received).toHaveLength(1);
    const { leagueName, statementDescriptor } = await getSettings();
    const receipt = received[0].mail;
    expect(receipt.subject).toBe(`You're registered for the ${season} ${leagueName} season`);
    expect(receipt.from?.value).toEqual([{ name: leagueName, address: 'no-reply@127.0.0.1' }]);
    const link = `http://localhost/registration-confirmation/${sessionId}`;
    expect(receipt.text).toContain('Amount paid: $150');
    expect(receipt.text).toContain(`On your card statement: ${statementDescriptor}`);
    expect(receipt.text).toContain(link);
    expect(receipt.html).toContain(`href="${link}"`);
    const row = await outboxRow(`receipt:${sessionId}`);
    expect(row).toMatchObject({ kind: 'receipt', status: 'sent', attempts: 1, lastError: null, toAddress: email });
    expect(row.sentAt).toBeInstanceOf(Date);
  });
});

describe('a new golfer through the simulated checkout, as without JavaScript', () => {
  /**
   * The registration link can choose a tee time only until the season's first league night, so this file's season
   * (its own database) gets league nights from next week on, and one no-league date between them.
   */
  async function leagueNightsFromNextWeek(): Promise<string[]> {
    const day = (n: number) => {
      const d = new Date(`${todayInLeague()}T12:00:00Z`);
      d.setUTCDate(d.getUTCDate() + n);
      return d.toISOString().slice(0, 10);
    };
    await db.scheduleEntry.deleteMany({ where: { season } });
    const nights = [day(7), day(21)];
    await db.scheduleEntry.createMany({
      data: [
        { season, date: nights[0], weekNumber: 1, event: 'Week 1', kind: 'regular-round' },
        { season, date: day(14), weekNumber: null, event: 'No league', kind: 'no-league' },
        { season, date: nights[1], weekNumber: 2, event: 'Week 2', kind: 'regular-round' },
      ],
    });
    return nights;
  }

  async function registerAndPay(email: string, firstName = 'Robin') {
    const form = {
      registrationType: 'new',
      firstName,
      lastName: unique('Nine'),
      email,
      phone: '(231) 555-0142',
      estimatedScore: '42',
      termsAccepted: 'on',
    };
    const res = await call(registerAction, request('/register', { form }));
    expect(res.status).toBe(303);
    const checkout = new URL(res.headers.get('Location')!);
    const sessionId = checkout.pathname.split('/').pop()!;
    const paid = await call(checkoutAction, request(checkout.pathname, { method: 'POST', form: {} }), { sessionId });
    expect(paid.status).toBe(303);
    const page = await call(confirmLoader, request(`/registration-confirmation/${sessionId}`), { sessionId });
    expect(page.status).toBe(200);
    return sessionId;
  }

  async function slotAt(time: string) {
    return db.teeTime.create({ data: { time, season } });
  }

  function choose(sessionId: string, slot: { id: number }, position = 1) {
    return call(
      confirmAction,
      request(`/registration-confirmation/${sessionId}`, { form: { slot: `${slot.id}:${position}` } }),
      { sessionId },
    );
  }

  it('receives exactly two emails: the receipt and the tee-time confirmation with the schedule as schedule.ics', async () => {
    const nights = await leagueNightsFromNextWeek();
    const email = `${unique('robin')}@example.org`;
    const sessionId = await registerAndPay(email);
    const slot = await slotAt('06:05');

    expect((await choose(sessionId, slot)).status).toBe(303);
    // The same choice posted again, and the page reloaded: no change, no second confirmation.
    expect((await choose(sessionId, slot)).status).toBe(303);
    await call(confirmLoader, request(`/registration-confirmation/${sessionId}`), { sessionId });

    expect(await sender().deliverDue()).toMatchObject({ sent: 2 });
    const received = smtp.to(email).map((r) => r.mail);
    const { leagueName } = await getSettings();
    expect(received.map((m) => m.subject).sort()).toEqual(
      [`You're registered for the ${season} ${leagueName} season`, 'Your standing tee time: 6:05 AM Mondays'].sort(),
    );

    const confirmation = received.find((m) => m.subject?.startsWith('Your standing tee time'))!;
    expect(confirmation.text).toContain(`Your standing tee time for the ${season} ${leagueName} season is 6:05 AM`);
    expect(confirmation.text).toContain('League schedule: http://localhost/schedule');
    expect(confirmation.text).toContain('Standing tee times: http://localhost/public/tee-times');
    const [y, m, d] = nights[0].split('-').map(Number);
    const firstNight = new Date(Date.UTC(y, m - 1, d)).toLocaleDateString('en-US', {
      weekday: 'long',
      month: 'long',
      day: 'numeric',
      year: 'numeric',
      timeZone: 'UTC',
    });
    expect(confirmation.text).toContain(`First league night: ${firstNight}`);

    expect(confirmation.attachments).toHaveLength(1);
    const [attachment] = confirmation.attachments;
    expect(attachment.filename).toBe('schedule.ics');
    expect(attachment.contentType).toBe('text/calendar');
    const events = Object.values(ical.sync.parseICS(attachment.content.toString('utf8')))
      .filter((c): c is VEvent => c?.type === 'VEVENT')
      .map((e) => e.uid)
      .sort();
    // The no-league date is not an event.
    expect(events).toEqual(nights.map((date) => `schedule-${date}@golf-league`));
  });

  it('sends a new confirmation each time the golfer changes the time, and none when nothing changes', async () => {
    await leagueNightsFromNextWeek();
    const email = `${unique('moves')}@example.org`;
    const sessionId = await registerAndPay(email);
    const [early, late] = [await slotAt('07:10'), await slotAt('07:20')];
    for (const slot of [early, late, late, early]) expect((await choose(sessionId, slot)).status).toBe(303);

    await sender().deliverDue();
    const subjects = smtp
      .to(email)
      .map((r) => r.mail.subject)
      .filter((s) => s?.startsWith('Your standing tee time'));
    expect(subjects).toEqual([
      'Your standing tee time: 7:10 AM Mondays',
      'Your standing tee time: 7:20 AM Mondays',
      'Your standing tee time: 7:10 AM Mondays',
    ]);
  });

  it('escapes the golfer name in the HTML body and keeps it as typed in the text body', async () => {
    await leagueNightsFromNextWeek();
    const email = `${unique('script')}@example.org`;
    const sessionId = await registerAndPay(email, '<script>alert(1)</script>');
    expect((await choose(sessionId, await slotAt('08:15'))).status).toBe(303);
    await sender().deliverDue();
    const received = smtp.to(email);
    expect(received).toHaveLength(2);
    for (const { mail } of received) {
      expect(mail.html).not.toContain('<script>');
      expect(mail.html).toContain('Hello &lt;script&gt;alert(1)&lt;/script&gt;,');
      expect(mail.text).toContain('Hello <script>alert(1)</script>,');
    }
  });
});

describe('the sender', () => {
  it('retries a message the server refuses with 4xx, with growing delays, then marks it failed with the error', async () => {
    const clock = testClock();
    const m = message();
    await queue(m);
    smtp.refuse(451, 'Try again later');
    const mail = sender({ now: clock.now });
    const delays: number[] = [];
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      const report = await mail.deliverDue();
      const row = await outboxRow(m.key);
      expect(row.attempts).toBe(attempt);
      expect(row.lastError).toContain('451');
      expect(row.lastError).toContain('Try again later');
      if (attempt < MAX_ATTEMPTS) {
        expect(report).toMatchObject({ retrying: 1, failed: 0 });
        expect(row.status).toBe('queued');
        const delay = row.nextAttemptAt.getTime() - clock.now().getTime();
        delays.push(delay);
        // Not yet due: a pass now sends nothing.
        expect(await mail.deliverDue()).toMatchObject({ sent: 0, retrying: 0 });
        clock.advance(delay);
      } else {
        expect(report).toMatchObject({ retrying: 0, failed: 1 });
        expect(row.status).toBe('failed');
      }
    }
    expect(delays).toEqual([1000, 4000, 16000, 64000]);
    expect(smtp.received).toHaveLength(0);
    // A failed message stays failed.
    clock.advance(10 * 60_000);
    expect(await mail.deliverDue()).toMatchObject({ sent: 0, failed: 0 });
  });

  it('retries a 5xx refusal too, and delivers once the server accepts again', async () => {
    const clock = testClock();
    const m = message();
    await queue(m);
    smtp.refuse(550, 'Mailbox unavailable');
    const mail = sender({ now: clock.now });
    await mail.deliverDue();
    expect(await outboxRow(m.key)).toMatchObject({ status: 'queued', attempts: 1 });
    expect((await outboxRow(m.key)).lastError).toMatch(/550.*Mailbox unavailable/);
    smtp.accept();
    clock.advance(1000);
    expect(await mail.deliverDue()).toMatchObject({ sent: 1 });
    expect(await outboxRow(m.key)).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
    expect(smtp.to(m.to)).toHaveLength(1);
  });

  it('delivers once when the server goes down during a send and comes back later', async () => {
    const clock = testClock();
    const m = message();
    await queue(m);
    const mail = sender({ now: clock.now });
    const held = smtp.holdNext();
    const pass = mail.deliverDue();
    await held;
    await smtp.stop();
    expect(await pass).toMatchObject({ sent: 0, retrying: 1 });
    expect(await outboxRow(m.key)).toMatchObject({ status: 'queued', attempts: 1 });

    // Still down at the first retry: connection refused.
    clock.advance(1000);
    expect(await mail.deliverDue()).toMatchObject({ retrying: 1 });
    expect((await outboxRow(m.key)).lastError).toMatch(/ECONNREFUSED|connect/i);

    await smtp.restart();
    clock.advance(4000);
    expect(await mail.deliverDue()).toMatchObject({ sent: 1 });
    clock.advance(60 * 60_000);
    expect(await mail.deliverDue()).toMatchObject({ sent: 0 });
    expect(smtp.to(m.to)).toHaveLength(1);
    expect(await outboxRow(m.key)).toMatchObject({ status: 'sent', attempts: 3 });
  });

  it('while the server is unreachable, a pass tries one message and leaves the others their attempts', async () => {
    const clock = testClock();
    const messages = [message(), message(), message()];
    await queue(...messages);
    await smtp.stop();
    try {
      expect(await sender({ now: clock.now }).deliverDue()).toMatchObject({ sent: 0, retrying: 1 });
      const attempts = await Promise.all(messages.map(async (m) => (await outboxRow(m.key)).attempts));
      expect(attempts).toEqual([1, 0, 0]);
    } finally {
      await smtp.restart();
    }
    expect(await sender({ now: clock.now }).deliverDue()).toMatchObject({ sent: 2 });
    clock.advance(1000);
    expect(await sender({ now: clock.now }).deliverDue()).toMatchObject({ sent: 1 });
  });

  it('after a restart mid-queue sends nothing twice, and a message held by a dead process only once its lock expires', async () => {
    const clock = testClock();
    const messages = Array.from({ length: 6 }, () => message());
    await queue(...messages);
    // The first process sent two, then died while holding the third (its claim is in the table, its lock live).
    const first = sender({ now: clock.now });
    const sentBefore: string[] = [];
    await db.outboxMessage.updateMany({
      where: { key: { in: messages.slice(2).map((x) => x.key) } },
      data: { nextAttemptAt: new Date(clock.now().getTime() + 1) },
    });
    expect(await first.deliverDue()).toMatchObject({ sent: 2 });
    sentBefore.push(...smtp.received.map((r) => r.to[0]));
    const lockedUntil = new Date(clock.now().getTime() + 5 * 60_000);
    await db.outboxMessage.update({
      where: { key: messages[2].key },
      data: { attempts: 1, lockedUntil },
    });

    // The new process (a new sender) delivers the rest but leaves the held one alone while its lock lives.
    clock.advance(10);
    const second = sender({ now: clock.now });
    expect(await second.deliverDue()).toMatchObject({ sent: 3 });
    expect(await outboxRow(messages[2].key)).toMatchObject({ status: 'queued', attempts: 1 });
    expect(await second.deliverDue()).toMatchObject({ sent: 0 });

    // Two new senders at once after the lock expired: the held message is sent once, by one of them.
    clock.advance(5 * 60_000);
    const [a, b] = await Promise.all([sender({ now: clock.now }).deliverDue(), second.deliverDue()]);
    expect(a.sent + b.sent).toBe(1);
    expect(await outboxRow(messages[2].key)).toMatchObject({ status: 'sent', attempts: 2 });

    for (const m of messages) expect(smtp.to(m.to)).toHaveLength(1);
    expect(sentBefore).toEqual([messages[0].to, messages[1].to]);
  });

  it('marks a message failed when its last attempt was interrupted', async () => {
    const clock = testClock();
    const m = message();
    await queue(m);
    await db.outboxMessage.update({
      where: { key: m.key },
      data: { attempts: MAX_ATTEMPTS, countedAttempts: MAX_ATTEMPTS, lockedUntil: new Date(clock.now().getTime() - 1) },
    });
    expect(await sender({ now: clock.now }).deliverDue()).toMatchObject({ sent: 0, failed: 1 });
    expect(await outboxRow(m.key)).toMatchObject({ status: 'failed' });
    expect((await outboxRow(m.key)).lastError).toMatch(/stopped during the last attempt/);
    expect(smtp.received).toHaveLength(0);
  });

  it('queues 200 league messages at once and drains them oldest first at the set rate, while pages keep answering', async () => {
    const messages = Array.from({ length: 200 }, (_, i) => message({ subject: `League news ${i}` }));
    const started = Date.now();
    await queue(...messages);
    expect(Date.now() - started).toBeLessThan(5_000);

    const clock = testClock();
    const waits: number[] = [];
    const mail = createMailSender({
      now: clock.now,
      perSecond: 4,
      // The rate limit's pauses, recorded and skipped: the clock moves instead of the test waiting.
      wait: (ms) => {
        waits.push(ms);
        clock.advance(ms);
        return Promise.resolve();
      },
      log: quiet,
    });
    const draining = mail.deliverDue();
    // While it drains, a page's queries are answered at once (each send holds no database lock).
    const pageStarted = Date.now();
    const page = await call(confirmLoader, request('/registration-confirmation/cs_test_unknown_000000'), {
      sessionId: 'cs_test_unknown_000000',
    });
    expect(page.status).toBe(404);
    expect(Date.now() - pageStarted).toBeLessThan(2_000);
    expect(await draining).toMatchObject({ sent: 200, retrying: 0, failed: 0 });

    expect(smtp.received.map((r) => r.mail.subject)).toEqual(messages.map((x) => x.subject));
    // 4 a second: every send after the first waited its quarter second (the test's clock did not move otherwise).
    expect(waits).toHaveLength(199);
    for (const w of waits) expect(w).toBeCloseTo(250, 0);
    expect(await db.outboxMessage.count({ where: { status: 'sent' } })).toBe(200);
  }, 120_000);

  it('answers pages at once and wakes soon after a message is queued, without waiting for its poll', async () => {
    const mail = sender({ pollMs: 60_000 });
    mail.start();
    try {
      // The first pass runs at start with nothing to do; the next poll is a minute away.
      await new Promise((resolve) => setTimeout(resolve, 100));
      const m = message();
      await queue(m);
      for (let i = 0; i < 50 && smtp.to(m.to).length === 0; i++) await new Promise((r) => setTimeout(r, 50));
      expect(smtp.to(m.to)).toHaveLength(1);
      expect(await outboxRow(m.key)).toMatchObject({ status: 'sent' });
    } finally {
      await mail.stop();
    }
    // Stopped: a message queued now stays queued.
    const later = message();
    await queue(later);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(await outboxRow(later.key)).toMatchObject({ status: 'queued', attempts: 0 });
  });

  it('refuses an invalid recipient address without trying the server', async () => {
    const m = message({ to: 'not an address' });
    await queue(m);
    expect(await sender().deliverDue()).toMatchObject({ failed: 1 });
    expect(await outboxRow(m.key)).toMatchObject({
      status: 'failed',
      lastError: 'Not sent: "not an address" is not a valid email address',
    });
    expect(smtp.received).toHaveLength(0);
  });

  it('sends from MAIL_FROM when it is set', async () => {
    process.env.MAIL_FROM = 'Pine Valley League <league@pinevalley.example>';
    try {
      const m = message();
      await queue(m);
      expect(await sender().deliverDue()).toMatchObject({ sent: 1 });
      expect(smtp.to(m.to)[0].mail.from?.value).toEqual([
        { name: 'Pine Valley League', address: 'league@pinevalley.example' },
      ]);
    } finally {
      delete process.env.MAIL_FROM;
    }
  });
});

/** A sign-in email as /me/sign-in queues it: its code, and a one-click link with a token. */
async function queueSignIn(code: string) {
  const to = `${unique('signin')}@example.org`;
  const token = randomBytes(32).toString('base64url');
  const link = `http://localhost:3000/me/sign-in?token=${token}`;
  await db.$transaction((tx) =>
    enqueueSignInCode(tx, { id: unique('code'), to, code, link, leagueName: 'Test League', minutes: 15 }),
  );
  const row = () => db.outboxMessage.findFirstOrThrow({ where: { toAddress: to, kind: 'sign-in' } });
  return { to, token, row };
}

describe('a sign-in email', () => {
  it("is kept without its code and link once the server took it, while the golfer's copy has both", async () => {
    const { to, token, row } = await queueSignIn('482913');
    // Until it is sent, the outbox holds it as it will be sent.
    expect((await row()).text).toContain('482913');
    expect(await sender().deliverDue()).toMatchObject({ sent: 1 });

    const [received] = smtp.to(to);
    expect(received.mail.subject).toBe('Your Test League sign-in code: 482913');
    expect(received.mail.text).toContain('sign in to My league is 482913.');
    expect(received.mail.html).toContain(`/me/sign-in?token=${token}`);

    const kept = await row();
    expect(kept.status).toBe('sent');
    for (const part of [kept.subject, kept.text, kept.html]) {
      expect(part).not.toContain('482913');
      expect(part).not.toContain(token);
    }
    expect(kept.subject).toBe('Your Test League sign-in code: ••••••');
    expect(kept.text).toContain('sign in to My league is ••••••.');
    expect(kept.text).toContain('/me/sign-in?token=not-kept');
    expect(kept.html).toContain('/me/sign-in?token=not-kept');
  });

  it('keeps its code when no mail server is set: /outbox is then how the golfer gets it (the demo)', async () => {
    delete process.env.SMTP_URL;
    const { token, row } = await queueSignIn('305117');
    expect(await sender().deliverDue()).toMatchObject({ notSent: 1, sent: 0 });
    const kept = await row();
    expect(kept.status).toBe('not-sent');
    expect(kept.subject).toBe('Your Test League sign-in code: 305117');
    expect(kept.text).toContain(`/me/sign-in?token=${token}`);
  });

  it('changes no other kind of message when it is sent', async () => {
    const m = message({ subject: 'Code 123456 for the gate', text: 'The gate code is 123456: /me/sign-in?token=abc' });
    await queue(m);
    expect(await sender().deliverDue()).toMatchObject({ sent: 1 });
    expect(await outboxRow(m.key)).toMatchObject({ status: 'sent', subject: m.subject, text: m.text });
  });
});

describe('without a usable mail server', () => {
  afterEach(() => {
    process.env.SMTP_URL = smtp.url;
    delete process.env.MAIL_FROM;
  });

  it('without SMTP_URL sends nothing and marks queued messages not sent, with the reason', async () => {
    delete process.env.SMTP_URL;
    const m = message();
    await queue(m);
    expect(await sender().deliverDue()).toMatchObject({ notSent: 1, sent: 0 });
    expect(await outboxRow(m.key)).toMatchObject({
      status: 'not-sent',
      attempts: 0,
      lastError: 'Not sent: no mail server configured',
    });
    expect(smtp.received).toHaveLength(0);
  });

  it.each([
    ['http://mail.example.org', 'Not sent: SMTP_URL is not a valid smtp:// or smtps:// URL'],
    ['smtp//missing-colon', 'Not sent: SMTP_URL is not a valid smtp:// or smtps:// URL'],
    ['smtp://', 'Not sent: SMTP_URL is not a valid smtp:// or smtps:// URL'],
  ])('with SMTP_URL=%s says why in the outbox and in the start-up log', async (url, reason) => {
    process.env.SMTP_URL = url;
    const m = message();
    await queue(m);
    expect(await sender().deliverDue()).toMatchObject({ notSent: 1 });
    expect(await outboxRow(m.key)).toMatchObject({ status: 'not-sent', lastError: reason });

    const lines: string[] = [];
    const stop = startMailSender((line) => lines.push(line));
    await stop();
    expect(lines).toEqual([`Email: ${reason.replace('Not sent: ', '')}; no email is sent and the outbox says why.`]);
  });

  it('with a MAIL_FROM that is not an address says so', async () => {
    process.env.MAIL_FROM = 'League <not an address>';
    const m = message();
    await queue(m);
    await sender().deliverDue();
    expect(await outboxRow(m.key)).toMatchObject({
      status: 'not-sent',
      lastError: 'Not sent: MAIL_FROM is not a valid "Name <address>"',
    });
  });

  it('logs once at start where mail goes, never the password', async () => {
    process.env.SMTP_URL = 'smtps://league%40example.org:s3cret@mail.example.org:465';
    const lines: string[] = [];
    const stop = startMailSender((line) => lines.push(line));
    await stop();
    expect(lines).toEqual(['Email: sending through smtps://mail.example.org:465 as league@example.org.']);
    delete process.env.SMTP_URL;
    const stop2 = startMailSender((line) => lines.push(line));
    await stop2();
    expect(lines[1]).toMatch(/SMTP_URL is not set/);
  });
});
