import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '~/db/db.server';
import { enqueueReceipt, enqueueSignInCode } from '~/features/notifications/messages.server';
import { createMailSender } from '~/integrations/mail/sender.server';
import { createGolfer } from '~/models/golfers.server';
import { enqueueMessage, MAX_ATTEMPTS } from '~/models/outbox.server';
import { loader as outboxApi } from '~/routes/api.outbox';
import { call, request, signIn, unique } from './helpers';
import { startMailServer, testClock, type TestMailServer } from './mail-helpers';

// The mail server is down (docs/product/faults.md, docs/decisions/146-mail-server-down.md), against a real SMTP server
// on loopback that is stopped, then started again: the outbox keeps retrying with growing waits, far past
// MAX_ATTEMPTS, loses nothing, shows each message's attempts and last error, and sends each message exactly once
// when the server is back. The sender's clock is the test's, so an outage of an hour takes no time.

let smtp: TestMailServer;

beforeAll(async () => {
  smtp = await startMailServer();
  process.env.SMTP_URL = smtp.url;
  delete process.env.MAIL_FROM;
});

afterAll(async () => {
  await smtp.stop();
});

/** A receipt, a sign-in code and a league message, queued as registration, /me/sign-in and /email queue them. */
async function queueThree() {
  const to = (name: string) => `${unique(name)}@example.org`;
  const golfer = await createGolfer({ firstName: 'Rae', lastName: unique('Down'), email: to('receipt') }, null);
  const addresses = { receipt: golfer.email!, signIn: to('signin'), league: to('league') };
  await db.$transaction(async (tx) => {
    await enqueueReceipt(tx, {
      checkoutSessionId: unique('cs_down'),
      golferId: golfer.id,
      to: addresses.receipt,
      firstName: 'Rae',
      season: 2026,
      leagueName: 'Test League',
      amountCents: 15000,
      paidAt: new Date(),
      statementName: 'TEST LEAGUE',
      origin: 'http://localhost:3000',
    });
    await enqueueSignInCode(tx, {
      id: unique('code'),
      to: addresses.signIn,
      code: '604211',
      link: `http://localhost:3000/me/sign-in?token=${randomBytes(32).toString('base64url')}`,
      leagueName: 'Test League',
      minutes: 15,
    });
    await enqueueMessage(tx, {
      key: unique('league:down:'),
      kind: 'league',
      to: addresses.league,
      subject: 'Rain delay tonight',
      text: 'Tee times move back an hour.',
      html: '<p>Tee times move back an hour.</p>',
    });
  });
  return addresses;
}

describe('the mail server is down (docs/product/faults.md)', () => {
  it('keeps every message queued with its attempts and last error, then sends each exactly once when it is back', async () => {
    await smtp.stop();
    const addresses = await queueThree();
    const clock = testClock();
    const log: string[] = [];
    const sender = createMailSender({
      now: clock.now,
      wait: () => Promise.resolve(),
      perSecond: 1000,
      backoffBaseMs: 1000,
      log: (line) => log.push(line),
    });
    const rows = () =>
      db.outboxMessage.findMany({
        where: { toAddress: { in: Object.values(addresses) } },
        orderBy: { id: 'asc' },
      });

    // An outage of a while: each pass finds the server unreachable, tries one message and waits longer each time
    // (1, 2, 4, then 5 s with this base); a pass before the wait is over tries nothing.
    const waits: number[] = [];
    for (let pass = 0; pass < 6 * MAX_ATTEMPTS; pass++) {
      expect(await sender.deliverDue()).toMatchObject({ sent: 0, failed: 0, retrying: 1 });
      const before = (await rows()).map((row) => row.attempts);
      expect(await sender.deliverDue()).toMatchObject({ sent: 0, retrying: 0 });
      expect((await rows()).map((row) => row.attempts)).toEqual(before);
      // The message just tried waits until the server is tried again; the others are due already.
      const next = Math.max(...(await rows()).map((row) => row.nextAttemptAt.getTime()));
      waits.push(next - clock.now().getTime());
      clock.advance(Math.max(0, next - clock.now().getTime()));
    }
    expect(waits.slice(0, 4)).toEqual([1000, 2000, 4000, 5000]);
    expect(Math.max(...waits)).toBe(5000);

    const during = await rows();
    expect(during.map((row) => row.status)).toEqual(['queued', 'queued', 'queued']);
    // The oldest was tried at each pass, far more than MAX_ATTEMPTS times, and never given up on; the others wait
    // their turn without using an attempt (one connection refused is enough to know the server is down).
    expect(during[0].attempts).toBe(6 * MAX_ATTEMPTS);
    expect(during[0].lastError).toMatch(/^The mail server could not be reached: .*ECONNREFUSED/);
    expect(during.slice(1).map((row) => row.attempts)).toEqual([0, 0]);
    // The outbox (and /api/outbox) shows the attempts and the last error.
    const { cookie } = await signIn({ isAdmin: true });
    const listed = (await (await call(outboxApi, request('/api/outbox', { cookie }))).json()) as {
      rows: { toAddress: string; status: string; attempts: number; lastError: string | null }[];
    };
    for (const row of during) {
      expect(listed.rows.find((m) => m.toAddress === row.toAddress)).toMatchObject({
        status: 'queued',
        attempts: row.attempts,
        lastError: row.lastError,
      });
    }

    await smtp.restart();
    clock.advance(5000);
    expect(await sender.deliverDue()).toMatchObject({ sent: 3, failed: 0 });
    clock.advance(60 * 60_000);
    expect(await sender.deliverDue()).toMatchObject({ sent: 0 });
    for (const address of Object.values(addresses)) expect(smtp.to(address)).toHaveLength(1);
    expect((await rows()).map((row) => [row.status, row.lastError])).toEqual([
      ['sent', null],
      ['sent', null],
      ['sent', null],
    ]);
    // The loss and the recovery are each said once.
    expect(log.filter((line) => line.includes('cannot be reached'))).toHaveLength(1);
    expect(log.filter((line) => line.includes('answers again'))).toHaveLength(1);
  });
});
