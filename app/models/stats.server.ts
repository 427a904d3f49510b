import { NotFoundError } from '~/domain/errors';
import { FLIGHT_NUMBERS } from '~/domain/league-rules';
import { golferDisplayName } from '~/domain/golfer-display';
import { placesOf, type Place } from '~/domain/results';
import { nonCountingDates, type ScheduleEntry, type ScheduleEventKind } from '~/domain/schedule';
import { formatRoundDate, todayInLeague } from '~/domain/season';
import { leagueSeasonYear, statsSeasonYear } from '~/domain/seasons';
import { loadSchedules, seasonOfDate } from '~/models/handicaps.server';
import { countRoundsByDate } from '~/models/rounds.server';
import { subsOnDates } from '~/models/nights-out.server';
import { listSeasonsWithGrandChampionship } from './seasons.server';
import { nightHasCards } from '~/models/scorecards.server';
import { getStandings } from '~/models/standings.server';
import { seasonPlayoffs, seasonRace } from '~/models/playoffs.server';
import { db, type Tx } from '~/db/db.server';
import { shownTable, TABLE_PAGE_SIZE, tablePage, tableQueryOf } from '~/domain/stats-tables';

/**
 * The public stats website (docs/product/stats.md#public-stats-pages): standings, a league night's results and a
 * golfer's page, read through the same models and domain rules as the admin screens, and the same answers for the
 * pages and their JSON twins. Golfers appear by name only: no query here selects an email or a phone. Each answer
 * is a fixed number of queries whatever the size of the league (docs/decisions/071-stats-website.md).
 */

/** What a night is: a scoring night, a special event (no standings points) or a rain-out. */
type NightStatus = 'counts' | 'special-event' | 'rain-out';

type Night = { date: string; event: string | null; kind: ScheduleEventKind; rainOut: boolean; status: NightStatus };

export function nightOf(date: string, entry: ScheduleEntry | undefined): Night {
  const kind = entry?.kind ?? 'regular-round';
  const counts = !entry || !nonCountingDates([entry]).has(date);
  return {
    date,
    event: entry?.event ?? null,
    kind,
    rainOut: entry?.rainOut ?? false,
    status: counts ? 'counts' : entry?.rainOut ? 'rain-out' : 'special-event',
  };
}

export const nameSelect = { firstName: true, lastName: true, nickname: true, fullName: true } as const;

/**
 * The seasons the stats website offers (every season record, and the league season), newest first, and the season
 * /stats and /stats/playoffs open on: between seasons the one just finished (docs/product/playoffs.md#between-seasons).
 */
export async function statsSeasons(client: Tx): Promise<{ league: number; opening: number; seasons: number[] }> {
  const records = await listSeasonsWithGrandChampionship(client);
  const today = todayInLeague();
  const league = leagueSeasonYear(records, today);
  // A Grand Championship counts as played once it has a round: one query, only when one is due.
  const due = records.flatMap((s) =>
    s.grandChampionship && s.grandChampionship <= today ? [s.grandChampionship] : [],
  );
  const played =
    due.length === 0
      ? new Set<string>()
      : new Set(
          (
            await client.round.findMany({ where: { date: { in: due } }, distinct: ['date'], select: { date: true } })
          ).map((r) => r.date),
        );
  const finished = records.map((s) => ({
    ...s,
    grandChampionship: s.grandChampionship && played.has(s.grandChampionship) ? s.grandChampionship : null,
  }));
  return {
    league,
    opening: statsSeasonYear(finished, today),
    seasons: [...new Set([league, ...records.map((s) => s.year)])].sort((a, b) => b - a),
  };
}

/** Places of one flight's rounds of one night by net score, ties sharing a place ('T2'). */
export function nightPlaces(rounds: readonly { id: number; grossScore: number; netScore: number | null }[]) {
  // netScore is always stored by the recomputation; gross only guards an unfinished import, as in the points.
  return placesOf(rounds.map((r) => ({ key: r.id, value: r.netScore ?? r.grossScore })));
}

/**
 * /stats: the season's standings per flight (the admin standings' numbers) and its league nights with results.
 * `season` null is the league season; a year the website does not offer is not found.
 */
export async function getPublicStandings(season: number | null, client: Tx = db) {
  return (await standingsWithPlayoffs(season, client)).standings;
}

/** `getPublicStandings`, and the season's playoffs it read on the way (for /stats's champions). */
export async function standingsWithPlayoffs(season: number | null, client: Tx) {
  const { league, opening, seasons } = await statsSeasons(client);
  const year = season ?? opening;
  if (!seasons.includes(year)) throw new NotFoundError(`There are no stats for a ${year} season`);
  const race = seasonRace(year, null, client);
  const [flights, schedule, roundsByDate, { playoffs: played }] = await Promise.all([
    getStandings(year, client, race),
    loadSchedules(client, [year]),
    countRoundsByDate(year, client),
    race,
  ]);
  const entryOf = new Map(schedule.map((e) => [e.date, e]));
  const standings = {
    season: year,
    league,
    seasons,
    flights: flights.map((flight) => ({
      flightNo: flight.flightNo,
      rows: flight.rows.map((row) => ({
        rank: row.rank,
        golferId: row.golferId,
        name: row.displayName,
        points: row.totalPoints,
        rounds: row.countingRounds,
        qualifierWeeks: row.qualifierRoundsPlayed,
        qualified: row.qualified,
        playoffs: row.inPlayoffs,
      })),
    })),
    nights: [...roundsByDate.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([date, rounds]) => ({ ...nightOf(date, entryOf.get(date)), rounds })),
  };
  return { standings, playoffs: played };
}

