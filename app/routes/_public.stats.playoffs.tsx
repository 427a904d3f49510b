import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { SeasonLinks, StatsError, StatsTable, StandingsLink, TablePager, statsLink } from '~/ui/stats/stats-parts';
import { SEEDING_TIE_RULES } from '~/domain/playoffs';
import { formatPoints } from '~/domain/format';
import { PLAYOFF_SPOTS, REQUIRED_COUNTING_ROUNDS, REQUIRED_QUALIFIER_ROUNDS } from '~/domain/standings';
import { playoffsPage } from '~/models/stats.server';
import { statsPage, statsSeasonParam } from '~/web/stats-access.server';
import { titled } from '~/ui/meta';

export const meta: MetaFunction<typeof loader> = ({ matches, data }) => [
  ...titled(matches, data ? `Playoffs ${data.season}${data.flight ? `, Flight ${data.flight}` : ''}` : 'Playoffs'),
  {
    name: 'description',
    content: 'The race to the playoffs: who is in the field of each flight and who can still get in.',
  },
];

/**
 * /stats/playoffs[?season=YYYY][&flight=N[&page=N]]: the race to the playoffs of each flight, the provisional field
 * seeded, and the tie rules (docs/product/playoffs.md#the-playoffs-page).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  return statsPage(request, 'There are no stats for that season', async () =>
    json(await playoffsPage(statsSeasonParam(request), new URL(request.url))),
  );
}

/** What the page says under a flight whose field is not full. */
function smallerField(flightNo: string, size: number): string | null {
  if (size >= PLAYOFF_SPOTS) return null;
  if (size === 0) return `No golfer of Flight ${flightNo} has qualified yet.`;
  return `Only ${size} ${size === 1 ? 'golfer' : 'golfers'} of Flight ${flightNo} ${size === 1 ? 'has' : 'have'} qualified so far: the field is smaller.`;
}

export default function PlayoffsPage() {
  const { season, seasons, flight: only, flights } = useLoaderData<typeof loader>();
  const seasonUrl = `/stats/playoffs?season=${season}`;
  return (
    <div className="space-y-8">
      <header className="space-y-2">
        <StandingsLink season={season} />
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">Playoffs</h1>
        <p className="text-slate-700">
          {season} season. The top {PLAYOFF_SPOTS} qualified golfers of each flight reach the flight playoff, and the
          four flight champions play the Grand Championship. Qualifying takes {REQUIRED_COUNTING_ROUNDS} regular rounds
          (a qualifier week counts as one) and {REQUIRED_QUALIFIER_ROUNDS} of the 4 playoff-qualifier weeks.
        </p>
      </header>
      <SeasonLinks seasons={seasons} season={season} to="/stats/playoffs" />

      <section aria-labelledby="race-heading" className="space-y-6">
        <div className="space-y-2">
          <h2 id="race-heading" className="text-xl font-semibold text-emerald-800">
            The race to the playoffs
          </h2>
          <p className="text-sm text-slate-700">
            The field is provisional: it follows the standings until it is locked. Seed marks the golfers in it now; the
            status says what each golfer still needs, from the nights left on the schedule.
          </p>
          {only ? (
            <Link to={seasonUrl} className={`${statsLink} inline-block text-sm`}>
              ← Every flight
            </Link>
          ) : null}
        </div>
        {flights.length === 0 ? (
          <p className="rounded-lg border border-slate-200 bg-white p-6 text-slate-700 shadow-sm">
            No golfers are in a flight for the {season} season yet.
          </p>
        ) : (
          flights.map(({ flightNo, rows, fieldSize, first, total, page, pageCount }) => {
            const note = smallerField(flightNo, fieldSize);
            return (
              <section key={flightNo} aria-labelledby={`flight-${flightNo}`} className="space-y-2">
                <h3 id={`flight-${flightNo}`} className="text-lg font-semibold text-emerald-800">
                  Flight {flightNo}
                </h3>
                <StatsTable
                  caption={`Flight ${flightNo}: the race to the playoffs, ${season}`}
                  columns={['seed', 'golfer', 'points', 'status']}
                >
                  {rows.map((row) => (
                    <tr
                      key={row.id}
                      data-playoff-line={
                        'seed' in row && row.seed === fieldSize && total > fieldSize ? 'true' : undefined
                      }
                    >
                      <td>{'seed' in row ? row.seed : ''}</td>
                      <td>
                        <Link to={`/stats/golfers/${row.id}?season=${season}`}>{row.name}</Link>
                      </td>
                      <td>{formatPoints(row.points)}</td>
                      <td>{row.status}</td>
                    </tr>
                  ))}
                </StatsTable>
                {first === 0 && note ? <p className="text-sm text-slate-700">{note}</p> : null}
                <TablePager
                  label={`Flight ${flightNo}`}
                  base={`${seasonUrl}&flight=${flightNo}`}
                  table={{ page, pageCount, first, total, rows }}
                />
              </section>
            );
          })
        )}
      </section>

      <section aria-labelledby="rules-heading" className="space-y-2 text-sm text-slate-700">
        <h2 id="rules-heading" className="text-xl font-semibold text-emerald-800">
          Tie rules
        </h2>
        <p>Seeds follow standings points. Golfers level on points are separated by, in this order:</p>
        <ol className="list-decimal space-y-1 pl-6">
          {SEEDING_TIE_RULES.map((rule) => (
            <li key={rule}>{rule[0].toUpperCase() + rule.slice(1)}.</li>
          ))}
        </ol>
        <p>
          On a playoff night the lowest net score wins. A tie is decided by a card-off when the tied golfers have hole
          scores: the net of the last 6 holes, then the last 3, then the last hole, with handicap strokes given by
          stroke index. Otherwise the better seed wins.
        </p>
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  return <StatsError />;
}
