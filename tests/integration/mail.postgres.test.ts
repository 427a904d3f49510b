import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '~/db/db.server';
import { withPostgres } from './pg-server';
import { startMailServer, type TestMailServer } from './mail-helpers';

// The outbox on PostgreSQL, where transactions and senders really run side by side (SQLite serialises them): racing
// fulfilments queue one receipt, and several senders (several server processes) deliver each message once.

let db: Db;
let smtp: TestMailServer;
let checkout: typeof import('~/features/registration/checkout.server');
let fulfilment: typeof import('~/features/registration/fulfilment.server');
let outbox: typeof import('~/models/outbox.server');
let sender: typeof import('~/integrations/mail/sender.server');
let simulatedCheckouts: typeof import('~/integrations/payments/simulated-checkouts.server');
withPostgres((ready) => (db = ready));

beforeAll(async () => {
  delete process.env.STRIPE_SECRET_KEY;
  smtp = await startMailServer();
  process.env.SMTP_URL = smtp.url;
  checkout = await import('~/features/registration/checkout.server');
  fulfilment = await import('~/features/registration/fulfilment.server');
  outbox = await import('~/models/outbox.server');
  sender = await import('~/integrations/mail/sender.server');
  simulatedCheckouts = await import('~/integrations/payments/simulated-checkouts.server');
  await (await import('./helpers')).openRegistration();
});

afterAll(async () => {
  await smtp.stop();
});

const quick = () =>
  sender.createMailSender({
    wait: () => Promise.resolve(),
    perSecond: 1000,
    backoffBaseMs: 1000,
    log: () => undefined,
  });

describe('PostgreSQL: the outbox', () => {
  it('queues one receipt when the page and the webhook fulfil the same payment at once', async () => {
    const email = `pgmail${Date.now()}@example.org`;
    const { sessionId } = await checkout.startRegistration(
      {
        registrationType: 'new',
        firstName: 'Pg',
        lastName: `Mailer${Date.now()}`,
        email,
        phone: '2315550100',
        estimatedScore: 40,
        termsAccepted: true,
      },
      'http://localhost',
    );
    await simulatedCheckouts.paySimulatedCheckout(sessionId);
    const results = await Promise.all(
      Array.from({ length: 4 }, () => fulfilment.verifyCheckoutSession(sessionId, 'http://localhost')),
    );
    expect(results.every((r) => r.state === 'paid')).toBe(true);
    expect(await db.outboxMessage.count({ where: { key: `receipt:${sessionId}` } })).toBe(1);
    await quick().deliverDue();
    expect(smtp.to(email)).toHaveLength(1);
  });

  it('delivers each of 40 messages once when three senders drain the queue at the same time', async () => {
    const keys = Array.from({ length: 40 }, (_, i) => `pg-race:${Date.now()}:${i}`);
    await db.$transaction(async (tx) => {
      for (const key of keys)
        await outbox.enqueueMessage(tx, {
          key,
          kind: 'league',
          to: `${key.replace(/[^a-z0-9]/gi, '')}@example.org`,
          subject: key,
          text: 'Hello',
          html: '<p>Hello</p>',
        });
    });
    const reports = await Promise.all([quick().deliverDue(), quick().deliverDue(), quick().deliverDue()]);
    expect(reports.reduce((sum, r) => sum + r.sent, 0)).toBe(40);
    const subjects = smtp.received.map((r) => r.mail.subject).filter((s) => s?.startsWith('pg-race:'));
    expect(subjects.sort()).toEqual([...keys].sort());
    expect(await db.outboxMessage.count({ where: { key: { in: keys }, status: 'sent', attempts: 1 } })).toBe(40);
  });
});
