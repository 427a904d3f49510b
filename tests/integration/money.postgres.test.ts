import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '~/db/db.server';
import { FakeStripe } from '../fake-stripe/server';
import { appModule as app, runInChild, startingGate, type StartingGate } from './child-module';
import { withPostgres } from './pg-server';

/*
 * The league's money exactly once on PostgreSQL with several processes (docs/product/money.md,
 * docs/decisions/183-money-once-across-processes.md): 'Pay my balance' returned and webhooked at the same moment in two
 * processes, the webhook replayed; a night's payouts recomputed by two processes changing its results at once; and a
 * process killed in the middle of rewriting a night's payouts. Each process has its own Prisma client and pool, as two
 * app servers behind one address would. The app is imported lazily, after withPostgres pointed it at the server.
 */

let db: Db;
withPostgres((ready) => (db = ready));

const WEBHOOK_SECRET = 'whsec_money_postgres';
const fake = new FakeStripe();

beforeAll(async () => {
  await fake.start();
  // The children inherit this environment: they talk to the same fake Stripe with the same webhook secret.
  const { useFakeStripe } = await import('./registration-helpers');
  useFakeStripe(fake, WEBHOOK_SECRET);
});

afterAll(async () => {
  await fake.stop();
});

/**
 * Runs `body` in a fresh Node process once the app is loaded and connected, when the gate's other children are too
 * (so they act at the same moment); `body` sets `result`, printed as JSON. Rejects with the child's output when it
 * fails.
 */
async function inChild<T>(body: string, gate: StartingGate): Promise<T> {
  const code = `
    const { db } = await import(${app('db/db.server.ts')});
    await db.$queryRawUnsafe('SELECT 1');
    let result = null;
    await together();
    ${body}
    await db.$disconnect();
    console.log(JSON.stringify(result));
  `;
  const { code: exit, stdout, stderr } = await runInChild(code, {}, gate);
  if (exit !== 0) throw new Error(`child failed (${exit}):\n${stderr}\n${stdout}`);
  return JSON.parse(stdout.trim().split('\n').pop()!) as T;
}

describe("'Pay my balance' on PostgreSQL, across processes", () => {
  it('two presses at once make one checkout; the return and the webhook at once, and a replay, record one payment', async () => {
    const { openRegistration, unique } = await import('./helpers');
    const { getSeason } = await import('~/models/seasons.server');
    const { saveSideGames, setEntries } = await import('~/models/side-games.server');
    const { createGolfer } = await import('~/models/golfers.server');
    const { golferMoney } = await import('~/models/money.server');
    const { cents } = await import('~/domain/money');
    const { postWebhook } = await import('./registration-helpers');
    const season = await openRegistration();
    const night = (await getSeason(season))!.schedule.find((e) => e.kind === 'regular-round' && !e.rainOut)!.date;
    await saveSideGames(
      season,
      { skins: { net: true, feeCents: cents(500) }, closestToPin: null, lowNet: { feeCents: cents(250) } },
      null,
    );
    const golfer = await createGolfer(
      { firstName: 'Pg', lastName: unique('Payer'), email: `${unique('pg')}@example.org` },
      null,
    );
    await setEntries(night, golfer.id, { skins: true, closestToPin: false, lowNet: true }, null);

    // A double click reaching two servers: both are sent to the same checkout, and one payment row waits for it.
    let gate = startingGate(2);
    const press = `
      const { startBalancePayment } = await import(${app('features/money/pay-balance.server.ts')});
      result = (await Promise.all([1, 2].map(() => startBalancePayment(${golfer.id}, 'http://league.test')))).map(
        (started) => started.checkoutUrl);
    `;
    const pressed = (await Promise.all([inChild<string[]>(press, gate), inChild<string[]>(press, gate)])).flat();
    expect(new Set(pressed).size).toBe(1);
    const rows = await db.moneyPayment.findMany({ where: { golferId: golfer.id } });
    expect(rows).toHaveLength(1);
    const id = rows[0].checkoutSessionId!;
    expect(rows[0]).toMatchObject({ method: 'card', amountCents: 750, paidAt: null });
    expect(fake.sessions.get(id)).toMatchObject({ amount_total: 750, metadata: { kind: 'side-games-balance' } });
    fake.markPaid(id);

    // Stripe's webhook (sent twice) reaches one server while the golfer's return reaches the other, at one moment.
    const event = fake.webhook(id, WEBHOOK_SECRET);
    gate = startingGate(2);
    const [hooks, returns] = await Promise.all([
      inChild<{ status: number; state: string }[]>(
        `
        const webhook = await import(${app('routes/webhooks.stripe.ts')});
        const post = async () => {
          const answer = await webhook.action({
            request: new Request('http://league.test/webhooks/stripe', {
              method: 'POST',
              body: ${JSON.stringify(event.payload)},
              headers: { 'Content-Type': 'application/json', 'Stripe-Signature': ${JSON.stringify(event.signature)} },
            }),
            params: {},
            context: {},
          });
          return { status: answer.status, state: (await answer.json()).state };
        };
        result = await Promise.all([post(), post()]);
      `,
        gate,
      ),
      inChild<{ state: string }[]>(
        `
        const { balancePaymentReturned } = await import(${app('features/money/pay-balance.server.ts')});
        result = await Promise.all([1, 2].map(() => balancePaymentReturned(${JSON.stringify(id)}, ${golfer.id})));
      `,
        gate,
      ),
    ]);
    expect(hooks.map((h) => h.status)).toEqual([200, 200]);
    const states = [...hooks, ...returns].map((r) => r.state).sort();
    expect(states).toEqual(['already', 'already', 'already', 'paid']);

    // Stripe replays the event later: still one payment.
    expect((await postWebhook(fake.webhook(id, WEBHOOK_SECRET))).status).toBe(200);
    expect(await db.moneyPayment.count({ where: { golferId: golfer.id, paidAt: { not: null } } })).toBe(1);
    const money = await golferMoney(golfer.id, season);
    expect(money.balanceCents).toBe(0);
    expect(money.lines.filter((l) => l.what === 'Paid by card')).toEqual([expect.objectContaining({ cents: -750 })]);
  }, 120_000);
});

