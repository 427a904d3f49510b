import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { DataTable, Td } from '~/components/data-table';
import { EmptyState, PageHeader } from '~/components/page-header';
import { RouteError } from '~/components/route-error';
import { SeasonPicker } from '~/components/season-picker';
import { seasonChoices } from '~/domain/season';
import { REQUIRED_COUNTING_ROUNDS, REQUIRED_QUALIFIER_ROUNDS, PLAYOFF_SPOTS } from '~/domain/standings';
import { getStandings } from '~/models/standings.server';
import { requireUser } from '~/utils/auth.server';
import { pageHandler, seasonParam } from '~/utils/http.server';
import { titled } from '~/utils/meta';

export const meta: MetaFunction = ({ matches }) => titled(matches, 'Standings');

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return pageHandler(async () => {
    const season = seasonParam(request);
    return json({ season, seasons: seasonChoices(), flights: await getStandings(season) });
  });
}

function points(value: number): string {
  return Number.isInteger(value) ? String(value) : value.toFixed(1);
}

export default function StandingsPage() {
  const { season, seasons, flights } = useLoaderData<typeof loader>();
  const empty = flights.every((f) => f.rows.length === 0);
  return (
    <div className="space-y-6">
      <PageHeader title="Standings">
        <SeasonPicker seasons={seasons} season={season} />
        <Link to={`/flights?season=${season}`} className="text-sm text-emerald-700 underline">
          Flights
        </Link>
      </PageHeader>
      <p className="text-sm text-slate-600">
        Points of counting rounds by flight. Playoff qualification takes {REQUIRED_COUNTING_ROUNDS} regular rounds and{' '}
        {REQUIRED_QUALIFIER_ROUNDS} of the 4 playoff-qualifier weeks; the top {PLAYOFF_SPOTS} qualified golfers of each
        flight reach the playoffs.
      </p>
      {empty ? (
        <EmptyState>No flight assignments found for this season. Assign golfers to flights to get started.</EmptyState>
      ) : (
        flights.map((flight) => (
          <section key={flight.flightNo} aria-labelledby={`standings-${flight.flightNo}`} className="space-y-2">
            <h2 id={`standings-${flight.flightNo}`} className="text-lg font-semibold">
              Flight {flight.flightNo}
            </h2>
            {flight.rows.length === 0 ? (
              <p className="text-sm text-slate-500">No golfers in Flight {flight.flightNo}</p>
            ) : (
              <DataTable headers={['Rank', 'Golfer', 'Points', 'Rounds', 'Qualifier Weeks', 'Qualified', 'Playoffs']}>
                {flight.rows.map((row) => (
                  <tr key={row.golferId}>
                    <Td>{row.rank}</Td>
                    <Td>{row.golferName}</Td>
                    <Td>{points(row.totalPoints)}</Td>
                    <Td>{row.countingRounds}</Td>
                    <Td>{row.qualifierRoundsPlayed}</Td>
                    <Td>
                      <span aria-label={row.qualified ? 'Qualified' : 'Not qualified'}>
                        {row.qualified ? '✓' : '✗'}
                      </span>
                    </Td>
                    <Td>
                      {row.inPlayoffs ? (
                        <span className="rounded bg-emerald-100 px-2 py-0.5 text-emerald-800">Playoffs</span>
                      ) : (
                        '-'
                      )}
                    </Td>
                  </tr>
                ))}
              </DataTable>
            )}
          </section>
        ))
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <RouteError what="standings" />;
}
