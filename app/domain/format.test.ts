import { describe, expect, it } from 'vitest';
import {
  ABSENT,
  dollarFieldText,
  formatCount,
  formatDecimal,
  formatDollars,
  formatDollarsAndCents,
  formatPoints,
  orAbsent,
} from './format';

describe('formatCount', () => {
  it('groups thousands', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(1250)).toBe('1,250');
    expect(formatCount(20_000)).toBe('20,000');
    expect(formatCount(9_007_199_254_740_991)).toBe('9,007,199,254,740,991');
    expect(formatCount(-1500)).toBe('-1,500');
    expect(formatCount(-0.0004)).toBe('0');
  });
});

describe('formatPoints', () => {
  it('shows whole points plain and a half point with one decimal', () => {
    expect(formatPoints(24)).toBe('24');
    expect(formatPoints(23.5)).toBe('23.5');
    expect(formatPoints(0)).toBe('0');
  });

  it('shows typed decimals with two at most, without trailing zeros', () => {
    expect(formatPoints(22.25)).toBe('22.25');
    expect(formatPoints(1 / 3)).toBe('0.33');
    expect(formatPoints(2 / 3)).toBe('0.67');
    expect(formatPoints(100)).toBe('100');
    expect(formatPoints(23.1)).toBe('23.1');
    // Sums of decimals stay two decimals long, not 0.30000000000000004.
    expect(formatPoints(0.1 + 0.2)).toBe('0.3');
    expect(formatPoints(Array.from({ length: 7 }, () => 23.5 / 3).reduce((a, b) => a + b))).toBe('54.83');
  });
});

describe('formatDecimal', () => {
  it('shows at most two decimals, rounding, without trailing zeros', () => {
    expect(formatDecimal(6)).toBe('6');
    expect(formatDecimal(4.2)).toBe('4.2');
    expect(formatDecimal(16 / 3)).toBe('5.33');
    expect(formatDecimal(4.266)).toBe('4.27');
    expect(formatDecimal(0.125)).toBe('0.13');
    expect(formatDecimal(-4.25)).toBe('-4.25');
    expect(formatDecimal(-1.333)).toBe('-1.33');
    expect(formatDecimal(123456.789)).toBe('123456.79');
  });

  it('never writes a negative zero', () => {
    expect(formatDecimal(-0)).toBe('0');
    expect(formatDecimal(-0.001)).toBe('0');
  });
});

describe('formatDollars', () => {
  it('drops the cents of whole dollars only', () => {
    expect(formatDollars(15000)).toBe('$150');
    expect(formatDollars(17550)).toBe('$175.50');
    expect(formatDollars(0)).toBe('$0');
    expect(formatDollars(5)).toBe('$0.05');
    expect(formatDollars(150_000_00)).toBe('$150,000');
  });

  it('writes a negative amount with its sign first', () => {
    expect(formatDollars(-15000)).toBe('-$150');
    expect(formatDollars(-1250)).toBe('-$12.50');
  });

  it('rounds a fraction of a cent to the nearest cent', () => {
    expect(formatDollars(15000.4)).toBe('$150');
    expect(formatDollars(1999.5)).toBe('$20');
    expect(formatDollars(1234.6)).toBe('$12.35');
  });
});

describe('formatDollarsAndCents', () => {
  it('always shows the cents, with thousands grouped', () => {
    expect(formatDollarsAndCents(17500)).toBe('$175.00');
    expect(formatDollarsAndCents(100)).toBe('$1.00');
    expect(formatDollarsAndCents(0)).toBe('$0.00');
    expect(formatDollarsAndCents(123456789)).toBe('$1,234,567.89');
    expect(formatDollarsAndCents(-1250)).toBe('-$12.50');
    expect(formatDollarsAndCents(99.5)).toBe('$1.00');
  });
});

describe('dollarFieldText', () => {
  it("gives a dollar field its value: two decimals, no sign or grouping the field's parser would refuse", () => {
    expect(dollarFieldText(15000)).toBe('150.00');
    expect(dollarFieldText(150_000_00)).toBe('150000.00');
    expect(dollarFieldText(5)).toBe('0.05');
    expect(dollarFieldText(0)).toBe('0.00');
    expect(dollarFieldText(-1250)).toBe('-12.50');
    expect(dollarFieldText(1999.5)).toBe('20.00');
  });
});

describe('orAbsent (docs/decisions/142-one-dash-for-an-absent-value.md)', () => {
  it('writes the one dash for a value that is not there, and the value otherwise', () => {
    expect(ABSENT).toBe('—');
    expect([orAbsent(null), orAbsent(undefined), orAbsent('')]).toEqual(['—', '—', '—']);
    expect([orAbsent(0), orAbsent(12), orAbsent('(231) 555-0100')]).toEqual(['0', '12', '(231) 555-0100']);
  });
});

describe('money and counts as Intl writes US English (decision 189)', () => {
  it('writes what Intl writes for US dollars, from cents to millions, either sign', () => {
    const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
    const samples = [1, 5, 99, 100, 101, 999, 1000, 12345, 99999, 100000, 1234567, 99999999, 123456789, 7500000000];
    for (const cents of samples.flatMap((c) => [c, -c])) {
      expect(formatDollarsAndCents(cents)).toBe(usd.format(cents / 100));
      expect(formatDollars(cents)).toBe(usd.format(cents / 100).replace(/\.00$/, ''));
    }
  });

  it('groups counts as Intl does, with at most three decimals', () => {
    for (const n of [1, 12, 123, 1234, 12345, 123456, 1234567, 10_000_000, 0.5, 1234.5678, 98765.4321])
      for (const signed of [n, -n]) expect(formatCount(signed)).toBe(signed.toLocaleString('en-US'));
  });
});
