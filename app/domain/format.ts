/**
 * The one place numbers, points and money are written for people (SPEC-3 §E,
 * docs/decisions/113-one-id-parser-one-formatter.md): pages, emails, toasts and messages, on the server and in the
 * browser alike. Pure, US English, as the league writes.
 */

/**
 * The one mark for a value that is not there (no handicap yet, no email, a night not played, a card before its first
 * hole), on every page: an em dash (docs/decisions/142-one-dash-for-an-absent-value.md). The JSON API says null.
 */
export const ABSENT = '—';

/** A value as a page writes it, or ABSENT when there is none (null, undefined or an empty text). */
export function orAbsent(value: string | number | null | undefined): string {
  return value === null || value === undefined || value === '' ? ABSENT : String(value);
}

/** A count as prose and pagers write it: "1,250". */
export function formatCount(n: number): string {
  return n.toLocaleString('en-US');
}

/**
 * A measured value at most two decimals long, without trailing zeros: 5.33, 4.2, 6 (docs/product/stats.md: the
 * handicap breakdown). A half hundredth rounds up; a value that rounds to zero is '0', never '-0'.
 */
export function formatDecimal(value: number): string {
  const rounded = Math.round(value * 100) / 100;
  return String(rounded === 0 ? 0 : rounded);
}

/**
 * Points as the league writes them (docs/product/points-and-standings.md, decision 021): whole numbers plain, a shared
 * place's half point as '23.5', typed decimals with two at most. Absent points are written ABSENT, as every absent value.
 */
export function formatPoints(points: number): string {
  return formatDecimal(points);
}

// Made on first use: a browser's first `Intl` formatter loads its locale data, 25 to 100 ms of a phone's main thread,
// which a page that imports this module for its points alone should not pay while it hydrates (decision 130).
let usdFormat: Intl.NumberFormat | undefined;
const usd = () => (usdFormat ??= new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }));

/** Cents as the tables write a fee: "$1,500.00", "-$12.50"; a fraction of a cent rounds to the nearest cent. */
export function formatDollarsAndCents(cents: number): string {
  return usd().format(Math.round(cents) / 100);
}

/** Cents as prose writes them: "$150" for whole dollars, "$150.50" otherwise. */
export function formatDollars(cents: number): string {
  const whole = Math.round(cents);
  const text = usd().format(whole / 100);
  return whole % 100 === 0 ? text.replace(/\.00$/, '') : text;
}

/** Cents as a dollar field holds them, for the form's parser to read back: "150.00", "-12.50". */
export function dollarFieldText(cents: number): string {
  return (Math.round(cents) / 100).toFixed(2);
}
