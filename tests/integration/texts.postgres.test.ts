import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '~/db/db.server';
import { FakeTwilio } from '../fake-twilio/server';
import { withPostgres } from './pg-server';
import { newMobile, textSender, useFakeTwilio, withoutTwilio } from './text-helpers';

// Texts on PostgreSQL, where senders really run side by side (several server processes): each text of the outbox
// reaches Twilio once however many text senders drain the queue at the same time (docs/decisions/175).

let db: Db;
let fake: FakeTwilio;
withPostgres((ready) => (db = ready));

beforeAll(async () => {
  fake = await new FakeTwilio().start();
  useFakeTwilio(fake);
});

afterAll(async () => {
  await fake.stop();
  withoutTwilio();
});

describe('PostgreSQL: texts', () => {
  it('sends each of 40 texts once when three text senders drain the queue at the same time', async () => {
    const { createGolfer } = await import('~/models/golfers.server');
    const { enqueueMessage } = await import('~/models/outbox.server');
    const { textMessage } = await import('~/features/texts/text-messages.server');
    const golfers: { id: number; phone: string }[] = [];
    for (let i = 0; i < 40; i++) {
      const golfer = await createGolfer({ firstName: 'Pg', lastName: `Texts${Date.now()}${i}` }, null);
      const phone = newMobile();
      await db.golferTexts.create({ data: { golferId: golfer.id, phone, confirmedAt: new Date(), textsOn: true } });
      golfers.push({ id: golfer.id, phone });
    }
    await db.$transaction(async (tx) => {
      for (const g of golfers)
        await enqueueMessage(
          tx,
          textMessage({ key: `pg-text:${g.id}`, kind: 'notice', golferId: g.id, to: g.phone, label: 'N', words: 'Hi' }),
        );
    });
    const senders = await Promise.all([textSender(), textSender(), textSender()]);
    const reports = await Promise.all(senders.map((s) => s.deliverDue()));
    expect(reports.reduce((sum, r) => sum + r.sent, 0)).toBe(40);
    for (const g of golfers) expect(fake.textsTo(g.phone), g.phone).toHaveLength(1);
    expect(
      await db.outboxMessage.count({ where: { key: { startsWith: 'pg-text:' }, status: 'sent', attempts: 1 } }),
    ).toBe(40);
  });
});
