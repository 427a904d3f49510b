import { longDate } from '~/ui/stats/stats-parts';
import { handicapChart, type ChartPoint } from '~/domain/handicap-chart';
import { formatScheduleDate } from '~/domain/schedule';

/**
 * A golfer's handicap after each counting round, drawn on the server as SVG (docs/product/stats.md): it shows without
 * JavaScript and its size is fixed by its viewBox, so nothing moves when the page loads. Screen readers get the same
 * points as a table; the drawing itself is hidden from them.
 */
export function HandicapChart({ history }: { history: readonly ChartPoint[] }) {
  if (history.length === 0) {
    return <p className="text-sm text-slate-600">No counting rounds yet, so there is no history to draw.</p>;
  }
  const chart = handicapChart(history);
  const first = history[0];
  const last = history[history.length - 1];
  return (
    <figure className="space-y-2">
      <svg
        viewBox={`0 0 ${chart.width} ${chart.height}`}
        width={chart.width}
        height={chart.height}
        className="h-auto w-full max-w-xl"
        aria-hidden="true"
        focusable="false"
      >
        {chart.yTicks.map((tick) => (
          <g key={tick.value}>
            <line x1={chart.plot.left} x2={chart.plot.right} y1={tick.y} y2={tick.y} stroke="#e2e8f0" strokeWidth={1} />
            <text x={chart.plot.left - 6} y={tick.y + 4} textAnchor="end" fontSize={12} fill="#475569">
              {tick.value}
            </text>
          </g>
        ))}
        {chart.xLabels.map((label) => (
          <text key={label.label} x={label.x} y={chart.height - 8} textAnchor="middle" fontSize={12} fill="#475569">
            {label.label}
          </text>
        ))}
        {chart.path ? <path d={chart.path} fill="none" stroke="#047857" strokeWidth={2} /> : null}
        {chart.points.map((point) => (
          <circle key={`${point.date}-${point.x}`} cx={point.x} cy={point.y} r={3} fill="#047857">
            <title>{`${formatScheduleDate(point.date, 'MMM d, yyyy')}: ${point.handicap}`}</title>
          </circle>
        ))}
      </svg>
      <table className="sr-only">
        <caption>Handicap after each counting round</caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Handicap</th>
          </tr>
        </thead>
        <tbody>
          {history.map((point, index) => (
            <tr key={`${point.date}-${index}`}>
              <td>{longDate(point.date)}</td>
              <td>{point.handicap}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {/* Last, after the table: HTML allows a figure's caption only as its first or last child. */}
      <figcaption className="text-sm text-slate-600">
        Handicap after each counting round: {first.handicap} after {formatScheduleDate(first.date, 'MMM d, yyyy')},{' '}
        {last.handicap} after {formatScheduleDate(last.date, 'MMM d, yyyy')} ({history.length}{' '}
        {history.length === 1 ? 'round' : 'rounds'}).
      </figcaption>
    </figure>
  );
}
