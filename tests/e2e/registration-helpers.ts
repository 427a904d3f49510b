import crypto from 'node:crypto';
import type { Page } from '@playwright/test';
import { currentSeason } from '../../app/domain/season';
import { simulatedPaymentIntentId } from '../../app/integrations/payments/simulated-checkouts.server';
import { db } from '../../app/db/db.server';

/**
 * A standing tee time of this season that no other test uses: the e2e database is shared by tests running
 * in parallel, so each test makes its own slot at a random time before the league's first tee.
 */
export async function ownSlot(): Promise<{ id: number; time: string }> {
  const season = currentSeason();
  for (let attempt = 1; ; attempt++) {
    const time = `${String(Math.floor(Math.random() * 10)).padStart(2, '0')}:${String(Math.floor(Math.random() * 60)).padStart(2, '0')}`;
    try {
      return await db.teeTime.create({ data: { time, season }, select: { id: true, time: true } });
    } catch (error) {
      // Taken by another test (or the database briefly busy): try another time, within reason.
      if (attempt >= 50) throw error;
    }
  }
}

/** The session id in a /checkout/:id or /registration-confirmation/:id address. */
export function sessionIdOf(page: Page): string {
  return new URL(page.url()).pathname.split('/').pop()!;
}

/**
 * A session of the simulated checkout (the e2e server has no Stripe key) for `season`'s $150 fee: 'paid' is complete
 * and paid, 'open' waits on its /checkout page. Answers its id.
 */
export async function simulatedSession(email: string, season: number, state: 'open' | 'paid'): Promise<string> {
  const id = `cs_test_sim_${crypto.randomBytes(16).toString('hex')}`;
  await db.simulatedCheckoutSession.create({
    data: {
      id,
      amountTotal: 15000,
      currency: 'usd',
      customerEmail: email,
      description: `${season} season membership`,
      metadata: '{}',
      successUrl: '/registration-confirmation/{CHECKOUT_SESSION_ID}',
      cancelUrl: '/register',
      status: state === 'paid' ? 'complete' : 'open',
      paymentStatus: state === 'paid' ? 'paid' : 'unpaid',
    },
  });
  return id;
}

/** What a paid session's registration leaves behind: the fulfilled registration and the paid membership it made. */
export async function fulfilledRegistration(
  sessionId: string,
  golfer: { id: number; firstName: string; lastName: string; email: string },
  season: number,
  registration: { id: string; registrationType: 'new' | 'returning' },
) {
  await db.pendingRegistration.create({
    data: {
      ...registration,
      golferId: golfer.id,
      firstName: golfer.firstName,
      lastName: golfer.lastName,
      email: golfer.email,
      season,
      amountCents: 15000,
      checkoutSessionId: sessionId,
      paymentIntentId: simulatedPaymentIntentId(sessionId),
      fulfilledAt: new Date(),
      fulfilledGolferId: golfer.id,
    },
  });
  return db.membership.create({
    data: { golferId: golfer.id, season, registered: true, paid: true, registrationDatetime: new Date() },
  });
}
