import { NotFoundError } from '~/domain/errors';
import { golferDisplayName } from '~/domain/golfer-display';
import { FLIGHT_NUMBERS } from '~/domain/league-rules';
import { placesOf, type Place } from '~/domain/results';
import { isSpecialKind, nonCountingDates, type ScheduleEntry, type ScheduleEventKind } from '~/domain/schedule';
import { formatRoundDate, todayInLeague } from '~/domain/season';
import { leagueSeasonYear, statsSeasonYear } from '~/domain/seasons';
import { seasonStandings } from '~/domain/standings';
import { golferHandicapDetail, loadSchedules, seasonOfDate } from '~/models/handicaps.server';
import { countRoundsByDate } from '~/models/rounds.server';
import { subsOnDates } from '~/models/nights-out.server';
import { listSeasonsWithGrandChampionship } from '~/models/seasons.server';
import { nightHasCards } from '~/models/scorecards.server';
import { getStandings } from '~/models/standings.server';
import { playoffRace, seasonPlayoffs, seasonRace } from '~/models/playoffs.server';
import { db, type Tx } from '~/db/db.server';

/**
 * The public stats website (docs/product/stats.md#public-stats-pages): standings, a league night's results and a
 * golfer's page, read through the same models and domain rules as the admin screens, and the same answers for the
 * pages and their JSON twins. Golfers appear by name only: no query here selects an email or a phone. Each answer
 * is a fixed number of queries whatever the size of the league (docs/decisions/071-stats-website.md).
 */

/** What a night is: a scoring night, a special event (no standings points) or a rain-out. */
type NightStatus = 'counts' | 'special-event' | 'rain-out';

type Night = { date: string; event: string | null; kind: ScheduleEventKind; rainOut: boolean; status: NightStatus };

