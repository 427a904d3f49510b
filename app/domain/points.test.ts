import { describe, expect, it } from 'vitest';
import { awardPoints } from './points';

function ranking(...netScores: number[]) {
  return netScores.map((netScore, index) => ({ key: index + 1, netScore }));
}

describe('awardPoints', () => {
  it('gives 24 to the lowest net and one less to each place below', () => {
    const points = awardPoints(ranking(35, 31, 33, 40));
    expect(points.get(2)).toBe(24);
    expect(points.get(3)).toBe(23);
    expect(points.get(1)).toBe(22);
    expect(points.get(4)).toBe(21);
  });

  it('splits first and second between two golfers tied for first', () => {
    const points = awardPoints([
      { key: 'ann', netScore: 30 },
      { key: 'bob', netScore: 30 },
      { key: 'cy', netScore: 32 },
    ]);
    expect(Object.fromEntries(points)).toEqual({ ann: 23.5, bob: 23.5, cy: 22 });
  });

  it('splits the places of a tie in the middle', () => {
    const points = awardPoints(ranking(30, 31, 31, 31, 33));
    expect([...points.entries()].sort((a, b) => a[0] - b[0])).toEqual([
      [1, 24],
      [2, 22], // places 2–4: (23 + 22 + 21) / 3
      [3, 22],
      [4, 22],
      [5, 20],
    ]);
  });

  it('splits a tie at the bottom', () => {
    const points = awardPoints(ranking(30, 31, 35, 35));
    expect(points.get(3)).toBe(21.5);
    expect(points.get(4)).toBe(21.5);
  });

  it('never goes below zero with more than 25 golfers', () => {
    const points = awardPoints(ranking(...Array.from({ length: 28 }, (_, index) => 30 + index)));
    expect(points.get(1)).toBe(24);
    expect(points.get(24)).toBe(1);
    expect(points.get(25)).toBe(0);
    expect(points.get(26)).toBe(0);
    expect(points.get(28)).toBe(0);
  });

  it('shares the last scoring place with golfers beyond it', () => {
    // 23 golfers take 24 down to 2; two tied for 24th–25th share 1 + 0; 26th gets 0.
    const nets = Array.from({ length: 23 }, (_, index) => 30 + index);
    const points = awardPoints(ranking(...nets, 60, 60, 70));
    expect(points.get(24)).toBe(0.5);
    expect(points.get(25)).toBe(0.5);
    expect(points.get(26)).toBe(0);
  });

  it('keeps the flight total the same with ties', () => {
    const points = awardPoints(ranking(30, 30, 30, 31, 32, 32));
    const total = [...points.values()].reduce((sum, value) => sum + value, 0);
    expect(total).toBeCloseTo(24 + 23 + 22 + 21 + 20 + 19);
  });

  it('awards nothing to nobody', () => {
    expect(awardPoints([]).size).toBe(0);
  });

  it('refuses a golfer ranked twice', () => {
    expect(() =>
      awardPoints([
        { key: 1, netScore: 30 },
        { key: 1, netScore: 31 },
      ]),
    ).toThrow(/twice/);
  });
});
