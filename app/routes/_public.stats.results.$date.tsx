import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { Cell, NightBadge, StatsError, StatsTable, statsLink } from '~/components/stats/stats-parts';
import { formatPoints } from '~/domain/results';
import { formatRoundDate } from '~/domain/season';
import { getNightResults } from '~/models/stats.server';
import { nightDateParam, statsPage } from '~/utils/stats-access.server';
import { titled } from '~/utils/meta';

export const meta: MetaFunction<typeof loader> = ({ matches, data }) =>
  titled(matches, data ? `Results for ${formatRoundDate(data.date, 'MMMM d, yyyy')}` : 'Results');

/** /stats/results/{yyyy-MM-dd}: one league night's results per flight (docs/product/stats.md#public-stats-pages). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return statsPage(request, 'There is no league night at that address', async () =>
    json(await getNightResults(nightDateParam(params.date))),
  );
}

const dash = '—';

export default function NightResultsPage() {
  const results = useLoaderData<typeof loader>();
  const { date, season, event, status, flights } = results;
  return (
    <div className="space-y-8">
      <header className="space-y-2">
        <Link to={`/stats?season=${season}`} className={`${statsLink} text-sm`}>
          ← {season} standings
        </Link>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">
          Results for {formatRoundDate(date, 'EEEE, MMMM d, yyyy')}
        </h1>
        <p className="flex flex-wrap items-center gap-2 text-slate-700">
          {event ? <span>{event}</span> : null}
          <NightBadge status={status} />
        </p>
        {status === 'counts' ? (
          <p className="text-sm text-slate-600">
            Places by net score within each flight; tied golfers share a place (T2) and split its points.
          </p>
        ) : (
          <p role="note" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
            {status === 'rain-out'
              ? 'This night was rained out: its rounds count for neither handicap nor standings, so there are no places or points.'
              : 'This night was a special event: its rounds count for neither handicap nor standings, so there are no places or points.'}
          </p>
        )}
      </header>

      {flights.length === 0 ? (
        <p className="rounded-lg border border-slate-200 bg-white p-6 text-slate-700 shadow-sm">
          No results have been recorded for this night yet.
        </p>
      ) : (
        flights.map((flight) => {
          const title = flight.flightNo === null ? 'Not in a flight' : `Flight ${flight.flightNo}`;
          const id = `results-${flight.flightNo ?? 'none'}`;
          return (
            <section key={id} aria-labelledby={id} className="space-y-2">
              <h2 id={id} className="text-xl font-semibold text-emerald-800">
                {title}
              </h2>
              <StatsTable caption={`${title} results`} headers={['Place', 'Golfer', 'Gross', 'HCP', 'Net', 'Points']}>
                {flight.rows.map((row) => (
                  <tr key={row.golferId}>
                    <Cell>{row.place ?? dash}</Cell>
                    <Cell className="[overflow-wrap:anywhere]">
                      <Link to={`/stats/golfers/${row.golferId}?season=${season}`} className={statsLink}>
                        {row.name}
                      </Link>
                    </Cell>
                    <Cell>{row.gross}</Cell>
                    <Cell>{row.hcp ?? dash}</Cell>
                    <Cell>{row.net ?? dash}</Cell>
                    <Cell>{row.points === null ? dash : formatPoints(row.points)}</Cell>
                  </tr>
                ))}
              </StatsTable>
            </section>
          );
        })
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <StatsError />;
}
