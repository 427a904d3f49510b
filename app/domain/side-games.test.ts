import { describe, expect, it } from 'vitest';
import { cents, ZERO_CENTS } from './money';
import { balanceOf, EMPTY_POTS, nightPayouts, potsOf, seasonLedger, type NightOutcome } from './side-games';
import { flightSkins, skinsWon, type SkinsCard, type SkinsHole } from './skins';

/*
 * A night's money worked by hand (docs/product/money.md): the skins through the league's own skins rule
 * (app/domain/skins.ts), then the pots split to the cent.
 */

const ADAMS = 1;
const BAKER = 2;
const CLARK = 3;
const DAVIS = 4;
const EVANS = 5;
const NAMES: Record<number, string> = {
  1: 'Adams',
  2: 'Baker',
  3: 'Clark',
  4: 'Davis',
  5: 'Evans',
  6: 'Ford',
  7: 'Gray',
};
const sortName = (id: number) => NAMES[id];

const NINE: SkinsHole[] = Array.from({ length: 9 }, (_, i) => ({ number: i + 1, par: 4, strokeIndex: i + 1 }));

function card(golferId: number, strokes: number[]): SkinsCard {
  return { golferId, handicap: null, attested: true, strokes: Object.fromEntries(strokes.map((s, i) => [i + 1, s])) };
}

//            hole: 1  2  3  4  5  6  7  8  9
const CARDS = [
  card(ADAMS, [4, 3, 4, 5, 4, 5, 3, 5, 4]),
  card(BAKER, [4, 4, 3, 5, 4, 5, 4, 4, 5]),
  card(CLARK, [5, 4, 4, 4, 5, 5, 4, 5, 4]),
  card(DAVIS, [5, 5, 4, 5, 5, 5, 4, 5, 5]),
];

/** The skins of the night as the money sees them: won per golfer, and the count left unclaimed. */
function skinsOf(carryOver: boolean) {
  const outcome = flightSkins(NINE, CARDS, { skins: true, skinsCarryOver: carryOver })!.gross;
  return { won: skinsWon(outcome), unclaimed: outcome.unclaimed.length };
}

const night = (over: Partial<NightOutcome>): NightOutcome => ({
  pots: EMPTY_POTS,
  skins: null,
  closestToPin: null,
  lowNet: [],
  sortName,
  ...over,
});

describe('the skins pot, split per skin won', () => {
  it("with the carry-over: $20.00 over Adams's 5 skins, Baker's 2, Clark's 1 and 1 unclaimed", () => {
    // Hole 1 tied, carried into Adams's hole 2 (worth 2); Baker hole 3; Clark hole 4; holes 5 and 6 tied, carried into
    // Adams's hole 7 (worth 3); Baker hole 8; hole 9 tied with nothing after it: unclaimed. 9 shares of $20.00:
    // Adams 5/9 = 1111.11, Baker 2/9 = 444.44, Clark 1/9 = 222.22, unclaimed 1/9 = 222.22; 1999 cents given, the odd
    // cent to Baker, whose part lost the most (.44).
    const skins = skinsOf(true);
    expect(skins).toEqual({
      won: [
        { golferId: ADAMS, skins: 5, holes: [2, 7] },
        { golferId: BAKER, skins: 2, holes: [3, 8] },
        { golferId: CLARK, skins: 1, holes: [4] },
      ],
      unclaimed: 1,
    });
    const payouts = nightPayouts(night({ pots: { ...EMPTY_POTS, skins: cents(4 * 500) }, skins }));
    expect(payouts).toEqual([
      { game: 'skins', golferId: ADAMS, cents: 1111 },
      { game: 'skins', golferId: BAKER, cents: 445 },
      { game: 'skins', golferId: CLARK, cents: 222 },
      { game: 'skins', golferId: null, cents: 222 },
    ]);
  });

  it("without the carry-over: tied holes are nobody's, the pot goes to the 5 skins won, $4.00 a skin", () => {
    const skins = skinsOf(false);
    expect(skins.unclaimed).toBe(0);
    expect(nightPayouts(night({ pots: { ...EMPTY_POTS, skins: cents(2000) }, skins }))).toEqual([
      { game: 'skins', golferId: ADAMS, cents: 800 },
      { game: 'skins', golferId: BAKER, cents: 800 },
      { game: 'skins', golferId: CLARK, cents: 400 },
    ]);
  });

  it('carries the whole pot when no skin is won, or the night has no hole scores', () => {
    const pots = { ...EMPTY_POTS, skins: cents(1500) };
    expect(nightPayouts(night({ pots, skins: { won: [], unclaimed: 9 } }))).toEqual([
      { game: 'skins', golferId: null, cents: 1500 },
    ]);
    expect(nightPayouts(night({ pots, skins: null }))).toEqual([{ game: 'skins', golferId: null, cents: 1500 }]);
  });
});

