import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '~/db/db.server';
import { cents } from '~/domain/money';
import { createGolfer } from '~/models/golfers.server';
import { getSeason } from '~/models/seasons.server';
import { saveSideGames, setEntries } from '~/models/side-games.server';
import * as cashApi from '~/routes/api.money.cash';
import * as moneyApi from '~/routes/api.money';
import * as meMoneyApi from '~/routes/api.me.money';
import * as mySideGamesApi from '~/routes/api.me.side-games.$date';
import * as entriesApi from '~/routes/api.nights.$date.side-games.$golferId';
import * as sideGamesApi from '~/routes/api.seasons.$year.side-games';
import * as myMoneyPage from '~/routes/me.money';
import * as paidReturn from '~/routes/me.money_.paid.$sessionId';
import { FakeStripe } from '../fake-stripe/server';
import { call, openRegistration, request, signIn, signInGolfer, toastOf, unique } from './helpers';
import { postWebhook, useFakeStripe } from './registration-helpers';

/*
 * The money's API (docs/product/money.md#api) with the forms' rules and messages, and 'Pay my balance' through the
 * real `stripe` SDK against the fake Stripe: the webhook replayed, and the return and the webhook together, record
 * one payment.
 */

const WEBHOOK_SECRET = 'whsec_test_money_secret';
const fake = new FakeStripe();
let season: number;
let night: string;
let admin: string;

beforeAll(async () => {
  season = await openRegistration();
  const schedule = (await getSeason(season))!.schedule;
  night = schedule.find((e) => e.kind === 'regular-round' && !e.rainOut)!.date;
  await saveSideGames(
    season,
    { skins: { net: true, feeCents: cents(500) }, closestToPin: null, lowNet: { feeCents: cents(250) } },
    null,
  );
  admin = (await signIn({ isAdmin: true })).cookie;
  await fake.start();
  useFakeStripe(fake, WEBHOOK_SECRET);
});

afterAll(async () => {
  await fake.stop();
});

const golfer = () =>
  createGolfer({ firstName: 'Pay', lastName: unique('Money'), email: `${unique('m')}@example.org` }, null);

describe('the side games API: the same rules and messages as the forms', () => {
  it("answers a season's games, and refuses a fee below $0 or above $1,000 with nothing saved", async () => {
    const path = `/api/seasons/${season}/side-games`;
    const got = await call(sideGamesApi.loader, request(path, { cookie: admin }), { year: String(season) });
    expect(await got.json()).toEqual({
      skins: { net: true, feeCents: 500 },
      closestToPin: null,
      lowNet: { feeCents: 250 },
    });
    for (const [feeCents, message] of [
      [-1, 'An entry fee cannot be below $0.00'],
      [100_001, 'An entry fee can be at most $1,000.00'],
    ] as const) {
      const res = await call(
        sideGamesApi.action,
        request(path, {
          method: 'PUT',
          cookie: admin,
          json: { skins: { net: false, feeCents }, closestToPin: null, lowNet: { feeCents: 250 } },
        }),
        { year: String(season) },
      );
      expect(res.status).toBe(400);
      expect(JSON.stringify(await res.json())).toContain(message);
    }
    expect(await db.sideGames.findUnique({ where: { season } })).toMatchObject({ skinsFeeCents: 500, skinsNet: true });
    // Anonymous: 401; a golfer's session opens no administrator's call.
    expect((await call(sideGamesApi.loader, request(path), { year: String(season) })).status).toBe(401);
  });

  it('marks entries, records cash (refusing $0 and more than $10,000) and answers GET /api/money', async () => {
    const g = await golfer();
    const put = await call(
      entriesApi.action,
      request(`/api/nights/${night}/side-games/${g.id}`, {
        method: 'PUT',
        cookie: admin,
        json: { skins: true, closestToPin: false, lowNet: true },
      }),
      { date: night, golferId: String(g.id) },
    );
    expect(await put.json()).toEqual({ date: night, golferId: g.id, skins: true, closestToPin: false, lowNet: true });
    for (const [amountCents, message] of [
      [0, 'A cash payment must be more than $0.00'],
      [1_000_001, 'A cash payment can be at most $10,000.00'],
    ] as const) {
      const res = await call(
        cashApi.action,
        request('/api/money/cash', { cookie: admin, json: { golferId: g.id, amountCents, note: 'turn', season } }),
      );
      expect(res.status).toBe(400);
      expect(JSON.stringify(await res.json())).toContain(message);
    }
    expect(await db.moneyPayment.count({ where: { golferId: g.id } })).toBe(0);
    const paid = await call(
      cashApi.action,
      request('/api/money/cash', {
        cookie: admin,
        json: { golferId: g.id, amountCents: 300, note: 'at the turn', season },
      }),
    );
    expect(paid.status).toBe(201);
    const money = (await (
      await call(moneyApi.loader, request(`/api/money?season=${season}`, { cookie: admin }))
    ).json()) as {
      golfers: { golferId: number; owedCents: number; paidCents: number; balanceCents: number }[];
    };
    expect(money.golfers.find((x) => x.golferId === g.id)).toMatchObject({
      owedCents: 750,
      paidCents: 300,
      balanceCents: 450,
    });
    const audit = await db.auditEntry.findMany({ where: { entity: { in: ['cash payment', 'side game entry'] } } });
    expect(audit.map((a) => a.summary).join('\n')).toContain(
      `Paid in cash: $3.00 from ${g.fullName} (${season}): 'at the turn'`,
    );
  });
});

