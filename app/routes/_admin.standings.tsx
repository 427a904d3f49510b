import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { ColumnHeaders } from '~/ui/data-table';
import { Link, useLoaderData } from '@remix-run/react';
import { EmptyState, PageHeader } from '~/ui/page-header';
import { RouteError } from '~/ui/route-error';
import { SeasonPicker } from '~/ui/season-picker';
import { formatPoints, ABSENT } from '~/domain/format';
import { seasonChoices } from '~/domain/season';
import { REQUIRED_COUNTING_ROUNDS, REQUIRED_QUALIFIER_ROUNDS, PLAYOFF_SPOTS } from '~/domain/standings';
import { getStandings } from '~/models/standings.server';
import { requireUser } from '~/web/auth.server';
import { pageHandler, seasonParam } from '~/web/http.server';
import { titled } from '~/ui/meta';

export const meta: MetaFunction = ({ matches }) => titled(matches, 'Standings');

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return pageHandler(async () => {
    const season = seasonParam(request);
    const flights = (await getStandings(season)).map((flight) => ({
      flightNo: flight.flightNo,
      // Only what the table shows, in rank order (the rank is the place in the list), and the two marks only when
      // set: a flight of hundreds of golfers stays small in the page, which carries these rows twice (decision 065).
      rows: flight.rows.map((row) => ({
        id: row.golferId,
        name: row.golferName,
        points: row.totalPoints,
        rounds: row.countingRounds,
        weeks: row.qualifierRoundsPlayed,
        ...(row.qualified ? { qualified: true as const } : {}),
        ...(row.inPlayoffs ? { playoffs: true as const } : {}),
      })),
    }));
    return { season, seasons: seasonChoices(), flights };
  });
}

const HEADERS = ['Rank', 'Golfer', 'Points', 'Rounds', 'Qualifier Weeks', 'Qualified', 'Playoffs'];

/**
 * The table's look, from the table itself rather than from each of up to hundreds of rows (decision 065): DataTable's
 * look, with the Playoffs badge as a <mark>.
 */
const standingsTableClass =
  'min-w-full divide-y divide-slate-200 text-sm [&_thead]:bg-slate-50 [&_th]:whitespace-nowrap [&_th]:px-3 [&_th]:py-3 [&_th]:text-left [&_th]:font-semibold [&_th]:text-slate-700 [&_tbody]:divide-y [&_tbody]:divide-slate-100 [&_td]:whitespace-nowrap [&_td]:px-3 [&_td]:py-3 [&_td]:text-slate-800 [&_mark]:rounded [&_mark]:bg-emerald-100 [&_mark]:px-2 [&_mark]:py-0.5 [&_mark]:text-emerald-800';

/** The Qualified column: a mark, read out as words. */
// role="img": a name on a plain span is not read (and is invalid HTML); the mark is a picture of the word.
const QUALIFIED = (
  <span role="img" aria-label="Qualified">
    ✓
  </span>
);
const NOT_QUALIFIED = (
  <span role="img" aria-label="Not qualified">
    ✗
  </span>
);

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
              <div
                className="overflow-x-auto rounded-lg border bg-white shadow-sm"
                role="group"
                aria-label={`Flight ${flight.flightNo} standings`}
                // Focusable, so a keyboard can scroll the table sideways on a phone.
                tabIndex={0}
              >
                <table className={standingsTableClass}>
                  <thead>
                    <tr>
                      <ColumnHeaders labels={HEADERS} />
                    </tr>
                  </thead>
                  <tbody>
                    {flight.rows.map((row, i) => (
                      <tr key={row.id}>
                        <td>{i + 1}</td>
                        <td>{row.name}</td>
                        <td>{formatPoints(row.points)}</td>
                        <td>{row.rounds}</td>
                        <td>{row.weeks}</td>
                        <td>{'qualified' in row ? QUALIFIED : NOT_QUALIFIED}</td>
                        <td>{'playoffs' in row ? <mark>Playoffs</mark> : ABSENT}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
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
