import http from 'node:http';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Db } from '~/db/db.server';
import { FakeStripe } from '../fake-stripe/server';
import { startBuiltServer, stopBuiltServers, type BuiltServer } from './built-server';
import { HOLES, phonesOfTonight, sendHoles as sendPhoneHoles, type Entry, type Phone } from './game-night-phones';

/*
 * A crash in the middle of game night (docs/product/faults.md#a-crash-in-the-middle-of-game-night, docs/decisions/
 * 148), on SQLite (crash.test.ts) and PostgreSQL (crash.postgres.test.ts): the built server, started as `npm start`
 * starts it, is killed with SIGKILL while phones send their holes, and again while registrations are being paid.
 * What it acknowledged before the kill is stored; after a restart the phones resend their whole queues and Stripe
 * resends its events, and each hole, golfer, membership and receipt is stored once. The app's modules are imported
 * when a case runs, after the PostgreSQL file has pointed the client at its server.
 */
const GROUPS = 30;
/** Acknowledged sends after which the server is killed: a third of them, while every phone is still sending. */
const KILL_AFTER_HOLES = Math.floor((GROUPS * HOLES) / 3);
/** Registrations paid in the burst, four golfers at a time; the kill comes once a third are confirmed. */
const REGISTRATIONS = 24;
const LANES = 4;
const KILL_AFTER_PAID = REGISTRATIONS / 3;
const SECRET = 'crash-test-session-secret';
const WEBHOOK_SECRET = 'whsec_crash_test';

/** One request: the status, or null when the server went away before answering. */
function send(
  url: string,
  method: 'GET' | 'POST',
  headers: Record<string, string>,
  body?: string,
): Promise<number | null> {
  return new Promise((resolve) => {
    const req = http.request(
      url,
      {
        method,
        agent: false,
        headers: { ...headers, ...(body === undefined ? {} : { 'Content-Length': String(Buffer.byteLength(body)) }) },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', () => resolve(null));
      },
    );
    req.on('error', () => resolve(null));
    req.end(body);
  });
}

/** A phone's send: its status, or null when the server went away before answering. */
async function sendHoles(server: BuiltServer, date: string, phone: Phone, entries: Entry[]): Promise<number | null> {
  return (await sendPhoneHoles(server.url, date, phone, entries)).status;
}

