import { formatDollarsAndCents } from './format';
import { allocate, cents, sumCents, ZERO_CENTS, type Cents, type Share } from './money';

/**
 * The side games and their money (docs/product/money.md): the pots of a night, who wins what, and a golfer's
 * balance. Pure: the models read the night's entries, results and skins and hand them here.
 */

export const GAMES = ['skins', 'closestToPin', 'lowNet'] as const;
export type Game = (typeof GAMES)[number];

export const GAME_LABELS: Record<Game, string> = {
  skins: 'Skins',
  closestToPin: 'Closest to the pin',
  lowNet: 'Low net',
};

export function isGame(value: unknown): value is Game {
  return typeof value === 'string' && (GAMES as readonly string[]).includes(value);
}

export type Pots = Record<Game, Cents>;

export const EMPTY_POTS: Pots = { skins: ZERO_CENTS, closestToPin: ZERO_CENTS, lowNet: ZERO_CENTS };

/** One golfer's share of a night's pot, or (golferId null) money no one won, carried to the next night. */
export type Payout = { game: Game; golferId: number | null; cents: Cents };

export type NightOutcome = {
  /** Each pot: the night's entry fees plus what the nights before carried into it. */
  pots: Pots;
  /**
   * The night's skins among the skins entrants (app/domain/skins.ts with the night's carry-over rule): skins won per
   * golfer (a win's value counts the holes carried into it) and the skins unclaimed at the end of the round. Null
   * when the night has no hole scores to play skins on.
   */
  skins: { won: { golferId: number; skins: number }[]; unclaimed: number } | null;
  /** The closest-to-the-pin winner, when one was entered and they entered the game; null otherwise. */
  closestToPin: number | null;
  /** The net scores of the low-net entrants who have a round that night. */
  lowNet: { golferId: number; net: number }[];
  /** Golfers' names as sorted for the odd cents (last, first). */
  sortName: (golferId: number) => string;
};

/**
 * A night's payouts (docs/product/money.md#payouts): the skins pot per skin won, closest to the pin to its winner, low
 * net to the lowest net (tied golfers share). What no one wins (skins unclaimed at the end of the round, no skin at
 * all, no winner entered, no entrant with a round) is carried to the same game's pot of the next night. Ties split to
 * the cent by `allocate`, the winners listed by more skins first, then by name A to Z, the carried share last. Every
 * cent of every pot is in the answer; shares of no cents are left out.
 */
export function nightPayouts(night: NightOutcome): Payout[] {
  const out: Payout[] = [];
  const byName = (a: number, b: number) => night.sortName(a).localeCompare(night.sortName(b), 'en') || a - b;
  const split = (game: Game, winners: Share<number | null>[]) => {
    const pot = night.pots[game];
    if (pot === 0) return;
    const shares: Share<number | null>[] = winners.length > 0 ? winners : [{ key: null, weight: 1 }];
    for (const share of allocate(pot, shares))
      if (share.cents > 0) out.push({ game, golferId: share.key, cents: share.cents });
  };

  const won = [...(night.skins?.won ?? [])]
    .filter((w) => w.skins > 0)
    .sort((a, b) => b.skins - a.skins || byName(a.golferId, b.golferId));
  const unclaimed = night.skins?.unclaimed ?? 0;
  split('skins', [
    ...won.map((w) => ({ key: w.golferId, weight: w.skins })),
    ...(unclaimed > 0 && won.length > 0 ? [{ key: null, weight: unclaimed }] : []),
  ]);

  split('closestToPin', night.closestToPin === null ? [] : [{ key: night.closestToPin, weight: 1 }]);

  const low = Math.min(...night.lowNet.map((r) => r.net));
  const lowest = night.lowNet
    .filter((r) => r.net === low)
    .map((r) => r.golferId)
    .sort(byName);
  split(
    'lowNet',
    lowest.map((golferId) => ({ key: golferId, weight: 1 })),
  );
  return out;
}

/** The money of a game carried out of a night: its payouts to no one. */
export function carriedOf(payouts: readonly Payout[]): Pots {
  const carried = { ...EMPTY_POTS };
  for (const p of payouts) if (p.golferId === null) carried[p.game] = cents(carried[p.game] + p.cents);
  return carried;
}

/** A night's pots: its entries' fees per game plus what was carried into it. */
export function potsOf(entries: readonly { game: Game; feeCents: Cents }[], carriedIn: Pots): Pots {
  const pots = { ...carriedIn };
  for (const entry of entries) pots[entry.game] = cents(pots[entry.game] + entry.feeCents);
  return pots;
}

export type LedgerNight = {
  date: string;
  entries: readonly { golferId: number; game: Game; feeCents: Cents }[];
  /** The night's stored payouts; empty until its results are final. */
  payouts: readonly Payout[];
};

/**
 * A season's nights as /money shows them, in date order: each night's pots (entries plus what was carried in) and
 * what it carried out. Money carried out of a night goes into the next night that has payouts: a night still waiting
 * for its results shows the carried money in its pots too, since it takes it once final.
 */
export function seasonLedger(nights: readonly LedgerNight[]): { date: string; pots: Pots; carriedOver: Cents }[] {
  let carry = { ...EMPTY_POTS };
  return [...nights]
    .sort((a, b) => a.date.localeCompare(b.date))
    .map((night) => {
      const pots = potsOf(night.entries, carry);
      const carriedOut = carriedOf(night.payouts);
      if (night.payouts.length > 0) carry = carriedOut;
      return { date: night.date, pots, carriedOver: sumCents(Object.values(carriedOut)) };
    });
}

/** One line behind a golfer's balance: owed (positive: an entry) or settled (negative: winnings, a payment). */
export type MoneyLine = { date: string; what: string; cents: Cents };

export type Balance = { owedCents: Cents; wonCents: Cents; paidCents: Cents; balanceCents: Cents };

/**
 * A golfer's balance (docs/product/money.md#balances): entries owed, less winnings, less payments. Winnings settle
 * against entries first: they are never paid out while entries are owed. Positive: the golfer owes the league;
 * negative: the league owes the golfer (their winnings beyond their entries), which settles their next entries.
 */
export function balanceOf(parts: { owed: Iterable<Cents>; won: Iterable<Cents>; paid: Iterable<Cents> }): Balance {
  const owedCents = sumCents(parts.owed);
  const wonCents = sumCents(parts.won);
  const paidCents = sumCents(parts.paid);
  return { owedCents, wonCents, paidCents, balanceCents: cents(owedCents - wonCents - paidCents) };
}

/** A balance as /me and the recap say it: 'You owe $12.00.', 'The league owes you $3.00.', 'Your balance is settled.' */
export function balanceSentence(balanceCents: number): string {
  if (balanceCents > 0) return `You owe ${formatDollarsAndCents(balanceCents)}.`;
  if (balanceCents < 0) return `The league owes you ${formatDollarsAndCents(-balanceCents)}.`;
  return 'Your balance is settled.';
}
