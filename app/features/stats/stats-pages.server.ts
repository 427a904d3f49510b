import { db, type Tx } from '~/db/db.server';
import { getPublicPlayoffs, standingsWithPlayoffs } from '~/models/stats.server';
import { shownTable, TABLE_PAGE_SIZE, tablePage, type TableQuery } from '~/domain/stats-tables';

/*
 * The stats website's pages as they show them (docs/decisions/076-stats-pages-at-scale.md): the rows of one page of
 * each flight, or of the flight asked for (`{ flight, page }`, read from the address by the route), each row only
 * what its table shows.
 */

/**
 * /stats as the page shows it: the rows of one page of each flight (or of the flight asked for), each row only what
 * the table shows (the rank is the row's place, `qualified` only when true), and the nights without their schedule
 * details. The page carries its data twice (rendered, and again for hydration), so this keeps it small at any size.
 */
export async function standingsPage(season: number | null, table: TableQuery, client: Tx = db) {
  const { standings, playoffs } = await standingsWithPlayoffs(season, client);
  const { league: _league, flights, nights, ...rest } = standings;
  const shown = flights.filter((f) => f.rows.length > 0);
  const query = shownTable(
    table,
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

/**
 * /stats/playoffs as the page shows it: one page of each flight's race (or of the flight asked for), each row only
 * what the table shows, each flight's field with its results, and the Grand Championship.
 */
export async function playoffsPage(season: number | null, table: TableQuery, client: Tx = db) {
  const { flights, ...rest } = await getPublicPlayoffs(season, client);
  const query = shownTable(
    table,
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
