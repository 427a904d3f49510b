/**
 * The league's one money type (docs/decisions/180-money-in-whole-cents.md): an amount is a whole number of cents,
 * never a fraction, never a float's dollars. `Cents` is a plain number at run time (JSON and the database keep it as
 * an integer), branded so that TypeScript refuses a number that did not pass through `cents()` where money is meant.
 * Splitting a pot is `allocate`, whose odd cents follow the rule of docs/product/money.md#odd-cents. Writing an
 * amount for people is app/domain/format.ts's (`formatDollarsAndCents`, `dollarFieldText`).
 */

export type Cents = number & { readonly __unit: 'cents' };

/** The largest amount the league ever handles in one sum: ten million dollars, far below 2^53 cents. */
const MAX_CENTS = 1_000_000_000;

/** A whole number of cents; a fraction, NaN or an absurd amount is a defect (RangeError), never rounded away. */
export function cents(value: number): Cents {
  if (!Number.isSafeInteger(value) || Math.abs(value) > MAX_CENTS)
    throw new RangeError(`Not a whole number of cents: ${value}`);
  return value as Cents;
}

export const ZERO_CENTS = cents(0);

/** The sum of amounts. */
export function sumCents(values: Iterable<Cents>): Cents {
  let total = 0;
  for (const value of values) total += value;
  return cents(total);
}

/** `-amount`: what settles an amount owed. */
export function negateCents(amount: Cents): Cents {
  return cents(0 - amount);
}

/**
 * Dollars as a person types them ('5', '5.5', '5.50', '$1,250.00', ' 12 ') → cents, read digit by digit (no float is
 * ever multiplied by 100); null for anything else: a sign, more than two decimals, letters, an empty text.
 */
export function parseDollars(text: string): Cents | null {
  const plain = text.trim().replace(/^\$/, '').trim();
  const match = /^(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/.exec(plain);
  if (!match) return null;
  const whole = Number(match[1].replace(/,/g, ''));
  const fraction = Number((match[2] ?? '').padEnd(2, '0'));
  const total = whole * 100 + fraction;
  return Number.isSafeInteger(total) && total <= MAX_CENTS ? cents(total) : null;
}

/** One share of a pot: who gets it (`key`) and its weight (a skin count; 1 for an equal split). */
export type Share<K> = { key: K; weight: number };

/**
 * Splits `total` into the shares by their weights, to the cent, every cent given out
 * (docs/product/money.md#odd-cents): each share first gets its exact part rounded down to a whole cent; the cents left
 * over (fewer than the number of shares) go one each to the shares whose exact part lost the largest fraction of a
 * cent, and between equal fractions to the share listed first. The caller lists the shares in the league's order:
 * the order is part of the rule. Weights are positive whole numbers.
 */
export function allocate<K>(total: Cents, shares: readonly Share<K>[]): { key: K; cents: Cents }[] {
  if (total < 0) throw new RangeError('A pot cannot be negative');
  if (shares.length === 0) throw new RangeError('A pot needs at least one share');
  if (shares.some((s) => !Number.isSafeInteger(s.weight) || s.weight <= 0))
    throw new RangeError('Share weights must be positive whole numbers');
  const weights = shares.reduce((sum, s) => sum + s.weight, 0);
  // Integer arithmetic throughout: total × weight stays far below 2^53 for any league amount and skin count.
  const parts = shares.map((share, index) => ({
    index,
    base: Math.floor((total * share.weight) / weights),
    lost: (total * share.weight) % weights,
  }));
  let left = total - parts.reduce((sum, p) => sum + p.base, 0);
  const byLoss = [...parts].sort((a, b) => b.lost - a.lost || a.index - b.index);
  for (const part of byLoss) {
    if (left === 0) break;
    part.base += 1;
    left -= 1;
  }
  return shares.map((share, i) => ({ key: share.key, cents: cents(parts[i].base) }));
}
