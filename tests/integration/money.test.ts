import { afterEach, describe, expect, it } from 'vitest';
import { db } from '~/db/db.server';
import { cents } from '~/domain/money';
import { todayInLeague } from '~/domain/season';
import { golferMoney, recordCash, seasonMoney } from '~/models/money.server';
import { createRound, updateRound } from '~/models/rounds.server';
import { updateSettings } from '~/models/settings.server';
import { saveSideGames, setClosestToPin, setEntries } from '~/models/side-games.server';
import { failureFrom } from './helpers';
import { playCard } from './live-results-cases';
import { ALL, moneySeason, NONE } from './money-fixtures';

/*
 * A night's side games worked by hand (docs/product/money.md): entries, payouts once the night's results are final,
 * the recomputation after a changed round, balances; through the models, as the pages and the API call them.
 */

afterEach(async () => {
  await updateSettings({ skinsCarryOver: false }, null);
});

//                   hole: 1  2  3  4  5  6  7  8  9     gross
const ADAMS_CARD = [4, 3, 4, 5, 4, 5, 3, 5, 4]; // 37
const BAKER_CARD = [4, 4, 3, 5, 4, 5, 4, 4, 5]; // 38
const CLARK_CARD = [5, 4, 4, 4, 5, 5, 4, 5, 4]; // 40
const DAVIS_CARD = [5, 5, 4, 5, 5, 5, 4, 5, 5]; // 43

const payoutsOf = async (date: string) =>
  (await db.payout.findMany({ where: { date }, orderBy: { id: 'asc' } })).map((p) => ({
    game: p.game,
    golferId: p.golferId,
    cents: p.cents,
  }));

describe('a night on cards: skins with the carry-over, closest to the pin, low net', () => {
  it('pays once every card is attested, by the figures worked by hand, and recomputes after a changed round', async () => {
    await updateSettings({ skinsCarryOver: true }, null);
    const date = '2061-06-06';
    const next = '2061-06-13';
    const { adams, baker, clark, davis, evans } = await moneySeason(2061, [date, next]);
    for (const g of [adams, baker, clark]) await setEntries(date, g.id, ALL, null);
    await setEntries(date, davis.id, { skins: true, closestToPin: false, lowNet: true }, null);
    const card = await playCard(date, [adams, baker, clark, davis], [ADAMS_CARD, BAKER_CARD, CLARK_CARD, DAVIS_CARD]);
    // Not final until the card is attested: no payouts.
    expect(await payoutsOf(date)).toEqual([]);
    await card.attest();

    // Skins $20.00 (4 × $5.00): hole 1 tied, carried into Adams's hole 2 (2 skins); Baker hole 3; Clark hole 4; holes 5
    // and 6 tied, carried into Adams's hole 7 (3 skins); Baker hole 8; hole 9 tied, unclaimed. 9 shares: Adams 5/9 =
    // 1111.11, Baker 2/9 = 444.44 (+ the odd cent: the largest fraction lost), Clark 1/9 = 222.22, carried 222.22.
    // Closest to the pin $6.00 (3 × $2.00): no winner entered yet, carried. Low net $10.00 (4 × $2.50): Adams's 37.
    const skins = [
      { game: 'skins', golferId: adams.id, cents: 1111 },
      { game: 'skins', golferId: baker.id, cents: 445 },
      { game: 'skins', golferId: clark.id, cents: 222 },
      { game: 'skins', golferId: null, cents: 222 },
    ];
    expect(await payoutsOf(date)).toEqual([
      ...skins,
      { game: 'closestToPin', golferId: null, cents: 600 },
      { game: 'lowNet', golferId: adams.id, cents: 1000 },
    ]);

    // Closest to the pin: a golfer who did not play, or did not enter, is refused and nothing is saved.
    expect(await failureFrom(setClosestToPin(date, { golferId: evans.id, feet: 2, inches: 0 }, null))).toMatchObject({
      status: 400,
      message: `${evans.firstName} ${evans.lastName} did not play on Monday, June 6`,
    });
    expect(await failureFrom(setClosestToPin(date, { golferId: davis.id, feet: 2, inches: 0 }, null))).toMatchObject({
      status: 400,
      message: `${davis.firstName} ${davis.lastName} did not enter closest to the pin on Monday, June 6`,
    });
    expect(await db.closestToPin.count({ where: { date } })).toBe(0);
    await setClosestToPin(date, { golferId: clark.id, feet: 3, inches: 4 }, null);
    const withPin = [
      ...skins,
      { game: 'closestToPin', golferId: clark.id, cents: 600 },
      { game: 'lowNet', golferId: adams.id, cents: 1000 },
    ];
    expect(await payoutsOf(date)).toEqual(withPin);

    // A changed round: Adams's 37 typed again as 41 makes Baker's 38 the low net. One set, never added to.
    const round = await db.round.findFirstOrThrow({ where: { golferId: adams.id, date } });
    await updateRound(round.id, { golferId: adams.id, date, season: 2061, grossScore: 41 }, null);
    expect(await payoutsOf(date)).toEqual([
      ...withPin.slice(0, 5),
      { game: 'lowNet', golferId: baker.id, cents: 1000 },
    ]);

    // Balances: Adams owes 5 + 2 + 2.50 = 9.50, won 11.11: the league owes him 1.61. Baker owes 9.50, won 4.45 + 10.00.
    // Davis owes 7.50 and won nothing; he pays 5.00 in cash.
    await recordCash({ golferId: davis.id, season: 2061, amountCents: cents(500), note: 'at the turn' }, null);
    const money = await seasonMoney(2061);
    const balance = (id: number) => money.golfers.find((g) => g.golferId === id);
    expect(balance(adams.id)).toMatchObject({ owedCents: 950, wonCents: 1111, paidCents: 0, balanceCents: -161 });
    expect(balance(baker.id)).toMatchObject({ owedCents: 950, wonCents: 1445, balanceCents: -495 });
    expect(balance(clark.id)).toMatchObject({ owedCents: 950, wonCents: 822, balanceCents: 128 });
    expect(balance(davis.id)).toMatchObject({ owedCents: 750, wonCents: 0, paidCents: 500, balanceCents: 250 });
    expect(money.nights[0]).toMatchObject({
      date,
      pots: { skins: 2000, closestToPin: 600, lowNet: 1000 },
      carriedOver: 222,
      entries: 11,
    });

    // 'My money': Davis's lines, in date order (the cash was paid today, before this season of 2061), and their sum.
    expect(await golferMoney(davis.id, 2061)).toMatchObject({
      balanceCents: 250,
      lines: [
        { date: todayInLeague(), what: 'Paid in cash', cents: -500 },
        { date, what: 'Skins entry', cents: 500 },
        { date, what: 'Low net entry', cents: 250 },
      ],
    });

    // The carried skins money goes into the next night with payouts: a night scored by totals (no hole scores, so no
    // skin is won and its pot carries again), now 2 × $5.00 + $2.22.
    await setEntries(next, adams.id, { skins: true, closestToPin: false, lowNet: false }, null);
    await setEntries(next, baker.id, { skins: true, closestToPin: false, lowNet: false }, null);
    await createRound({ golferId: adams.id, date: next, season: 2061, grossScore: 40 }, null);
    expect(await payoutsOf(next)).toEqual([{ game: 'skins', golferId: null, cents: 1222 }]);

    // Reopening the card makes the first night's results open again: its payouts go, and the next night, which took
    // its carried money, is recomputed without it.
    await card.reopen();
    expect(await payoutsOf(date)).toEqual([]);
    expect(await payoutsOf(next)).toEqual([{ game: 'skins', golferId: null, cents: 1000 }]);
  });
});

