import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '~/db/db.server';
import { failureOf } from '~/web/http.server';
import { withPostgres } from './pg-server';

// The races that matter for money and tee times, on PostgreSQL, where transactions really run side by side
// (SQLite serialises them). This file brings its own database; setup-env.ts leaves it alone.

let db: Db;
let checkout: typeof import('~/features/registration/checkout.server');
let fulfilment: typeof import('~/features/registration/fulfilment.server');
let teeTimes: typeof import('~/models/tee-times.server');
let simulatedCheckouts: typeof import('~/integrations/payments/simulated-checkouts.server');
let season: number;
withPostgres((ready) => (db = ready));

beforeAll(async () => {
  delete process.env.STRIPE_SECRET_KEY;
  checkout = await import('~/features/registration/checkout.server');
  fulfilment = await import('~/features/registration/fulfilment.server');
  teeTimes = await import('~/models/tee-times.server');
  simulatedCheckouts = await import('~/integrations/payments/simulated-checkouts.server');
  // Registration sells only a season whose window contains today: open the current one.
  season = await (await import('./helpers')).openRegistration();
});

let n = 0;
const email = () => `pg${Date.now()}${++n}@example.org`;

async function paidSession(address: string) {
  const { sessionId } = await checkout.startRegistration(
    {
      registrationType: 'new',
      firstName: 'Pg',
      lastName: `Racer${++n}`,
      email: address,
      phone: '2315550100',
      estimatedScore: 40,
      termsAccepted: true,
    },
    'http://localhost',
  );
  expect(await simulatedCheckouts.paySimulatedCheckout(sessionId)).toContain(sessionId);
  return sessionId;
}

describe('PostgreSQL: fulfilment races', () => {
  it('fulfils one session exactly once when the page and the webhook verify it together', async () => {
    const address = email();
    const sessionId = await paidSession(address);
    const results = await Promise.all(Array.from({ length: 4 }, () => fulfilment.verifyCheckoutSession(sessionId)));
    const ids = new Set(results.map((r) => (r.state === 'paid' ? r.golferId : null)));
    expect(ids.size).toBe(1);
    expect([...ids][0]).not.toBeNull();
    const golfers = await db.golfer.findMany({ where: { email: address }, include: { memberships: true } });
    expect(golfers).toHaveLength(1);
    expect(golfers[0].memberships).toHaveLength(1);
  });

  it('two registrations with the same new email, paid and fulfilled at once, make one golfer', async () => {
    const address = email();
    const [a, b] = [await paidSession(address), await paidSession(address)];
    const [ra, rb] = await Promise.all([fulfilment.verifyCheckoutSession(a), fulfilment.verifyCheckoutSession(b)]);
    expect(ra.state).toBe('paid');
    expect(rb.state).toBe('paid');
    expect(ra.state === 'paid' && rb.state === 'paid' && ra.golferId === rb.golferId).toBe(true);
    const golfers = await db.golfer.findMany({ where: { email: address }, include: { memberships: true } });
    expect(golfers).toHaveLength(1);
    expect(golfers[0].memberships).toEqual([expect.objectContaining({ season, paid: true })]);
  });
});

describe('PostgreSQL: tee-time races', () => {
  it('only one of several golfers gets the same open position; the others are told it was just taken', async () => {
    const slot = await db.teeTime.create({ data: { time: '04:00', season } });
    const golfers = await Promise.all(
      Array.from({ length: 4 }, (_, i) =>
        db.golfer.create({ data: { firstName: 'Pg', lastName: `Slot${i}`, fullName: `Pg Slot${i}` } }),
      ),
    );
    const results = await Promise.allSettled(
      golfers.map((g) => teeTimes.assignGolferToTeeTime({ teeTimeId: slot.id, position: 1, golferId: g.id }, null)),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results)
      if (r.status === 'rejected')
        expect(failureOf(r.reason)).toMatchObject({ status: 409, message: teeTimes.TAKEN_MESSAGE });
    const row = await db.teeTime.findUniqueOrThrow({ where: { id: slot.id } });
    expect(golfers.map((g) => g.id)).toContain(row.golfer1Id);
  });

  it('one golfer sent to several slots at once ends up in exactly one', async () => {
    const slots = await Promise.all(
      ['04:10', '04:20', '04:30'].map((time) => db.teeTime.create({ data: { time, season } })),
    );
    const golfer = await db.golfer.create({ data: { firstName: 'Pg', lastName: 'Mover', fullName: 'Pg Mover' } });
    await Promise.all(
      slots.map((s) => teeTimes.assignGolferToTeeTime({ teeTimeId: s.id, position: 2, golferId: golfer.id }, null)),
    );
    const held = await db.teeTime.count({
      where: {
        season,
        OR: [{ golfer1Id: golfer.id }, { golfer2Id: golfer.id }, { golfer3Id: golfer.id }, { golfer4Id: golfer.id }],
      },
    });
    expect(held).toBe(1);
  });

  it('generating the season twice at once creates each slot once', async () => {
    const target = season - 1;
    const [a, b] = await Promise.all([
      teeTimes.generateSeasonTeeTimes(target, null),
      teeTimes.generateSeasonTeeTimes(target, null),
    ]);
    expect(a.created + b.created).toBe(43);
    expect(await db.teeTime.count({ where: { season: target } })).toBe(43);
  });
});
