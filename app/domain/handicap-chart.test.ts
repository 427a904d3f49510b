import { describe, expect, it } from 'vitest';
import { handicapChart, handicapScale, type ChartLayout } from './handicap-chart';

// A plot area 100 wide (10 to 110) and 100 high (10 to 110), so positions read as percentages.
const LAYOUT: ChartLayout = { width: 120, height: 120, left: 10, right: 10, top: 10, bottom: 10 };

describe('handicapScale', () => {
  it('spans the values on whole steps, at most five intervals', () => {
    expect(handicapScale([4, 7, 6])).toEqual({ min: 4, max: 7, step: 1 });
    expect(handicapScale([3, 14])).toEqual({ min: 0, max: 15, step: 5 });
    expect(handicapScale([0, 9])).toEqual({ min: 0, max: 10, step: 2 });
    expect(handicapScale([1, 36])).toEqual({ min: 0, max: 40, step: 10 });
  });

  it('widens a flat history so the line sits in the middle', () => {
    expect(handicapScale([6, 6, 6])).toEqual({ min: 5, max: 7, step: 1 });
  });

  it('handles handicaps below zero', () => {
    expect(handicapScale([-3, 2])).toEqual({ min: -3, max: 2, step: 1 });
    expect(handicapScale([-7, 4])).toEqual({ min: -10, max: 5, step: 5 });
  });

  it('has an axis without values', () => {
    expect(handicapScale([])).toEqual({ min: 0, max: 1, step: 1 });
  });
});

describe('handicapChart', () => {
  it('places the first and last rounds at the edges, evenly spaced, higher handicaps higher up', () => {
    const chart = handicapChart(
      [
        { date: '2025-06-02', handicap: 4 },
        { date: '2025-06-09', handicap: 6 },
        { date: '2025-06-16', handicap: 5 },
        { date: '2025-06-23', handicap: 7 },
      ],
      LAYOUT,
    );
    // Scale 4..7: 4 at the bottom (110), 7 at the top (10).
    expect(chart.points.map((p) => [p.x, p.y])).toEqual([
      [10, 110],
      [43.3, 43.3],
      [76.7, 76.7],
      [110, 10],
    ]);
    expect(chart.path).toBe('M10 110 L43.3 43.3 L76.7 76.7 L110 10');
    expect(chart.yTicks.map((t) => t.value)).toEqual([4, 5, 6, 7]);
    expect(chart.yTicks[0].y).toBe(110);
    expect(chart.yTicks.at(-1)!.y).toBe(10);
  });

  it('centres a single round and draws no line', () => {
    const chart = handicapChart([{ date: '2025-06-02', handicap: 8 }], LAYOUT);
    expect(chart.points).toEqual([{ date: '2025-06-02', handicap: 8, x: 60, y: 60 }]);
    expect(chart.path).toBe('');
    expect(chart.xLabels).toEqual([{ label: '2025', x: 60 }]);
  });

  it('labels the first round of each season with its year', () => {
    const chart = handicapChart(
      [
        { date: '2024-08-26', handicap: 9 },
        { date: '2025-05-19', handicap: 8 },
        { date: '2025-06-02', handicap: 8 },
      ],
      LAYOUT,
    );
    expect(chart.xLabels).toEqual([
      { label: '2024', x: 10 },
      { label: '2025', x: 60 },
    ]);
  });

  it('is empty without history', () => {
    const chart = handicapChart([], LAYOUT);
    expect(chart.points).toEqual([]);
    expect(chart.path).toBe('');
    expect(chart.xLabels).toEqual([]);
  });
});