/** A night scored by totals with five golfers in low net ($2.50) and closest to the pin ($2.00): $22.50 in its pots. */
async function finalNight(year: number) {
  const { moneySeason } = await import('./money-fixtures');
  const { setEntries } = await import('~/models/side-games.server');
  const { createRound } = await import('~/models/rounds.server');
  const date = `${year}-06-02`;
  const { golfers } = await moneySeason(year, [date]);
  for (const g of golfers) await setEntries(date, g.id, { skins: false, closestToPin: true, lowNet: true }, null);
  const rounds = [];
  for (const [i, g] of golfers.entries())
    rounds.push(await createRound({ golferId: g.id, date, season: year, grossScore: 40 + i }, null));
  return { date, golfers, rounds, pot: 5 * 250 + 5 * 200 };
}

/** The night's payouts as a comparable list. */
async function payoutsOf(date: string) {
  return (await db.payout.findMany({ where: { date }, orderBy: [{ game: 'asc' }, { golferId: 'asc' }] })).map((p) => ({
    game: p.game,
    golferId: p.golferId,
    cents: p.cents,
  }));
}

/** What the night's payouts are when recomputed now, alone: the set the races must have left. */
async function recomputedAlone(date: string) {
  const { recomputePayouts } = await import('~/models/payouts.server');
  await db.$transaction((tx) => recomputePayouts(tx, [date]));
  return payoutsOf(date);
}

