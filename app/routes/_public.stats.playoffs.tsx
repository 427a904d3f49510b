import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import {
  ChampionsSection,
  StatsError,
  StatsTable,
  StandingsLink,
  TablePager,
  longDate,
  statsLink,
} from '~/ui/stats/stats-parts';
import { SeasonLinks } from '~/ui/stats/season-links';
import { formatPoints, ABSENT, orAbsent } from '~/domain/format';
import {
  PLAYOFF_SPOTS,
  REQUIRED_COUNTING_ROUNDS,
  REQUIRED_QUALIFIER_ROUNDS,
  SEEDING_TIE_RULES,
} from '~/domain/standings';
import { playoffsPage } from '~/features/stats/stats-pages.server';
import { statsPage, statsSeasonParam, statsTableParam } from '~/web/stats-access.server';
import { titled } from '~/ui/meta';

export const meta: MetaFunction<typeof loader> = ({ matches, data }) => [
  ...titled(matches, data ? `Playoffs ${data.season}${data.flight ? `, Flight ${data.flight}` : ''}` : 'Playoffs'),
  {
    name: 'description',
    content: 'The race to the playoffs: who is in the field of each flight and who can still get in.',
  },
];

/**
 * /stats/playoffs[?season=YYYY][&flight=N[&page=N]]: the champions once there are some, then per flight the race to
 * the playoffs with the provisional field seeded (before the lock) or the locked field and its flight playoff, the
 * Grand Championship, and the tie rules (docs/product/playoffs.md#the-playoffs-page).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  return statsPage(
    request,
    'There are no stats for that season',
    async () => await playoffsPage(statsSeasonParam(request), statsTableParam(request)),
  );
}

/** What the page says under a flight whose field is not full. */
function smallerField(flightNo: string, size: number, locked: boolean): string | null {
  if (size >= PLAYOFF_SPOTS) return null;
  if (locked)
    return size === 0
      ? `No golfer of Flight ${flightNo} qualified: the flight has no playoff.`
      : `Only ${size} ${size === 1 ? 'golfer' : 'golfers'} of Flight ${flightNo} qualified: the field is smaller.`;
  if (size === 0) return `No golfer of Flight ${flightNo} has qualified yet.`;
  return `Only ${size} ${size === 1 ? 'golfer' : 'golfers'} of Flight ${flightNo} ${size === 1 ? 'has' : 'have'} qualified so far: the field is smaller.`;
}

type Loaded = ReturnType<typeof useLoaderData<typeof loader>>;
type Flight = Loaded['flights'][number];

export default function PlayoffsPage() {
  const { season, seasons, flight: only, flights, locked, nights, grandChampionship } = useLoaderData<typeof loader>();
  const seasonUrl = `/stats/playoffs?season=${season}`;
  const champions = flights.flatMap((f) =>
    f.field.filter((e) => e.champion !== null).map((e) => ({ ...e, flightNo: f.flightNo })),
  );
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

      {champions.length > 0 && !only ? (
        <ChampionsSection
          season={season}
          league={grandChampionship.champion}
          leagueNote={
            grandChampionship.champion
              ? ` (Flight ${grandChampionship.champion.flight}, net ${grandChampionship.champion.net})`
              : undefined
          }
          flights={champions}
        />
      ) : null}

      <section aria-labelledby="race-heading" className="space-y-6">
        <div className="space-y-2">
          <h2 id="race-heading" className="text-xl font-semibold text-emerald-800">
            {locked ? 'The field' : 'The race to the playoffs'}
          </h2>
          <p className="text-sm text-slate-700">
            {locked
              ? 'The field is locked: these golfers play the flight playoff, seeded by the standings at the lock.'
              : 'The field is provisional: it follows the standings until it is locked. Seed marks the golfers in it now; the status says what each golfer still needs, from the nights left on the schedule.'}
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
          flights.map((flight) => (
            <FlightSection
              key={flight.flightNo}
              flight={flight}
              season={season}
              seasonUrl={seasonUrl}
              locked={locked}
              playoffNight={nights.playoff}
            />
          ))
        )}
      </section>

      {locked && !only ? (
        <section aria-labelledby="grand-heading" className="space-y-2">
          <h2 id="grand-heading" className="text-xl font-semibold text-emerald-800">
            Grand Championship
          </h2>
          {grandChampionship.entrants.length === 0 ? (
            <p className="text-sm text-slate-700">
              The four flight champions play it once the flight playoff is played.
            </p>
          ) : (
            <>
              <StatsTable caption={`Grand Championship ${season}`} columns={['flight', 'golfer', 'net', 'result']}>
                {grandChampionship.entrants.map((e) => (
                  <tr key={e.golferId}>
                    <td>{e.flight}</td>
                    <td>
                      <Link to={`/stats/golfers/${e.golferId}?season=${season}`}>{e.name}</Link>
                    </td>
                    <td>{orAbsent(e.net)}</td>
                    <td>{grandChampionship.champion?.golferId === e.golferId ? `League champion ${season}` : ''}</td>
                  </tr>
                ))}
              </StatsTable>
              <p className="text-sm text-slate-700">
                {grandChampionship.champion
                  ? `Decided by: ${grandChampionship.champion.decidedBy}.`
                  : nights.grand
                    ? `Played on ${longDate(nights.grand)}; no results yet.`
                    : 'No results yet.'}
              </p>
            </>
          )}
        </section>
      ) : null}

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