/**
 * /stats/results/{date}: the night's rounds per flight (Place, Golfer, Gross, HCP, Net, Points), places by net score
 * with ties shared. A special event or a rain-out lists its scores without places or points. `date` must be a real
 * calendar date (the route checks); a date that is neither on its season's schedule (other than 'No league') nor
 * has rounds or scorecards is not a league night.
 */
export async function getNightResults(date: string, client: Tx = db) {
  const season = seasonOfDate(date)!;
  const [schedule, rounds, assignments, subsOn] = await Promise.all([
    loadSchedules(client, [season]),
    client.round.findMany({
      where: { date },
      select: {
        id: true,
        golferId: true,
        grossScore: true,
        hcpIndexBefore: true,
        netScore: true,
        points: true,
        golfer: { select: nameSelect },
      },
    }),
    client.flightAssignment.findMany({ where: { season }, select: { golferId: true, flightNo: true } }),
    subsOnDates([date], client),
  ]);
  // Subs' rounds are listed, marked 'Sub', without a place or points (docs/product/availability-and-subs.md).
  const subs = subsOn.get(date) ?? new Set<number>();
  const entry = schedule.find((e) => e.date === date);
  // A night an administrator started off the calendar (a makeup night) is one from its first card on, as the cards
  // say (docs/decisions/133-cards-on-league-nights.md): its live leaderboard shows before any round is recorded.
  const offCalendar = !entry || entry.kind === 'no-league';
  if (offCalendar && rounds.length === 0 && !(await nightHasCards(date, client)))
    throw new NotFoundError(`There was no league night on ${formatRoundDate(date, 'EEEE, MMMM d, yyyy')}`);
  const night = nightOf(date, entry);
  const counts = night.status === 'counts';
  const flightOf = new Map(assignments.map((a) => [a.golferId, a.flightNo]));
  const groups = [...FLIGHT_NUMBERS, null].map((flightNo) => {
    const flightRounds = rounds.filter((r) => (flightOf.get(r.golferId) ?? null) === flightNo);
    // Points are won within a flight, so only a flight's rounds have places (docs/product/points-and-standings.md).
    const places =
      counts && flightNo !== null
        ? nightPlaces(flightRounds.filter((r) => !subs.has(r.golferId)))
        : new Map<number, Place>();
    const rows = flightRounds
      .map((r) => ({
        golferId: r.golferId,
        name: golferDisplayName(r.golfer),
        place: places.get(r.id)?.label ?? null,
        placeOrder: places.get(r.id)?.place ?? Number.MAX_SAFE_INTEGER,
        gross: r.grossScore,
        hcp: r.hcpIndexBefore,
        net: r.netScore,
        points: counts && !subs.has(r.golferId) ? r.points : null,
        sub: subs.has(r.golferId),
      }))
      .sort(
        (a, b) =>
          a.placeOrder - b.placeOrder ||
          (a.net ?? a.gross) - (b.net ?? b.gross) ||
          a.name.localeCompare(b.name) ||
          a.golferId - b.golferId,
      )
      .map(({ placeOrder: _order, ...row }) => row);
    return { flightNo, rows };
  });
  return { ...night, season, flights: groups.filter((g) => g.rows.length > 0) };
}

/**
 * /stats/results/{date} as the page shows it: one page of each flight's rows (or of the flight asked for; 'none' is
 * the golfers without a flight), places and points worked out over the whole flight first. `results`: the night's
 * results when the caller has read them already (the live leaderboard, app/models/live-results.server.ts, which
 * hands on the page's address: docs/decisions/193-stats-tables-asked-for.md).
 */
export async function nightResultsPage(
  date: string,
  url: URL,
  client: Tx = db,
  results?: Awaited<ReturnType<typeof getNightResults>>,
) {
  const { kind: _kind, rainOut: _rainOut, flights, ...night } = results ?? (await getNightResults(date, client));
  const key = (flightNo: string | null) => flightNo ?? 'none';
  const query = shownTable(
    tableQueryOf(url.searchParams),
    flights.map((f) => key(f.flightNo)),
    `There is no such page of the results for ${formatRoundDate(date, 'EEEE, MMMM d, yyyy')}`,
  );
  return {
    ...night,
    pageSize: TABLE_PAGE_SIZE,
    flight: query.flight,
    flights: flights
      .filter((f) => query.flight === null || key(f.flightNo) === query.flight)
      .map((f) => {
        const page = tablePage(f.rows, query.page);
        return {
          ...page,
          key: key(f.flightNo),
          rows: page.rows.map(({ golferId, ...row }) => ({ id: golferId, ...row })),
        };
      }),
  };
}

/**
 * /stats/playoffs and GET /api/public/playoffs (docs/product/playoffs.md): per flight the field (locked, or the
 * provisional one: the first 4 qualified golfers, seeded) with each golfer's net on the flight playoff and the
 * champion, the whole race to the playoffs, and the Grand Championship between the flight champions. `season` null
 * is the season the stats open on (between seasons, the one just finished). Flights without golfers are left out.
 */
export async function getPublicPlayoffs(season: number | null, client: Tx = db) {
  const { opening, seasons } = await statsSeasons(client);
  const year = season ?? opening;
  if (!seasons.includes(year)) throw new NotFoundError(`There are no stats for a ${year} season`);
  const playoffs = await seasonPlayoffs(year, null, client);
  return {
    season: year,
    seasons,
    locked: playoffs.lock !== null,
    nights: playoffs.nights,
    flights: playoffs.flights
      .filter((f) => f.rows.length > 0 || f.field.length > 0)
      .map((f) => ({
        flight: f.flightNo,
        field: f.field,
        decidedBy: f.decidedBy,
        race: f.rows.map((r) => ({
          golferId: r.golferId,
          name: r.name,
          points: r.points,
          seed: r.seed,
          status: r.status,
        })),
      })),
    grandChampionship: playoffs.grandChampionship,
  };
}