export function crashCases(database: () => Db): void {
  const fake = new FakeStripe();

  beforeAll(async () => {
    await fake.start();
  });
  afterAll(async () => {
    stopBuiltServers();
    await fake.stop();
  });

  const start = () =>
    startBuiltServer({
      DATABASE_URL: process.env.DATABASE_URL!,
      SESSION_SECRET: SECRET,
      STRIPE_SECRET_KEY: fake.apiKey,
      STRIPE_API_BASE: fake.baseUrl,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      REGISTRATIONS_PER_HOUR: '1000',
      BCRYPT_COST: '4',
    });

  it('keeps every acknowledged hole through kill -9, and stores each resent hole once', async () => {
    const { todayInLeague } = await import('~/domain/season');
    const date = todayInLeague();
    const phones = await phonesOfTonight(database(), date, GROUPS, SECRET);
    const first = await start();
    const acknowledged: Entry[] = [];
    const kill: { done: Promise<void> | null } = { done: null };
    // Each phone sends its holes one at a time (its four golfers' entries of that hole), as golfers play them.
    await Promise.all(
      phones.map(async (phone) => {
        for (let h = 1; h <= HOLES && !kill.done; h++) {
          const entries = phone.entries.filter((e) => e.hole === h);
          const status = await sendHoles(first, date, phone, entries);
          if (status === null) return;
          expect(status).toBe(200);
          acknowledged.push(...entries);
          if (acknowledged.length >= KILL_AFTER_HOLES * 4) kill.done ??= first.crash();
        }
      }),
    );
    await kill.done;
    expect(acknowledged.length).toBeGreaterThanOrEqual(KILL_AFTER_HOLES * 4);
    expect(acknowledged.length).toBeLessThan(GROUPS * HOLES * 4);

    const all = phones.flatMap((p) => p.entries);
    const stored = () =>
      database().holeScore.findMany({
        where: { clientId: { in: all.map((e) => e.clientId) } },
        select: { clientId: true, strokes: true },
      });
    const afterCrash = new Map((await stored()).map((s) => [s.clientId, s.strokes]));
    for (const e of acknowledged) expect(afterCrash.get(e.clientId)).toBe(e.strokes);

    const second = await start();
    const statuses = await Promise.all(phones.map((phone) => sendHoles(second, date, phone, phone.entries)));
    expect(statuses).toEqual(phones.map(() => 200));
    const final = await stored();
    expect(final).toHaveLength(all.length);
    expect(new Set(final.map((s) => s.clientId)).size).toBe(all.length);
    const strokes = new Map(final.map((s) => [s.clientId, s.strokes]));
    for (const e of all) expect(strokes.get(e.clientId)).toBe(e.strokes);
    await second.crash();
  }, 180_000);

  type Paid = { email: string; sessionId: string };

  /** Registrations started on the server and paid on Stripe's checkout page, not yet confirmed to the site. */
  async function paidRegistrations(server: BuiltServer): Promise<Paid[]> {
    const { newGolferBody } = await import('./registration-helpers');
    const paid: Paid[] = [];
    for (let i = 0; i < REGISTRATIONS; i++) {
      const body = newGolferBody();
      const status = await send(
        `${server.url}/api/register-golfer`,
        'POST',
        { 'Content-Type': 'application/json', Origin: server.url },
        JSON.stringify(body),
      );
      expect(status).toBe(200);
      const session = [...fake.sessions.values()].find((s) => s.customer_email === body.email);
      expect(session, `no checkout session for ${body.email}`).toBeDefined();
      fake.markPaid(session!.id);
      paid.push({ email: body.email, sessionId: session!.id });
    }
    return paid;
  }

  /** Stripe's event and the golfer's return to the confirmation page, at once: whether either was acknowledged. */
  async function confirm(server: BuiltServer, { sessionId }: Paid): Promise<boolean | null> {
    const { payload, signature } = fake.webhook(sessionId, WEBHOOK_SECRET);
    const [hook, page] = await Promise.all([
      send(
        `${server.url}/webhooks/stripe`,
        'POST',
        { 'Content-Type': 'application/json', 'Stripe-Signature': signature },
        payload,
      ),
      send(`${server.url}/registration-confirmation/${sessionId}`, 'GET', {}),
    ]);
    if (hook === null && page === null) return null;
    for (const status of [hook, page]) if (status !== null) expect(status).toBe(200);
    return true;
  }

  /** Per email: its golfers, their memberships of `season`, and the receipts queued to it. */
  async function stored(paid: Paid[], season: number) {
    const db = database();
    const emails = paid.map((p) => p.email);
    const golfers = await db.golfer.findMany({
      where: { email: { in: emails } },
      select: { email: true, memberships: { where: { season }, select: { paid: true } } },
    });
    const receipts = await db.outboxMessage.findMany({
      where: { kind: 'receipt', toAddress: { in: emails } },
      select: { toAddress: true },
    });
    return new Map(
      emails.map((email) => [
        email,
        {
          golfers: golfers.filter((g) => g.email === email).length,
          memberships: golfers.filter((g) => g.email === email).flatMap((g) => g.memberships),
          receipts: receipts.filter((r) => r.toAddress === email).length,
        },
      ]),
    );
  }

  const once = { golfers: 1, memberships: [{ paid: true }], receipts: 1 };

  it('keeps every confirmed payment through kill -9, and fulfils each registration once when Stripe resends', async () => {
    const { openRegistration } = await import('./helpers');
    const season = await openRegistration();
    const first = await start();
    const paid = await paidRegistrations(first);
    const confirmed: Paid[] = [];
    const kill: { done: Promise<void> | null } = { done: null };
    // Four golfers at a time come back from Stripe's page while Stripe sends its events.
    await Promise.all(
      Array.from({ length: LANES }, async (_, lane) => {
        for (let i = lane; i < paid.length && !kill.done; i += LANES) {
          if ((await confirm(first, paid[i])) === null) return;
          confirmed.push(paid[i]);
          if (confirmed.length >= KILL_AFTER_PAID) kill.done ??= first.crash();
        }
      }),
    );
    await kill.done;
    expect(confirmed.length).toBeGreaterThanOrEqual(KILL_AFTER_PAID);
    expect(confirmed.length).toBeLessThan(REGISTRATIONS);
    const afterCrash = await stored(paid, season);
    for (const { email } of confirmed) expect(afterCrash.get(email), email).toEqual(once);

    // Stripe retries every event it had no 2xx for (and may deliver any again); the golfers reload their page.
    const second = await start();
    const again = await Promise.all(paid.map((p) => confirm(second, p)));
    expect(again).toEqual(paid.map(() => true));
    const final = await stored(paid, season);
    for (const { email } of paid) expect(final.get(email), email).toEqual(once);
    await second.crash();
  }, 180_000);
}
