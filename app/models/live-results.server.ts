import crypto from 'node:crypto';
import { db, type Tx } from '~/db/db.server';
import { golferDisplayName } from '~/domain/golfer-display';
import { FLIGHT_NUMBERS } from '~/domain/league-rules';
import { cardLine } from '~/domain/scorecard';
import { handicapsOn, seasonOfDate } from '~/models/handicaps.server';
import { subsOnDates } from '~/models/nights-out.server';
import { nightHoleCards } from '~/models/night-scores.server';
import { getNightResults, nightResultsPage } from '~/models/stats.server';
import type { LiveRow } from '~/schemas/live-results';

/*
 * The live leaderboard of a league night (SPEC-3 §D4, docs/decisions/124-live-results-and-skins.md): what
 * /stats/results/{date} shows (net by flight, places and points as the night's results compute them), each golfer with
 * 'Thru {n}', and a version that changes whenever any of it does. The event stream (app/web/live-results.server.ts)
 * sends it to every watcher; the page renders the same, so a reload without JavaScript shows what the stream sent.
 *
 * A golfer with a round that night is listed as the results list them, thru every hole of the round's course. A golfer
 * still on the course (hole scores on a card not attested yet, no round) is listed in their flight after those, with
 * gross and net so far and 'Thru' the holes scored, no place and no points; the attested card's round replaces it.
 */

type NightResults = Awaited<ReturnType<typeof getNightResults>>;
type ResultRow = NightResults['flights'][number]['rows'][number];

/** A round entered means every hole of its course played: 18 for a course of an 18-hole par (above 45), else 9. */
async function roundHoles(date: string, client: Tx): Promise<Map<number, number>> {
  const rounds = await client.round.findMany({
    where: { date },
    select: { golferId: true, course: { select: { coursePar: true } } },
  });
  return new Map(rounds.map((r) => [r.golferId, (r.course?.coursePar ?? 0) > 45 ? 18 : 9]));
}

type OnCourse = { flightNo: string | null; row: ResultRow; thru: number; holes: number };

/**
 * The golfers still on the course: hole scores on a card not attested yet and no round that night (`listed`). Gross
 * and net so far from the card (net: the handicap strokes of the holes played, by stroke index, with the golfer's
 * handicap on that date), in their flight of the season. A fixed number of queries.
 */
async function onTheCourse(date: string, listed: ReadonlySet<number>, client: Tx): Promise<OnCourse[]> {
  const { cards, holesOf } = await nightHoleCards(date, client);
  const playing = cards.filter((card) => !card.attested && card.courseId !== null && !listed.has(card.golferId));
  if (playing.length === 0) return [];
  const ids = playing.map((card) => card.golferId);
  const [golfers, assignments, subs, handicaps] = await Promise.all([
    client.golfer.findMany({
      where: { id: { in: ids } },
      select: { id: true, firstName: true, lastName: true, nickname: true, fullName: true },
    }),
    client.flightAssignment.findMany({
      where: { season: seasonOfDate(date)!, golferId: { in: ids } },
      select: { golferId: true, flightNo: true },
    }),
    subsOnDates([date], client),
    handicapsOn(client, ids, date),
  ]);
  const nameOf = new Map(golfers.map((g) => [g.id, golferDisplayName(g)]));
  const flightOf = new Map(assignments.map((a) => [a.golferId, a.flightNo]));
  const subsOfNight = subs.get(date) ?? new Set<number>();
  return playing.flatMap((card) => {
    const name = nameOf.get(card.golferId);
    const holes = holesOf.get(card.courseId!) ?? [];
    const hcp = handicaps.get(card.golferId) ?? null;
    const line = cardLine(
      holes,
      holes.map((h) => card.strokes[h.number] ?? null),
      hcp,
    );
    if (name === undefined || line.thru === 0) return [];
    const row: ResultRow = {
      golferId: card.golferId,
      name,
      place: null,
      gross: line.gross,
      hcp,
      net: line.net,
      points: null,
      sub: subsOfNight.has(card.golferId),
    };
    return [{ flightNo: flightOf.get(card.golferId) ?? null, row, thru: line.thru, holes: holes.length }];
  });
}

/** Most holes played first, then the better net so far, then by name. */
function byProgress(a: OnCourse, b: OnCourse): number {
  return (
    b.thru - a.thru ||
    (a.row.net ?? a.row.gross) - (b.row.net ?? b.row.gross) ||
    a.row.name.localeCompare(b.row.name) ||
    a.row.golferId - b.row.golferId
  );
}

export type LiveLeaderboard = {
  date: string;
  /** Changes whenever anything below does: the event's id, so a reconnecting watcher says what it has. */
  version: string;
  status: string;
  /**
   * Whether anyone is still on the course (not started, or thru fewer holes than their course has): the pages show
   * 'Thru' only then, as a finished night's leaderboard has nothing to say there.
   */
  inPlay: boolean;
  /** Flight number, or 'none' for the golfers without a flight; every row of each. */
  flights: { key: string; rows: LiveRow[] }[];
};

/**
 * The night's leaderboard and the results it came from, golfers still on the course added after each flight's
 * rounds (a NotFoundError when `date` is no league night).
 */
export async function liveLeaderboard(date: string, client: Tx = db) {
  const results = await getNightResults(date, client);
  const listed = new Set(results.flights.flatMap((f) => f.rows.map((r) => r.golferId)));
  const [roundsThru, onCourse] = await Promise.all([roundHoles(date, client), onTheCourse(date, listed, client)]);
  const thru = new Map(roundsThru);
  const holes = new Map(roundsThru);
  for (const golfer of onCourse) {
    thru.set(golfer.row.golferId, golfer.thru);
    holes.set(golfer.row.golferId, golfer.holes);
  }
  const night: NightResults = {
    ...results,
    flights: [...FLIGHT_NUMBERS, null].flatMap((flightNo) => {
      const rows = [
        ...(results.flights.find((f) => f.flightNo === flightNo)?.rows ?? []),
        ...onCourse
          .filter((golfer) => golfer.flightNo === flightNo)
          .sort(byProgress)
          .map((golfer) => golfer.row),
      ];
      return rows.length > 0 ? [{ flightNo, rows }] : [];
    }),
  };
  const flights = night.flights.map((f) => ({
    key: f.flightNo ?? 'none',
    rows: f.rows.map(({ golferId, ...row }) => ({ id: golferId, ...row, thru: thru.get(golferId) ?? null })),
  }));
  const inPlay = flights.some((f) => f.rows.some((r) => r.thru === null || r.thru < (holes.get(r.id) ?? 9)));
  const version = crypto
    .createHash('sha1')
    .update(JSON.stringify([night.status, inPlay, flights]))
    .digest('base64url')
    .slice(0, 16);
  const board: LiveLeaderboard = { date, version, status: night.status, inPlay, flights };
  return { night, board };
}

/** /stats/results/{date} with 'Thru' on its rows and the leaderboard's version, from one read of the night. */
export async function liveResultsPage(date: string, url: URL, client: Tx = db) {
  const { night, board } = await liveLeaderboard(date, client);
  const page = await nightResultsPage(date, url, client, night);
  const thruOf = new Map(board.flights.flatMap((f) => f.rows.map((r) => [r.id, r.thru] as const)));
  return {
    ...page,
    version: board.version,
    inPlay: board.inPlay,
    flights: page.flights.map((f) => ({ ...f, rows: f.rows.map((r) => ({ ...r, thru: thruOf.get(r.id) ?? null })) })),
  };
}
