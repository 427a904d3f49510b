import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { ChampionsSection, NightBadge, StatsError, StatsTable, TablePager, statsLink } from '~/ui/stats/stats-parts';
import { SeasonLinks } from '~/ui/stats/season-links';
import { formatScheduleDate } from '~/domain/schedule';
import { PLAYOFF_SPOTS, REQUIRED_COUNTING_ROUNDS, REQUIRED_QUALIFIER_ROUNDS } from '~/domain/standings';
import { formatPoints } from '~/domain/format';
import { standingsPage } from '~/features/stats/stats-pages.server';
import { statsPage, statsSeasonParam, statsTableParam } from '~/web/stats-access.server';
import { titled } from '~/ui/meta';

export const meta: MetaFunction<typeof loader> = ({ matches, data }) => [
  ...titled(matches, data ? `Standings ${data.season}${data.flight ? `, Flight ${data.flight}` : ''}` : 'Standings'),
  { name: 'description', content: 'League standings by flight, playoff qualification and weekly results.' },
];

/**
 * /stats[?season=YYYY][&flight=N[&page=N]]: the league season's standings by default (between seasons the one just
 * finished, its champions first), the first page of each flight; `?flight=` shows one flight's pages
 * (docs/product/stats.md#public-stats-pages, docs/product/playoffs.md#between-seasons).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  return statsPage(
    request,
    'There are no stats for that season',
    async () => await standingsPage(statsSeasonParam(request), statsTableParam(request)),
  );
}

export default function StatsPage() {
  const { season, seasons, flight: only, flights, nights, champions } = useLoaderData<typeof loader>();
  const empty = flights.length === 0;
  const earlier = seasons.find((year) => year < season);
  const seasonUrl = `/stats?season=${season}`;
  return (
    <div className="space-y-8">
      <header className="space-y-2">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">Standings</h1>
        <p className="text-slate-700">
          {season} season. Points of counting rounds by flight; playoff qualification takes {REQUIRED_COUNTING_ROUNDS}{' '}
          regular rounds and {REQUIRED_QUALIFIER_ROUNDS} of the playoff-qualifier weeks, and the top {PLAYOFF_SPOTS}{' '}
          qualified golfers of each flight reach the playoffs.
        </p>
        <Link to={`/stats/playoffs?season=${season}`} className={`${statsLink} inline-block text-sm`}>
          The race to the playoffs →
        </Link>
      </header>
      <SeasonLinks seasons={seasons} season={season} to="/stats" />
      {champions.flights.length > 0 && !only ? (
        <ChampionsSection season={season} league={champions.league} flights={champions.flights} />
      ) : null}
      {only ? (
        <Link to={seasonUrl} className={`${statsLink} inline-block text-sm`}>
          ← Every flight
        </Link>
      ) : null}

      {empty ? (
        <p className="rounded-lg border border-slate-200 bg-white p-6 text-slate-700 shadow-sm">
          No standings for the {season} season yet.
          {earlier ? (
            <>
              {' '}
              <Link to={`/stats?season=${earlier}`} className={statsLink}>
                See the {earlier} standings
              </Link>
              .
            </>
          ) : null}
        </p>
      ) : (
        flights.map((flight) => {
          const { flightNo, rows, first, total } = flight;
          return (
            <section key={flightNo} aria-labelledby={`flight-${flightNo}`} className="space-y-2">
              <h2 id={`flight-${flightNo}`} className="text-xl font-semibold text-emerald-800">
                Flight {flightNo}
              </h2>
              <StatsTable
                caption={`Flight ${flightNo} standings, ${season}`}
                columns={['rank', 'golfer', 'points', 'rounds', 'qualifierWeeks', 'qualified']}
              >
                {rows.map((row, index) => {
                  const rank = first + index + 1;
                  return (
                    <tr
                      key={row.id}
                      data-playoff-line={rank === PLAYOFF_SPOTS && total > PLAYOFF_SPOTS ? 'true' : undefined}
                    >
                      <td>{rank}</td>
                      <td>
                        <Link to={`/stats/golfers/${row.id}?season=${season}`}>{row.name}</Link>
                      </td>
                      <td>{formatPoints(row.points)}</td>
                      <td>{row.rounds}</td>
                      <td>{row.weeks}</td>
                      <td>{'qualified' in row ? 'Yes' : 'No'}</td>
                    </tr>
                  );
                })}
              </StatsTable>
              {first === 0 && total > PLAYOFF_SPOTS ? (
                <p className="text-xs text-slate-600">The line under rank {PLAYOFF_SPOTS} is the playoff line.</p>
              ) : null}
              <TablePager label={`Flight ${flightNo}`} base={`${seasonUrl}&flight=${flightNo}`} table={flight} />
            </section>
          );
        })
      )}

      <section aria-labelledby="nights-heading" className="space-y-3">
        <h2 id="nights-heading" className="text-xl font-semibold text-emerald-800">
          League nights
        </h2>
        {nights.length === 0 ? (
          <p className="text-slate-700">No results have been recorded for the {season} season yet.</p>
        ) : (
          <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white shadow-sm">
            {nights.map((night) => (
              <li key={night.date} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2 text-sm">
                <Link to={`/stats/results/${night.date}`} className={statsLink}>
                  {formatScheduleDate(night.date, 'EEEE, MMMM d')}
                </Link>
                {night.event ? <span className="text-slate-700">{night.event}</span> : null}
                <NightBadge status={night.status} />
                <span className="text-slate-500">{`${night.rounds} ${night.rounds === 1 ? 'round' : 'rounds'}`}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  return <StatsError />;
}