function nightOf(date: string, entry: ScheduleEntry | undefined): Night {
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

const nameSelect = { firstName: true, lastName: true, nickname: true, fullName: true } as const;

/**
 * The seasons the stats website offers (every season record, and the league season), newest first, and the season
 * /stats and /stats/playoffs open on: between seasons the one just finished (docs/product/playoffs.md#between-seasons).
 */
async function statsSeasons(client: Tx): Promise<{ league: number; opening: number; seasons: number[] }> {
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
function nightPlaces(rounds: readonly { id: number; grossScore: number; netScore: number | null }[]) {
  // netScore is always stored by the recomputation; gross only guards an unfinished import, as in the points.
  return placesOf(rounds.map((r) => ({ key: r.id, value: r.netScore ?? r.grossScore })));
}

// ---------------------------------------------------------------------------------------------------------------
// Standings

/**
 * /stats: the season's standings per flight (the admin standings' numbers) and its league nights with results.
 * `season` null is the league season; a year the website does not offer is not found.
 */
export async function getPublicStandings(season: number | null, client: Tx = db) {
  return (await standingsWithPlayoffs(season, client)).standings;
}

/** `getPublicStandings`, and the season's playoffs it read on the way (for /stats's champions). */
async function standingsWithPlayoffs(season: number | null, client: Tx) {
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

// ---------------------------------------------------------------------------------------------------------------
// What the pages carry (docs/decisions/076-stats-pages-at-scale.md)

/** Rows of one flight a stats page shows at once; the JSON twins answer every row. */
const TABLE_PAGE_SIZE = 50;

/** Which rows a page shows: every flight's first page (`flight` null), or one flight's page `page`. */
type TableQuery = { flight: string | null; page: number };

/**
 * `?flight=` and `?page=` of a stats page. `flights` are the tables the page has (a flight number, or 'none' for the
 * golfers without a flight); a flight it does not have, or a page that is not a whole number from 1, is not found
 * (`missing` says what). `?page=` alone means nothing and is ignored.
 */
function tableQuery(url: URL, flights: readonly string[], missing: string): TableQuery {
  const flight = url.searchParams.get('flight');
  if (flight === null || flight === '') return { flight: null, page: 1 };
  const raw = url.searchParams.get('page');
  if (!flights.includes(flight) || (raw !== null && raw !== '' && !/^[1-9]\d{0,5}$/.test(raw)))
    throw new NotFoundError(missing);
  return { flight, page: raw ? Number(raw) : 1 };
}

/** One page of a flight's rows (a page past the last shows the last), with what its pager says. */
function tablePage<T>(rows: readonly T[], page: number) {
  const pageCount = Math.max(1, Math.ceil(rows.length / TABLE_PAGE_SIZE));
  const current = Math.min(page, pageCount);
  const first = (current - 1) * TABLE_PAGE_SIZE;
  return {
    total: rows.length,
    page: current,
    pageCount,
    first,
    rows: rows.slice(first, first + TABLE_PAGE_SIZE),
  };
}

/**
 * /stats as the page shows it: the rows of one page of each flight (or of the flight asked for), each row only what
 * the table shows (the rank is the row's place, `qualified` only when true), and the nights without their schedule
 * details. The page carries its data twice (rendered, and again for hydration), so this keeps it small at any size.
 */
export async function standingsPage(season: number | null, url: URL, client: Tx = db) {
  const { standings, playoffs } = await standingsWithPlayoffs(season, client);
  const { league: _league, flights, nights, ...rest } = standings;
  const shown = flights.filter((f) => f.rows.length > 0);
  const query = tableQuery(
    url,
    shown.map((f) => f.flightNo),
    `There is no such page of the ${rest.season} standings`,
  );
  return {
    ...rest,
    // The season's champions, at the top of the page once the playoffs are played (docs/product/playoffs.md).
    champions: {
      league: playoffs.grandChampionship.champion,
      flights: playoffs.flights.flatMap((f) =>
        f.field
          .filter((e) => e.champion !== null)
          .map((e) => ({ flightNo: f.flightNo, golferId: e.golferId, name: e.name })),
      ),
    },
    pageSize: TABLE_PAGE_SIZE,
    flight: query.flight,
    flights: shown
      .filter((f) => query.flight === null || f.flightNo === query.flight)
      .map((f) => {
        const page = tablePage(f.rows, query.page);
        return {
          ...page,
          flightNo: f.flightNo,
          rows: page.rows.map((r) => ({
            id: r.golferId,
            name: r.name,
            points: r.points,
            rounds: r.rounds,
            weeks: r.qualifierWeeks,
            ...(r.qualified ? { qualified: true as const } : {}),
          })),
        };
      }),
    nights: nights.map((n) => ({ date: n.date, event: n.event, status: n.status, rounds: n.rounds })),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// A league night's results

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
 * results when the caller has read them already (the live leaderboard, app/models/live-results.server.ts).
 */
export async function nightResultsPage(
  date: string,
  url: URL,
  client: Tx = db,
  results?: Awaited<ReturnType<typeof getNightResults>>,
) {
  const { kind: _kind, rainOut: _rainOut, flights, ...night } = results ?? (await getNightResults(date, client));
  const key = (flightNo: string | null) => flightNo ?? 'none';
  const query = tableQuery(
    url,
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

// ---------------------------------------------------------------------------------------------------------------
// A golfer's page

/**
 * /stats/golfers/{id}: name, flight and current handicap; how the handicap is computed (the breakdown of
 * app/domain/handicap.ts, the function the stored columns come from); the handicap after each counting round; and
 * one season's rounds with places and totals. `season` null is the league season when the golfer plays in it, else
 * the latest season they played. A golfer who never played a round nor had a flight has no page.
 */
export async function getGolferStats(golferId: number, season: number | null, client: Tx = db) {
  const [golfer, detail, flights, offered] = await Promise.all([
    client.golfer.findUnique({ where: { id: golferId }, select: { id: true, ...nameSelect } }),
    golferHandicapDetail(client, golferId),
    client.flightAssignment.findMany({ where: { golferId }, select: { season: true, flightNo: true } }),
    statsSeasons(client),
  ]);
  if (!golfer || (detail.rounds.length === 0 && flights.length === 0))
    throw new NotFoundError(`There is no golfer #${golferId} on the stats website`);

  const played = [...new Set([...detail.rounds.map((r) => r.season), ...flights.map((f) => f.season)])].sort(
    (a, b) => b - a,
  );
  const year = season ?? (played.includes(offered.league) ? offered.league : played[0]);
  if (!played.includes(year) && !offered.seasons.includes(year))
    throw new NotFoundError(`There are no stats for a ${year} season`);
  const flightNo = flights.find((f) => f.season === year)?.flightNo ?? null;

  const seasonRounds = detail.rounds
    .filter((r) => r.season === year)
    .sort((a, b) => b.date.localeCompare(a.date) || b.id - a.id);
  const dates = seasonRounds.map((r) => r.date);
  const [schedule, flightRounds, race] = await Promise.all([
    loadSchedules(client, [year]),
    flightNo === null || dates.length === 0
      ? Promise.resolve([])
      : client.round.findMany({
          where: { date: { in: dates }, golfer: { flights: { some: { season: year, flightNo } } } },
          select: { id: true, date: true, grossScore: true, netScore: true },
        }),
    // The playoff race of the golfer's flight: their status line there (no flight, no race).
    flightNo === null ? Promise.resolve([]) : playoffRace(year, flightNo, client),
  ]);
  const entryOf = new Map(schedule.map((e) => [e.date, e]));
  const placeOf = new Map<number, string>();
  for (const date of new Set(dates)) {
    for (const [id, place] of nightPlaces(flightRounds.filter((r) => r.date === date))) placeOf.set(id, place.label);
  }

  const rounds = seasonRounds.map((r) => {
    const night = nightOf(r.date, entryOf.get(r.date));
    const counts = night.status === 'counts';
    return {
      date: r.date,
      event: night.event,
      status: night.status,
      special: isSpecialKind(night.kind),
      gross: r.grossScore,
      net: r.netScore,
      hcp: r.hcpIndexBefore,
      points: counts ? r.points : null,
      place: counts ? (placeOf.get(r.id) ?? null) : null,
    };
  });
  const standing = seasonStandings(
    schedule,
    seasonRounds.map((r) => ({ golferId, date: r.date, points: r.points })),
    [golferId],
  )[0];
  const counting = rounds.filter((r) => r.status === 'counts');
  const nets = counting.map((r) => r.net).filter((n): n is number => n !== null);

  const { breakdown } = detail;
  return {
    id: golfer.id,
    name: golferDisplayName(golfer),
    season: year,
    seasons: played,
    flight: flightNo,
    handicap: breakdown.handicap,
    breakdown: {
      rounds: breakdown.rounds.map((entry) => ({
        date: entry.date,
        gross: entry.grossScore,
        par: entry.par,
        differential: entry.differential,
        estimated: entry.roundId === null,
      })),
      total: breakdown.total,
      average: breakdown.average,
      percent: breakdown.percent,
      scaled: breakdown.scaled,
      handicap: breakdown.handicap,
    },
    history: detail.rounds
      .filter((r) => r.counts && r.hcpIndexAfter !== null)
      .sort((a, b) => a.date.localeCompare(b.date) || a.id - b.id)
      .map((r) => ({ date: r.date, handicap: r.hcpIndexAfter! })),
    rounds,
    totals: {
      rounds: standing.countingRounds,
      points: standing.totalPoints,
      averageGross:
        counting.length === 0
          ? null
          : Math.round((counting.reduce((sum, r) => sum + r.gross, 0) / counting.length) * 10) / 10,
      bestNet: nets.length === 0 ? null : Math.min(...nets),
      qualifierWeeks: standing.qualifierRoundsPlayed,
      qualified: standing.qualified,
    },
    playoffStatus: race[0]?.rows.find((r) => r.golferId === golferId)?.status ?? null,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Playoffs

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

/**
 * /stats/playoffs as the page shows it: one page of each flight's race (or of the flight asked for), each row only
 * what the table shows, each flight's field with its results, and the Grand Championship.
 */
export async function playoffsPage(season: number | null, url: URL, client: Tx = db) {
  const { flights, ...rest } = await getPublicPlayoffs(season, client);
  const query = tableQuery(
    url,
    flights.map((f) => f.flight),
    `There is no such page of the ${rest.season} playoffs`,
  );
  return {
    ...rest,
    pageSize: TABLE_PAGE_SIZE,
    flight: query.flight,
    flights: flights
      .filter((f) => query.flight === null || f.flight === query.flight)
      .map((f) => {
        const page = tablePage(f.race, query.page);
        return {
          ...page,
          flightNo: f.flight,
          fieldSize: f.field.length,
          field: f.field,
          decidedBy: f.decidedBy,
          rows: page.rows.map((r) => ({
            id: r.golferId,
            name: r.name,
            points: r.points,
            status: r.status,
            ...(r.seed === null ? {} : { seed: r.seed }),
          })),
        };
      }),
  };
}
