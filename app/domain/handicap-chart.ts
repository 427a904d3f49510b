/**
 * The geometry of a golfer's handicap history chart (docs/product/stats.md#public-stats-pages), drawn on the server
 * as SVG: no chart library, nothing to run in the browser. Rounds are spaced evenly (a league night a week; the
 * winter between seasons would otherwise fill most of the width), handicaps on a scale of round steps.
 */

export type ChartPoint = { date: string; handicap: number };

export type ChartLayout = { width: number; height: number; left: number; right: number; top: number; bottom: number };

/** A viewBox that reads on a phone (it scales to the width of the page) and on a desktop. */
const CHART_LAYOUT: ChartLayout = { width: 400, height: 180, left: 32, right: 12, top: 12, bottom: 28 };

export interface HandicapChart {
  width: number;
  height: number;
  /** The plot area, inside the axes. */
  plot: { left: number; right: number; top: number; bottom: number };
  points: (ChartPoint & { x: number; y: number })[];
  /** SVG path data of the line through the points ('' with fewer than two). */
  path: string;
  /** Gridlines of the handicap axis, lowest first. */
  yTicks: { value: number; y: number }[];
  /** The season (year) under the first round of each season. */
  xLabels: { label: string; x: number }[];
}

const MAX_Y_INTERVALS = 5;
const STEPS = [1, 2, 5, 10, 20, 50];

/** The smallest step of 1, 2, 5, 10… that cuts the span into at most five intervals. */
function stepFor(span: number): number {
  return STEPS.find((step) => span / step <= MAX_Y_INTERVALS) ?? Math.ceil(span / MAX_Y_INTERVALS);
}

/** The handicap axis: from a step below the lowest value to a step above the highest, on whole steps. */
export function handicapScale(values: readonly number[]): { min: number; max: number; step: number } {
  if (values.length === 0) return { min: 0, max: 1, step: 1 };
  let low = Math.floor(Math.min(...values));
  let high = Math.ceil(Math.max(...values));
  if (low === high) {
    low -= 1;
    high += 1;
  }
  const step = stepFor(high - low);
  return { min: Math.floor(low / step) * step, max: Math.ceil(high / step) * step, step };
}

const tenth = (value: number) => Math.round(value * 10) / 10;

export function handicapChart(history: readonly ChartPoint[], layout: ChartLayout = CHART_LAYOUT): HandicapChart {
  const plot = {
    left: layout.left,
    right: layout.width - layout.right,
    top: layout.top,
    bottom: layout.height - layout.bottom,
  };
  const scale = handicapScale(history.map((p) => p.handicap));
  const y = (value: number) =>
    tenth(plot.bottom - ((value - scale.min) / (scale.max - scale.min)) * (plot.bottom - plot.top));
  const x = (index: number) =>
    tenth(
      history.length === 1
        ? (plot.left + plot.right) / 2
        : plot.left + (index / (history.length - 1)) * (plot.right - plot.left),
    );
  const points = history.map((p, index) => ({ ...p, x: x(index), y: y(p.handicap) }));
  const yTicks: { value: number; y: number }[] = [];
  for (let value = scale.min; value <= scale.max; value += scale.step) yTicks.push({ value, y: y(value) });
  const xLabels = points
    .filter((p, index) => index === 0 || p.date.slice(0, 4) !== points[index - 1].date.slice(0, 4))
    .map((p) => ({ label: p.date.slice(0, 4), x: p.x }));
  return {
    width: layout.width,
    height: layout.height,
    plot,
    points,
    path: points.length < 2 ? '' : points.map((p, index) => `${index === 0 ? 'M' : 'L'}${p.x} ${p.y}`).join(' '),
    yTicks,
    xLabels,
  };
}