describe("a night's payouts on PostgreSQL, across processes", () => {
  it('two processes changing the night at the same moment leave one set of payouts, the pots paid once', async () => {
    const { date, golfers, rounds, pot } = await finalNight(2071);
    expect((await payoutsOf(date)).reduce((sum, p) => sum + p.cents, 0)).toBe(pot);
    // Each process types its own golfer's round again and again, at the same moment as the other: every write
    // recomputes the night's payouts in its own transaction.
    const changes = (round: (typeof rounds)[number], golferId: number) => `
      const { updateRound } = await import(${app('models/rounds.server.ts')});
      for (let i = 0; i < 8; i++)
        await updateRound(${round.id}, { golferId: ${golferId}, date: '${date}', season: 2071, grossScore: 36 + (i % 3) }, null);
      result = 'done';
    `;
    const gate = startingGate(2);
    expect(
      await Promise.all([
        inChild(changes(rounds[3], golfers[3].id), gate),
        inChild(changes(rounds[4], golfers[4].id), gate),
      ]),
    ).toEqual(['done', 'done']);
    const left = await payoutsOf(date);
    // One set: each winner once per game, and every cent of the pots paid out once.
    expect(left.reduce((sum, p) => sum + p.cents, 0)).toBe(pot);
    expect(new Set(left.map((p) => `${p.game}:${p.golferId}`)).size).toBe(left.length);
    // No closest to the pin was entered: its pot is carried, once.
    expect(left.filter((p) => p.game === 'closestToPin')).toEqual([
      { game: 'closestToPin', golferId: null, cents: 1000 },
    ]);
    // And it is the set the night's final results give, not one computed from a state either process saw halfway.
    expect(await recomputedAlone(date)).toEqual(left);
  }, 120_000);

  it('a recomputation waiting on another that has rewritten the night but not committed writes one set after it', async () => {
    const { updateRound } = await import('~/models/rounds.server');
    const { date, golfers, rounds, pot } = await finalNight(2073);
    let rewrote!: () => void;
    const rewritten = new Promise<void>((resolve) => (rewrote = resolve));
    let letGo!: () => void;
    const gate = new Promise<void>((resolve) => (letGo = resolve));
    // The first change has deleted the night's payouts and written its set, and has not committed: the second, on
    // another connection, must not write its set beside it once the first commits.
    const first = db.$transaction(
      async (tx) => {
        await updateRound(rounds[3].id, { golferId: golfers[3].id, date, season: 2073, grossScore: 35 }, null, tx);
        rewrote();
        await gate;
      },
      { timeout: 30_000 },
    );
    await rewritten;
    const second = updateRound(rounds[4].id, { golferId: golfers[4].id, date, season: 2073, grossScore: 34 }, null);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    letGo();
    await Promise.all([first, second]);
    const left = await payoutsOf(date);
    expect(left.reduce((sum, p) => sum + p.cents, 0)).toBe(pot);
    // The second saw the first's round: golfer 4's 34 beats golfer 3's 35.
    expect(left).toContainEqual({ game: 'lowNet', golferId: golfers[4].id, cents: 1250 });
    expect(await recomputedAlone(date)).toEqual(left);
  }, 60_000);

  it('a process killed in the middle of rewriting the payouts leaves the old set; the change made again, the new one', async () => {
    const { date, golfers, rounds, pot } = await finalNight(2072);
    const before = await payoutsOf(date);
    const { code, stdout } = await runInChild(`
      const { db } = await import(${app('db/db.server.ts')});
      const { updateRound } = await import(${app('models/rounds.server.ts')});
      await db.$transaction(async (tx) => {
        await updateRound(${rounds[4].id}, { golferId: ${golfers[4].id}, date: '${date}', season: 2072, grossScore: 30 }, null, tx);
        // The round and the night's new payouts are written, not committed: the process dies here.
        console.log(await tx.payout.count({ where: { date: '${date}' } }));
        process.kill(process.pid, 'SIGKILL');
      }, { timeout: 30_000 });
    `);
    expect(code).toBeNull(); // killed
    expect(Number(stdout.trim())).toBeGreaterThan(0);
    expect(await payoutsOf(date)).toEqual(before);
    expect((await db.round.findUniqueOrThrow({ where: { id: rounds[4].id } })).grossScore).toBe(44);

    // The change made again (here, by this process) writes the new set, once.
    const { updateRound } = await import('~/models/rounds.server');
    await updateRound(rounds[4].id, { golferId: golfers[4].id, date, season: 2072, grossScore: 30 }, null);
    const after = await payoutsOf(date);
    expect(after).not.toEqual(before);
    expect(after.reduce((sum, p) => sum + p.cents, 0)).toBe(pot);
    expect(after).toContainEqual({ game: 'lowNet', golferId: golfers[4].id, cents: 1250 });
  }, 120_000);
});