/** One flight: the race before the lock, or the field and its flight playoff after it. */
function FlightSection({
  flight,
  season,
  seasonUrl,
  locked,
  playoffNight,
}: {
  flight: Flight;
  season: number;
  seasonUrl: string;
  locked: boolean;
  playoffNight: string | null;
}) {
  const { flightNo, rows, fieldSize, first, total, page, pageCount, field, decidedBy } = flight;
  const note = smallerField(flightNo, fieldSize, locked);
  const played = field.filter((e) => e.net !== null).sort((a, b) => a.net! - b.net! || a.seed - b.seed);
  return (
    <section aria-labelledby={`flight-${flightNo}`} className="space-y-2">
      <h3 id={`flight-${flightNo}`} className="text-lg font-semibold text-emerald-800">
        Flight {flightNo}
      </h3>
      {locked ? (
        <StatsTable
          caption={`Flight ${flightNo}: the playoff field, ${season}`}
          columns={['seed', 'golfer', 'points', 'status']}
        >
          {field.map((e) => (
            <tr key={e.seed}>
              <td>{e.seed}</td>
              <td>
                <Link to={`/stats/golfers/${e.golferId}?season=${season}`}>{e.name}</Link>
              </td>
              <td>{formatPoints(e.points)}</td>
              <td>{e.status}</td>
            </tr>
          ))}
        </StatsTable>
      ) : (
        <StatsTable
          caption={`Flight ${flightNo}: the race to the playoffs, ${season}`}
          columns={['seed', 'golfer', 'points', 'status']}
        >
          {rows.map((row) => (
            <tr
              key={row.id}
              data-playoff-line={'seed' in row && row.seed === fieldSize && total > fieldSize ? 'true' : undefined}
            >
              <td>{'seed' in row ? row.seed : ABSENT}</td>
              <td>
                <Link to={`/stats/golfers/${row.id}?season=${season}`}>{row.name}</Link>
              </td>
              <td>{formatPoints(row.points)}</td>
              <td>{row.status}</td>
            </tr>
          ))}
        </StatsTable>
      )}
      {first === 0 && note ? <p className="text-sm text-slate-700">{note}</p> : null}
      {locked ? null : (
        <TablePager
          label={`Flight ${flightNo}`}
          base={`${seasonUrl}&flight=${flightNo}`}
          table={{ page, pageCount, first, total, rows }}
        />
      )}
      {locked && played.length > 0 ? (
        <>
          <h4 className="pt-2 font-semibold text-slate-900">
            Flight playoff{playoffNight ? `, ${longDate(playoffNight)}` : ''}
          </h4>
          <StatsTable
            caption={`Flight ${flightNo}: the flight playoff, ${season}`}
            columns={['seed', 'golfer', 'net', 'result']}
          >
            {played.map((e) => (
              <tr key={e.seed}>
                <td>{e.seed}</td>
                <td>
                  <Link to={`/stats/golfers/${e.golferId}?season=${season}`}>{e.name}</Link>
                </td>
                <td>{e.net}</td>
                <td>{e.champion ? 'Flight champion' : ''}</td>
              </tr>
            ))}
          </StatsTable>
          {decidedBy ? <p className="text-sm text-slate-700">Decided by: {decidedBy}.</p> : null}
        </>
      ) : null}
    </section>
  );
}

export function ErrorBoundary() {
  return <StatsError />;
}
