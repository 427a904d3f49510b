import type { Db } from '~/db/db.server';
import type { FakeTwilio, SignedWebhook } from '../fake-twilio/server';

/** The site texts through the fake (TWILIO_* and TWILIO_API_BASE), and tells Twilio where to report at PUBLIC_URL. */
export function useFakeTwilio(fake: FakeTwilio, from = '+12315550100'): void {
  Object.assign(process.env, fake.env(from));
}

export function withoutTwilio(): void {
  for (const name of ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM', 'TWILIO_API_BASE'])
    delete process.env[name];
}

/** A text sender as the tests drive it: no pause between sends, 1-second first retry, the test's clock when given. */
export async function textSender(options: { now?: () => Date } = {}) {
  const { createTextSender } = await import('~/integrations/texts/text-sender.server');
  return createTextSender({
    wait: () => Promise.resolve(),
    perSecond: 1000,
    backoffBaseMs: 1000,
    log: () => undefined,
    ...options,
  });
}

/** A golfer whose texts are on for `phone`, as if they had typed the code (the opt-in is tested on its own). */
export async function textsOnFor(db: Db, golferId: number, phone: string): Promise<void> {
  await db.golferTexts.upsert({
    where: { golferId },
    create: { golferId, phone, confirmedAt: new Date(), textsOn: true },
    update: { phone, confirmedAt: new Date(), textsOn: true, offReason: null },
  });
}

/** A new US mobile number no other test of this process uses: +1 231 5xx xxxx, from a random start, one up each. */
let nextNumber = Math.floor(Math.random() * 900_000);
export function newMobile(): string {
  nextNumber += 1;
  return `+12315${String(nextNumber % 1_000_000).padStart(6, '0')}`;
}

/** A webhook Twilio signed (or one forged: any signature), as the route receives it. */
export function webhookRequest(webhook: SignedWebhook, signature: string | null = webhook.signature): Request {
  const headers = new Headers({ 'Content-Type': 'application/x-www-form-urlencoded' });
  if (signature !== null) headers.set('X-Twilio-Signature', signature);
  return new Request(webhook.url, { method: 'POST', headers, body: new URLSearchParams(webhook.params).toString() });
}
