import { describe, expect, it } from 'vitest';
import { allocate, cents, parseDollars, sumCents } from './money';

describe('cents', () => {
  it('takes whole numbers of cents and refuses fractions, NaN and absurd amounts', () => {
    expect(cents(1250)).toBe(1250);
    expect(cents(-75)).toBe(-75);
    expect(() => cents(12.5)).toThrow(RangeError);
    expect(() => cents(Number.NaN)).toThrow(RangeError);
    expect(() => cents(2e9)).toThrow(RangeError);
    expect(sumCents([cents(1), cents(2), cents(3)])).toBe(6);
  });
});

describe('parseDollars', () => {
  it.each([
    ['5', 500],
    ['5.5', 550],
    ['5.50', 550],
    ['0.07', 7],
    ['$1,250.00', 125_000],
    [' 12 ', 1200],
    ['0', 0],
    // 0.29 × 100 is 28.999999999999996 in floating point: read digit by digit, it is 29 cents.
    ['0.29', 29],
    ['1000.10', 100_010],
  ])('reads %j as %i cents', (text, expected) => {
    expect(parseDollars(text)).toBe(expected);
  });

  it.each(['', '-5', '5.555', 'five', '1,25', '5.', '.5', '$', '1e3'])('refuses %j', (text) => {
    expect(parseDollars(text)).toBeNull();
  });
});

describe('allocate: a pot split to the cent (docs/product/money.md#odd-cents)', () => {
  it('splits $10.00 three ways: 334, 333, 333, the odd cent to the share listed first', () => {
    const split = allocate(cents(1000), [
      { key: 'Adams', weight: 1 },
      { key: 'Baker', weight: 1 },
      { key: 'Clark', weight: 1 },
    ]);
    expect(split).toEqual([
      { key: 'Adams', cents: 334 },
      { key: 'Baker', cents: 333 },
      { key: 'Clark', cents: 333 },
    ]);
  });

  it('gives the odd cents to the largest lost fractions first, whatever the order', () => {
    // $20.00 by 5, 2, 1 and 1: exact parts 1111.11, 444.44, 222.22 and 222.22; 1999 given, the odd cent to the 2
    // (which lost .44 of a cent), not to the first share (which lost .11).
    expect(
      allocate(
        cents(2000),
        [5, 2, 1, 1].map((weight, key) => ({ key, weight })),
      ).map((s) => s.cents),
    ).toEqual([1111, 445, 222, 222]);
  });

  it('gives every cent out, and refuses an empty or a negative split', () => {
    const split = allocate(cents(1), [
      { key: 1, weight: 1 },
      { key: 2, weight: 1 },
    ]);
    expect(split.map((s) => s.cents)).toEqual([1, 0]);
    expect(() => allocate(cents(100), [])).toThrow(RangeError);
    expect(() => allocate(cents(-1), [{ key: 1, weight: 1 }])).toThrow(RangeError);
    expect(() => allocate(cents(100), [{ key: 1, weight: 0.5 }])).toThrow(RangeError);
  });
});
