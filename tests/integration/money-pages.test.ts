import { beforeAll, describe, expect, it } from 'vitest';
import { db, queryCount } from '~/db/db.server';
import { cents } from '~/domain/money';
import { recapDeliveries } from '~/features/automation/recap-email.server';
import { createRound } from '~/models/rounds.server';
import { setEntries } from '~/models/side-games.server';
import * as moneyPage from '~/routes/_admin.money';
import * as scoresPage from '~/routes/_admin.scores';
import * as sideGamesPage from '~/routes/_admin.seasons_.$year.side-games';
import * as teeTimesPage from '~/routes/_admin.tee-times';
import { call, request, signIn, toastOf } from './helpers';
import { ALL, moneySeason } from './money-fixtures';

/*
 * The money's admin forms without JavaScript (docs/product/money.md): each a plain post answered with a redirect and
 * a toast, or the form with its message and nothing saved.
 */

let admin: string;
beforeAll(async () => {
  admin = (await signIn({ isAdmin: true })).cookie;
});

const YEAR = 2064;
const DATE = '2064-06-02';

describe('the money pages', () => {
  it('saves the side games in dollars and cents, and refuses a fee over $1,000 with the form', async () => {
    const { adams, baker, clark } = await moneySeason(YEAR, [DATE]);
    const path = `/seasons/${YEAR}/side-games`;
    const post = (form: Record<string, string>) =>
      call(sideGamesPage.action, request(path, { cookie: admin, form: { intent: 'save', ...form } }), {
        year: String(YEAR),
      });
    const refused = await post({ skinsFee: '1000.01', skinsKind: 'net', lowNetFee: '2.50' });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(await refused.json())).toContain('An entry fee can be at most $1,000.00');
    const noHole = await post({ closestToPinFee: '2' });
    expect(JSON.stringify(await noHole.json())).toContain('Choose the hole for closest to the pin');
    expect(await db.sideGames.findUnique({ where: { season: YEAR } })).toMatchObject({ skinsFeeCents: 500 });
    const saved = await post({
      skinsFee: '$5.50',
      skinsKind: 'gross',
      closestToPinFee: '2.00',
      closestToPinHole: '7',
      lowNetFee: '2.5',
    });
    expect(saved.status).toBe(302);
    expect(await toastOf(saved)).toMatchObject({ description: 'Side games saved' });
    expect(await db.sideGames.findUnique({ where: { season: YEAR } })).toMatchObject({
      skinsFeeCents: 550,
      skinsNet: false,
      closestToPinFeeCents: 200,
      closestToPinHole: 7,
      lowNetFeeCents: 250,
    });

    // The night view marks entries with a box per golfer and game.
    const form = new URLSearchParams({ intent: 'side-games', date: DATE });
    for (const g of [adams, baker]) {
      form.append('golferId', String(g.id));
      form.set(`${g.id}-skins`, 'on');
      form.set(`${g.id}-closestToPin`, 'on');
    }
    const marked = await call(teeTimesPage.action, request(`/tee-times?date=${DATE}`, { cookie: admin, form }));
    expect(marked.status).toBe(302);
    expect(await db.sideGameEntry.count({ where: { date: DATE } })).toBe(4);

    // /scores: the closest to the pin of a golfer who did not play is refused with the form's message.
    await setEntries(DATE, clark.id, ALL, null);
    const ctp = (golferId: number) =>
      call(
        scoresPage.action,
        request(`/scores?date=${DATE}`, {
          cookie: admin,
          form: { intent: 'closest-to-pin', date: DATE, golferId: String(golferId), feet: '4', inches: '2' },
        }),
      );
    const notPlayed = await ctp(clark.id);
    expect(notPlayed.status).toBe(400);
    expect(JSON.stringify(await notPlayed.json())).toContain('did not play on Monday, June 2');
    await createRound({ golferId: adams.id, date: DATE, season: YEAR, grossScore: 40 }, null);
    const saved2 = await ctp(adams.id);
    expect(saved2.status).toBe(302);
    expect(await db.closestToPin.findUnique({ where: { date: DATE } })).toMatchObject({
      golferId: adams.id,
      feet: 4,
      inches: 2,
    });
    // The night is final (its round is in): the closest to the pin takes its pot of 3 × $2.00.
    expect(await db.payout.findFirst({ where: { date: DATE, game: 'closestToPin' } })).toMatchObject({
      golferId: adams.id,
      cents: 600,
    });

    // The results recap adds the night's payouts and the golfer's balance: Adams entered skins ($5.50) and closest to
    // the pin ($2.00) and won $6.00.
    await db.golfer.update({ where: { id: adams.id }, data: { email: `${adams.firstName}@example.org` } });
    await db.membership.create({ data: { golferId: adams.id, season: YEAR, registered: true } });
    const [recap] = await recapDeliveries(
      { date: DATE, season: YEAR, event: 'Week 1' },
      new Set(),
      { origin: 'http://localhost', keys: [], now: new Date() },
      null,
    );
    // The golfer has an email address, so the recap has its email (a delivery's message is null for a text alone).
    const text = recap.message?.text;
    expect(text).toContain('Side games');
    expect(text).toContain(`Closest to the pin $6.00`);
    expect(text).toContain('Your side-games balance: You owe $1.50.');
  });

  it("records 'Paid in cash' on /money, refusing $0 and more than $10,000, in a fixed number of queries", async () => {
    const { adams } = await moneySeason(2065, ['2065-06-01']);
    await setEntries('2065-06-01', adams.id, ALL, null);
    const post = (amount: string) =>
      call(
        moneyPage.action,
        request(`/money?season=2065&cash=${adams.id}`, {
          cookie: admin,
          form: { intent: 'cash', golferId: String(adams.id), amount, note: 'at the turn' },
        }),
      );
    for (const [amount, message] of [
      ['0', 'A cash payment must be more than $0.00'],
      ['10000.01', 'A cash payment can be at most $10,000.00'],
      ['ten', 'Enter an amount in dollars and cents, such as 5.00'],
    ]) {
      const res = await post(amount);
      expect(res.status).toBe(400);
      expect(JSON.stringify(await res.json())).toContain(message);
    }
    expect(await db.moneyPayment.count({ where: { golferId: adams.id } })).toBe(0);
    const paid = await post('7.00');
    expect(paid.status).toBe(302);
    expect(await toastOf(paid)).toMatchObject({ title: 'Cash payment recorded', description: '$7.00 paid in cash.' });

    const load = async () => {
      const before = queryCount();
      const res = await call(moneyPage.loader, request('/money?season=2065', { cookie: admin }));
      return { res, queries: queryCount() - before };
    };
    const one = await load();
    const body = (await one.res.json()) as { golfers: { golferId: number; balanceCents: number }[] };
    expect(body.golfers.find((g) => g.golferId === adams.id)?.balanceCents).toBe(cents(950 - 700));
    // More golfers and nights: the same number of queries.
    const { baker, clark } = await moneySeason(2066, ['2066-06-01']);
    for (const g of [baker, clark]) {
      await db.sideGameEntry.create({
        data: { date: '2065-06-08', season: 2065, golferId: g.id, game: 'skins', feeCents: 500 },
      });
    }
    expect((await load()).queries).toBe(one.queries);
  });
});
