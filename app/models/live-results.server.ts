import crypto from 'node:crypto';
import { db, type Tx } from '~/db/db.server';
import { getNightResults, nightResultsPage } from '~/models/stats.server';
import type { LiveRow } from '~/schemas/live-results';

/*
 * The live leaderboard of a league night (SPEC-3 §D4, docs/decisions/124-live-results-and-skins.md): what
 * /stats/results/{date} shows (net by flight, places and points as the night's results compute them), each golfer with
 * 'Thru {n}', and a version that changes whenever any of it does. The event stream (app/web/live-results.server.ts)
 * sends it to every watcher; the page renders the same, so a reload without JavaScript shows what the stream sent.
 */

/** Holes each golfer of the night has played (golfer id → holes); a golfer absent from the map has not started. */
export type ThruSource = (
  date: string,
  golferIds: readonly number[],
  client: Tx,
) => Promise<ReadonlyMap<number, number>>;

/**
 * Until scorecards feed it (the lead connects their hole scores with `setThruSource`): a round entered means every
 * hole of its course played, 18 for a course entered with an 18-hole par (above 45, as `ninePar` reads it), else 9.
 */
const roundHoles: ThruSource = async (date, _golferIds, client) => {
  const rounds = await client.round.findMany({
    where: { date },
    select: { golferId: true, course: { select: { coursePar: true } } },
  });
  return new Map(rounds.map((r) => [r.golferId, (r.course?.coursePar ?? 0) > 45 ? 18 : 9]));
};

let thruSource: ThruSource = roundHoles;

/** Where 'Thru' comes from: the scorecards' hole scores, once they exist; null restores the default (a round = done). */
export function setThruSource(source: ThruSource | null): void {
  thruSource = source ?? roundHoles;
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

/** The night's leaderboard and the results it came from (a NotFoundError when `date` is no league night). */
export async function liveLeaderboard(date: string, client: Tx = db) {
  const night = await getNightResults(date, client);
  const golferIds = night.flights.flatMap((f) => f.rows.map((r) => r.golferId));
  const holes = await roundHoles(date, golferIds, client);
  const thru = thruSource === roundHoles ? holes : await thruSource(date, golferIds, client);
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