describe("'Pay my balance' through Stripe Checkout", () => {
  it('records one payment with the webhook replayed and the return at the same time, then refuses a second', async () => {
    const g = await golfer();
    await setEntries(night, g.id, { skins: true, closestToPin: false, lowNet: true }, null);
    const cookie = await signInGolfer(g.id);
    // A golfer sees only their own money.
    const own = (await (await call(meMoneyApi.loader, request('/api/me/money', { cookie }))).json()) as {
      balanceCents: number;
      lines: unknown[];
    };
    expect(own).toMatchObject({
      balanceCents: 750,
      lines: [
        { date: night, what: 'Skins entry', cents: 500 },
        { date: night, what: 'Low net entry', cents: 250 },
      ],
    });

    const pay = () => call(myMoneyPage.action, request('/me/money', { cookie, form: { intent: 'pay', back: '/me' } }));
    const started = await pay();
    expect(started.status).toBe(303);
    const id = started.headers.get('Location')!.split('/').pop()!;
    expect(fake.sessions.get(id)).toMatchObject({ amount_total: 750, metadata: { kind: 'side-games-balance' } });
    fake.markPaid(id);

    const event = fake.webhook(id, WEBHOOK_SECRET);
    const [back, first, replay] = await Promise.all([
      call(paidReturn.loader, request(`/me/money/paid/${id}`, { cookie }), { sessionId: id }),
      postWebhook(event),
      postWebhook(event),
    ]);
    expect([first.status, replay.status]).toEqual([200, 200]);
    expect(await toastOf(back)).toMatchObject({
      title: 'Payment received',
      description: '$7.50 paid. Your balance is settled.',
    });
    expect(await db.moneyPayment.count({ where: { golferId: g.id, paidAt: { not: null } } })).toBe(1);
    await postWebhook(fake.webhook(id, WEBHOOK_SECRET));
    expect(await db.moneyPayment.count({ where: { golferId: g.id, paidAt: { not: null } } })).toBe(1);

    const again = await pay();
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ error: 'Your balance is settled: there is nothing to pay.' });
    const after = (await (await call(meMoneyApi.loader, request('/api/me/money', { cookie }))).json()) as {
      balanceCents: number;
    };
    expect(after.balanceCents).toBe(0);
    expect((await call(meMoneyApi.loader, request('/api/me/money'))).status).toBe(401);

    // A golfer enters a night's side games only until its cut-off: this season's first night has passed.
    const late = await call(
      mySideGamesApi.action,
      request(`/api/me/side-games/${night}`, {
        method: 'PUT',
        cookie,
        json: { skins: true, closestToPin: false, lowNet: false },
      }),
      { date: night },
    );
    expect(late.status).toBe(400);
    expect(((await late.json()) as { message: string }).message).toMatch(/has passed$/);
  });
});