describe('low net and closest to the pin', () => {
  it('splits a three-way tie for low net: $10.01 gives Adams and Baker 334 cents, Clark 333', () => {
    // 7 entrants at $1.43 = $10.01. Adams, Baker and Clark tie at net 33: 1001 / 3 = 333.67 each, 999 given, the 2 odd
    // cents to the first two by name (their lost fractions are equal).
    const pots = { ...EMPTY_POTS, lowNet: cents(7 * 143) };
    const lowNet = [
      { golferId: CLARK, net: 33 },
      { golferId: DAVIS, net: 35 },
      { golferId: BAKER, net: 33 },
      { golferId: EVANS, net: 36 },
      { golferId: ADAMS, net: 33 },
    ];
    expect(nightPayouts(night({ pots, lowNet }))).toEqual([
      { game: 'lowNet', golferId: ADAMS, cents: 334 },
      { game: 'lowNet', golferId: BAKER, cents: 334 },
      { game: 'lowNet', golferId: CLARK, cents: 333 },
    ]);
  });

  it('gives closest to the pin its whole pot, and carries it when no winner is entered', () => {
    const pots = { ...EMPTY_POTS, closestToPin: cents(6 * 200) };
    expect(nightPayouts(night({ pots, closestToPin: DAVIS }))).toEqual([
      { game: 'closestToPin', golferId: DAVIS, cents: 1200 },
    ]);
    expect(nightPayouts(night({ pots }))).toEqual([{ game: 'closestToPin', golferId: null, cents: 1200 }]);
  });

  it('carries low net when no entrant has a round, and pays nothing from an empty pot', () => {
    expect(nightPayouts(night({ pots: { ...EMPTY_POTS, lowNet: cents(300) } }))).toEqual([
      { game: 'lowNet', golferId: null, cents: 300 },
    ]);
    expect(nightPayouts(night({ lowNet: [{ golferId: ADAMS, net: 30 }] }))).toEqual([]);
  });
});

describe('the season ledger and balances', () => {
  it("adds a night's carried money to the next night with payouts, through a night still waiting", () => {
    const entry = (golferId: number, game: 'skins' | 'lowNet', fee: number) => ({
      golferId,
      game,
      feeCents: cents(fee),
    });
    const ledger = seasonLedger([
      { date: '2026-06-15', entries: [entry(ADAMS, 'skins', 500)], payouts: [] },
      {
        date: '2026-06-01',
        entries: [entry(ADAMS, 'skins', 500), entry(BAKER, 'skins', 500), entry(ADAMS, 'lowNet', 200)],
        payouts: [
          { game: 'skins', golferId: ADAMS, cents: cents(778) },
          { game: 'skins', golferId: null, cents: cents(222) },
          { game: 'lowNet', golferId: ADAMS, cents: cents(200) },
        ],
      },
      { date: '2026-06-08', entries: [entry(BAKER, 'skins', 500)], payouts: [] },
    ]);
    expect(ledger).toEqual([
      { date: '2026-06-01', pots: { skins: 1000, closestToPin: 0, lowNet: 200 }, carriedOver: 222 },
      { date: '2026-06-08', pots: { skins: 722, closestToPin: 0, lowNet: 0 }, carriedOver: 0 },
      { date: '2026-06-15', pots: { skins: 722, closestToPin: 0, lowNet: 0 }, carriedOver: 0 },
    ]);
    expect(potsOf([], EMPTY_POTS)).toEqual(EMPTY_POTS);
  });

  it('settles winnings against entries first: owed less won less paid', () => {
    expect(balanceOf({ owed: [cents(500), cents(200), cents(500)], won: [cents(445)], paid: [cents(500)] })).toEqual({
      owedCents: 1200,
      wonCents: 445,
      paidCents: 500,
      balanceCents: 255,
    });
    expect(balanceOf({ owed: [cents(500)], won: [cents(1111)], paid: [] }).balanceCents).toBe(-611);
    expect(balanceOf({ owed: [], won: [], paid: [] }).balanceCents).toBe(ZERO_CENTS);
  });
});
