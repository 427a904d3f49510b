import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import {
  dayAndDate,
  longDate,
  NightBadge,
  StatsError,
  StatsTable,
  TablePager,
  StandingsLink,
  statsLink,
} from '~/ui/stats/stats-parts';
import { formatPoints, ABSENT } from '~/domain/format';
import { liveResultsPage } from '~/models/live-results.server';
import { nightSkins } from '~/models/skins.server';
import { NightSkins } from '~/ui/stats/skins-parts';
import { nightDateParam, statsPage } from '~/web/stats-access.server';
import { titled } from '~/ui/meta';
import { useLiveResults } from '~/ui/stats/use-live-results';

export const meta: MetaFunction<typeof loader> = ({ matches, data }) => [
  ...titled(
    matches,
    data ? `Results for ${longDate(data.date)}${data.flight ? `, ${flightTitle(data.flight)}` : ''}` : 'Results',
  ),
  {
    name: 'description',
    content: "A league night's results by flight: gross, handicap, net, places, points and skins.",
  },
];

/**
 * /stats/results/{yyyy-MM-dd}[?flight=N|none[&page=N]]: one league night's results, the first page of each flight;
 * `?flight=` shows one flight's pages (docs/product/stats.md#public-stats-pages). With JavaScript the tables follow
 * the night live (/stats/results/{date}/live, app/web/live-results.server.ts); without it a reload shows the same.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return statsPage(request, 'There is no league night at that address', async () => {
    const date = nightDateParam(params.date);
    const [page, skins] = await Promise.all([liveResultsPage(date, new URL(request.url)), nightSkins(date)]);
    return { ...page, skins };
  });
}

const flightTitle = (key: string) => (key === 'none' ? 'Not in a flight' : `Flight ${key}`);

export default function NightResultsPage() {
  const results = useLoaderData<typeof loader>();
  const { date, season, event, flight: only } = results;
  const { flights, status, inPlay, live } = useLiveResults(results);
  const nightUrl = `/stats/results/${date}`;
  return (
    <div className="space-y-8">
      <header className="space-y-2">
        <StandingsLink season={season} />
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">Results for {dayAndDate(date)}</h1>
        <p className="flex flex-wrap items-center gap-2 text-slate-700">
          {event ? <span>{event}</span> : null}
          <NightBadge status={status} />
          {live ? (
            <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-800">Live</span>
          ) : null}
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
        {only ? (
          <Link to={nightUrl} className={`${statsLink} inline-block text-sm`}>
            ← Every flight of this night
          </Link>
        ) : null}
      </header>

      {flights.length === 0 ? (
        <p className="rounded-lg border border-slate-200 bg-white p-6 text-slate-700 shadow-sm">
          No results have been recorded for this night yet.
        </p>
      ) : (
        flights.map((flight) => {
          const { key, rows } = flight;
          const title = flightTitle(key);
          const id = `results-${key}`;
          return (
            <section key={id} aria-labelledby={id} className="space-y-2">
              <h2 id={id} className="text-xl font-semibold text-emerald-800">
                {title}
              </h2>
              <StatsTable
                caption={`${title} results`}
                columns={
                  inPlay
                    ? ['place', 'golfer', 'gross', 'hcp', 'net', 'points', 'thru']
                    : ['place', 'golfer', 'gross', 'hcp', 'net', 'points']
                }
              >
                {rows.map((row) => (
                  <tr key={row.id}>
                    <td>{row.place ?? ABSENT}</td>
                    <td>
                      <Link to={`/stats/golfers/${row.id}?season=${season}`}>{row.name}</Link>
                      {row.sub ? (
                        <span className="ml-2 rounded bg-slate-100 px-1.5 py-0.5 text-xs font-semibold text-slate-700">
                          Sub
                        </span>
                      ) : null}
                    </td>
                    <td>{row.gross}</td>
                    <td>{row.hcp ?? ABSENT}</td>
                    <td>{row.net ?? ABSENT}</td>
                    <td>{row.points === null ? ABSENT : formatPoints(row.points)}</td>
                    {inPlay ? <td>{row.thru ?? ABSENT}</td> : null}
                  </tr>
                ))}
              </StatsTable>
              <TablePager label={title} base={`${nightUrl}?flight=${key}`} table={flight} />
            </section>
          );
        })
      )}
      <NightSkins skins={results.skins} />
    </div>
  );
}

export function ErrorBoundary() {
  return <StatsError />;
}
