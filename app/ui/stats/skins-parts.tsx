import { formatCount } from '~/domain/format';
import { ColumnHeaders } from '~/ui/data-table';
import type { HoleStats } from '~/domain/skins';

/*
 * Skins on a night's results and hole stats on a golfer's page (docs/decisions/124-live-results-and-skins.md). Each takes what the stats models give
 * (app/models/skins.server.ts) and draws nothing at all when it is null: a night without hole scores has no skins
 * section, not an empty one.
 */

type SkinsView = { won: { golferId: number; name: string; skins: number; holes: number[] }[]; unclaimed: number[] };
type FlightSkins = { flight: string; gross: SkinsView; net: SkinsView };

const holeList = (holes: number[]) => holes.join(', ');

function SkinsList({ title, view }: { title: string; view: SkinsView }) {
  return (
    <div className="space-y-1">
      <h4 className="text-sm font-semibold text-slate-900">{title}</h4>
      {view.won.length === 0 ? (
        <p className="text-sm text-slate-700">No hole was won outright.</p>
      ) : (
        <ul className="space-y-0.5 text-sm text-slate-800">
          {view.won.map((w) => (
            <li key={w.golferId}>
              {w.name}: {formatCount(w.skins)} {w.skins === 1 ? 'skin' : 'skins'} (hole {holeList(w.holes)})
            </li>
          ))}
        </ul>
      )}
      {view.unclaimed.length > 0 ? (
        <p className="text-sm text-slate-600">
          Unclaimed at the end of the round: {view.unclaimed.length === 1 ? 'hole' : 'holes'} {holeList(view.unclaimed)}
          .
        </p>
      ) : null}
    </div>
  );
}

/** The night's skins per flight, gross and net; nothing when the night has none to show. */
export function NightSkins({ skins }: { skins: FlightSkins[] | null }) {
  if (!skins) return null;
  return (
    <section aria-labelledby="skins-heading" className="space-y-3">
      <h2 id="skins-heading" className="text-xl font-semibold text-emerald-800">
        Skins
      </h2>
      {skins.map((f) => (
        <div key={f.flight} className="space-y-2 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
          <h3 className="font-semibold text-slate-900">
            {f.flight === 'none' ? 'Not in a flight' : `Flight ${f.flight}`}
          </h3>
          <div className="grid gap-3 sm:grid-cols-2">
            <SkinsList title="Gross skins" view={f.gross} />
            <SkinsList title="Net skins" view={f.net} />
          </div>
        </div>
      ))}
    </section>
  );
}

const signed = (value: number) => (value > 0 ? `+${value}` : value === 0 ? 'E' : `−${Math.abs(value)}`);

/** A golfer's score counts and hole averages against par; nothing without hole scores. */
export function HoleStatsSection({ stats }: { stats: HoleStats | null }) {
  if (!stats) return null;
  const { counts } = stats;
  return (
    <section aria-labelledby="holes-heading" className="space-y-3">
      <h2 id="holes-heading" className="text-xl font-semibold text-emerald-800">
        Hole by hole
      </h2>
      <dl className="grid grid-cols-3 gap-3 sm:grid-cols-5">
        {(
          [
            ['Eagles or better', counts.eaglesOrBetter],
            ['Birdies', counts.birdies],
            ['Pars', counts.pars],
            ['Bogeys', counts.bogeys],
            ['Double or worse', counts.doubleOrWorse],
          ] as const
        ).map(([label, value]) => (
          <div key={label} className="rounded-lg border border-slate-200 bg-white p-3 shadow-sm">
            <dt className="text-xs text-slate-600">{label}</dt>
            <dd className="font-semibold text-slate-900">{formatCount(value)}</dd>
          </div>
        ))}
      </dl>
      <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm">
        <table className="w-full text-left text-sm tabular-nums">
          <caption className="sr-only">Average score on each hole against par</caption>
          <thead className="bg-slate-50">
            <tr>
              <ColumnHeaders labels={['Hole', 'Played', 'Average', 'To par']} className="px-3 py-2" />
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {stats.holes.map((h) => (
              <tr key={h.number}>
                <td className="px-3 py-1.5">{h.number}</td>
                <td className="px-3 py-1.5">{formatCount(h.played)}</td>
                <td className="px-3 py-1.5">{h.average.toFixed(1)}</td>
                <td className="px-3 py-1.5">{signed(h.toPar)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
