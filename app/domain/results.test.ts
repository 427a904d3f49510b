import { describe, expect, it } from 'vitest';
import { awardPoints } from './points';
import { placesOf, tieGroups } from './results';

function nets(...values: number[]) {
  return values.map((value, index) => ({ key: index + 1, value }));
}

function labels(...values: number[]): string[] {
  const places = placesOf(nets(...values));
  return values.map((_, index) => places.get(index + 1)!.label);
}

describe('placesOf', () => {
  it('puts the lowest net first and numbers the rest in order', () => {
    expect(labels(35, 31, 33, 40)).toEqual(['3', '1', '2', '4']);
  });

  it("labels golfers tied on net with a shared 'T' place and skips the places the tie took", () => {
    expect(labels(30, 31, 31, 33)).toEqual(['1', 'T2', 'T2', '4']);
    expect(labels(30, 31, 31, 31, 33)).toEqual(['1', 'T2', 'T2', 'T2', '5']);
  });

  it('ties for first and last', () => {
    expect(labels(30, 30, 32)).toEqual(['T1', 'T1', '3']);
    expect(labels(30, 32, 32)).toEqual(['1', 'T2', 'T2']);
    const places = placesOf(nets(30, 32, 32));
    expect(places.get(2)).toEqual({ place: 2, tied: true, label: 'T2' });
    expect(places.get(1)).toEqual({ place: 1, tied: false, label: '1' });
  });

  it('handles one golfer, nobody, and negative nets', () => {
    expect(labels(28)).toEqual(['1']);
    expect(placesOf([]).size).toBe(0);
    expect(labels(-2, 0, -2)).toEqual(['T1', '3', 'T1']);
  });
});

describe('tieGroups', () => {
  it('groups equal values with the place of their first member', () => {
    expect(tieGroups(nets(31, 30, 31, 35))).toEqual([
      { place: 1, keys: [2] },
      { place: 2, keys: [1, 3] },
      { place: 4, keys: [4] },
    ]);
  });

  it('gives places that agree with the points split', () => {
    const entries = nets(30, 31, 31, 33);
    const points = awardPoints(entries.map(({ key, value }) => ({ key, netScore: value })));
    const places = placesOf(entries);
    // The tied golfers share places 2 and 3: (23 + 22) / 2; the golfer after them is 4th and gets 21.
    expect([places.get(2)!.label, points.get(2)]).toEqual(['T2', 22.5]);
    expect([places.get(4)!.label, points.get(4)]).toEqual(['4', 21]);
  });
});