describe('a night scored by totals: a three-way tie for low net', () => {
  it("splits $10.00 three ways to the cent, the odd cent to the first by name, once the night's rounds are in", async () => {
    const date = '2062-06-05';
    const { adams, baker, clark, davis } = await moneySeason(2062, [date]);
    for (const g of [davis, clark, baker, adams]) await setEntries(date, g.id, { ...NONE, lowNet: true }, null);
    for (const [g, gross] of [
      [clark, 40],
      [adams, 40],
      [davis, 44],
      [baker, 40],
    ] as const)
      await createRound({ golferId: g.id, date, season: 2062, grossScore: gross }, null);
    expect(await payoutsOf(date)).toEqual([
      { game: 'lowNet', golferId: adams.id, cents: 334 },
      { game: 'lowNet', golferId: baker.id, cents: 333 },
      { game: 'lowNet', golferId: clark.id, cents: 333 },
    ]);
    // Davis takes his entry off: $7.50 three ways is $2.50 each.
    await setEntries(date, davis.id, NONE, null);
    expect((await payoutsOf(date)).map((p) => p.cents)).toEqual([250, 250, 250]);
  });
});

describe('the side games of a season', () => {
  it('refuses an entry in a game not played, and turning off a game golfers entered', async () => {
    const date = '2063-06-04';
    const { adams } = await moneySeason(2063, [date], {
      skins: { net: true, feeCents: cents(500) },
      closestToPin: null,
      lowNet: null,
    });
    expect(await failureFrom(setEntries(date, adams.id, ALL, null))).toMatchObject({
      status: 400,
      message: 'Closest to the pin is not played in the 2063 season',
    });
    await setEntries(date, adams.id, { ...NONE, skins: true }, null);
    expect(
      await failureFrom(saveSideGames(2063, { skins: null, closestToPin: null, lowNet: null }, null)),
    ).toMatchObject({
      status: 409,
      message:
        'Skins cannot be turned off: golfers entered it on 1 night of the 2063 season. Take their entries off first.',
    });
    expect(await db.sideGames.findUnique({ where: { season: 2063 } })).toMatchObject({ skinsFeeCents: 500 });
    // An entry keeps the fee it was made at.
    const admin = { id: 0, username: 'money-admin' };
    await saveSideGames(2063, { skins: { net: true, feeCents: cents(700) }, closestToPin: null, lowNet: null }, admin);
    expect((await golferMoney(adams.id, 2063)).balanceCents).toBe(500);
    const audit = await db.auditEntry.findMany({ where: { entity: 'side games', entityId: '2063' } });
    expect(audit.map((a) => a.summary)).toContain(
      'Side games of 2063: Skins (net): $5.00 a night → Skins (net): $7.00 a night',
    );
  });
});
