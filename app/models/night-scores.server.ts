import { holesByCourse, type HoleRow } from '~/models/holes.server';
import { seasonGroupsOnNight } from '~/models/night-groups.server';
import { db, type Tx } from '~/db/db.server';
import { scorecardStatus, type ScorecardState } from '~/domain/scorecard';
import type { PlayedHole } from '~/domain/skins';

/**
 * A night's scores across its cards (docs/product/scorecards.md, docs/decisions/124-live-results-and-skins.md): the
 * administrators' game-night list, the hole scores the live leaderboard and the skins read, and a golfer's holes of
 * a season (hole statistics). Reads only; the cards themselves are app/models/scorecards.server.ts.
 */

export type NightGroup = {
  teeTimeId: number;
  time: string;
  golfers: string[];
  state: ScorecardState | null;
  status: string;
  thru: number;
  scorerName: string | null;
};

/**
 * The administrators' game-night list: every group of the night (who plays in it that night, subs in the spots of
 * golfers Out) with its card's state and scorer. Five queries.
 */
export async function listNightScorecards(date: string, client: Tx = db): Promise<NightGroup[]> {
  const groups = await seasonGroupsOnNight(date, client);
  const names = await client.golfer.findMany({
    where: { id: { in: [...new Set(groups.flatMap((g) => g.golferIds))] } },
    select: { id: true, fullName: true },
  });
  const nameOf = new Map(names.map((g) => [g.id, g.fullName]));
  const cards = await client.scorecard.findMany({
    where: { date },
    select: { id: true, teeTimeId: true, state: true },
  });
  // Each card's latest hole entry: its writer keeps the score.
  const latest = await client.holeScore.findMany({
    where: { scorecard: { date } },
    orderBy: [{ scorecardId: 'asc' }, { writtenAt: 'desc' }],
    distinct: ['scorecardId'],
    select: { scorecardId: true, writtenBy: true },
  });
  const scorerOf = new Map(latest.map((l) => [l.scorecardId, l.writtenBy]));
  const counts = await client.holeScore.groupBy({
    by: ['scorecardId', 'golferId'],
    where: { scorecard: { date } },
    _count: { _all: true },
  });
  const thruOf = new Map<number, number>();
  for (const c of counts) thruOf.set(c.scorecardId, Math.max(thruOf.get(c.scorecardId) ?? 0, c._count._all));
  const cardOf = new Map(cards.map((c) => [c.teeTimeId, c]));
  return groups
    .map((group) => {
      const golfers = group.golferIds.flatMap((id) => (nameOf.has(id) ? [nameOf.get(id)!] : []));
      const card = cardOf.get(group.teeTimeId);
      const state = (card?.state ?? null) as ScorecardState | null;
      const thru = card ? (thruOf.get(card.id) ?? 0) : 0;
      return {
        teeTimeId: group.teeTimeId,
        time: group.time,
        golfers,
        state,
        status: scorecardStatus(state, thru),
        thru,
        scorerName: card ? (scorerOf.get(card.id) ?? null) : null,
      };
    })
    .filter((g) => g.golfers.length > 0 || g.state !== null);
}

export type NightHoleScore = {
  golferId: number;
  teeTimeId: number;
  hole: number;
  /** Gross strokes, capped at double par. */
  strokes: number;
  state: ScorecardState;
  courseId: number | null;
};

/** A night's hole scores, every card: per golfer and hole the gross strokes and the card's state. One query. */
export async function listNightHoleScores(date: string, client: Tx = db): Promise<NightHoleScore[]> {
  const rows = await client.holeScore.findMany({
    where: { scorecard: { date } },
    select: {
      golferId: true,
      holeNumber: true,
      strokes: true,
      scorecard: { select: { teeTimeId: true, state: true, courseId: true } },
    },
    orderBy: [{ golferId: 'asc' }, { holeNumber: 'asc' }],
  });
  return rows.map((r) => ({
    golferId: r.golferId,
    teeTimeId: r.scorecard.teeTimeId,
    hole: r.holeNumber,
    strokes: r.strokes,
    state: r.scorecard.state as ScorecardState,
    courseId: r.scorecard.courseId,
  }));
}

/** One golfer's card of a night, as the live leaderboard and the skins read it. */
export type NightCard = {
  golferId: number;
  courseId: number | null;
  attested: boolean;
  /** Hole number → stored (capped) strokes; a hole not played is absent. */
  strokes: Record<number, number>;
};

/**
 * Every golfer's card of a night (from `listNightHoleScores`) and the holes of the courses they are played on. A
 * golfer with scores on two cards of one night (a sub moved between groups) is read from the attested one, else the
 * first. Two queries.
 */
export async function nightHoleCards(
  date: string,
  client: Tx = db,
): Promise<{ cards: NightCard[]; holesOf: Map<number, HoleRow[]> }> {
  const scores = await listNightHoleScores(date, client);
  const byCard = new Map<string, NightCard>();
  for (const s of scores) {
    const key = `${s.golferId}|${s.teeTimeId}`;
    let card = byCard.get(key);
    if (!card) {
      card = { golferId: s.golferId, courseId: s.courseId, attested: s.state === 'attested', strokes: {} };
      byCard.set(key, card);
    }
    card.strokes[s.hole] = s.strokes;
  }
  const byGolfer = new Map<number, NightCard>();
  for (const card of byCard.values()) {
    const seen = byGolfer.get(card.golferId);
    if (!seen || (card.attested && !seen.attested)) byGolfer.set(card.golferId, card);
  }
  const courseIds = [...new Set(scores.flatMap((s) => (s.courseId === null ? [] : [s.courseId])))];
  const holesOf = courseIds.length === 0 ? new Map<number, HoleRow[]>() : await holesByCourse(courseIds, client);
  return { cards: [...byGolfer.values()], holesOf };
}

/** Every hole a golfer played in a season on attested cards, with its par (hole stats). Two queries. */
export async function golferHoles(golferId: number, season: number, client: Tx = db): Promise<PlayedHole[]> {
  const rows = await client.holeScore.findMany({
    where: {
      golferId,
      scorecard: { state: 'attested', date: { gte: `${season}-01-01`, lte: `${season}-12-31` } },
    },
    select: { holeNumber: true, strokes: true, scorecard: { select: { courseId: true } } },
    orderBy: [{ scorecardId: 'asc' }, { holeNumber: 'asc' }],
  });
  const courseIds = [...new Set(rows.flatMap((r) => (r.scorecard.courseId === null ? [] : [r.scorecard.courseId])))];
  if (courseIds.length === 0) return [];
  const holesOf = await holesByCourse(courseIds, client);
  return rows.flatMap((r) => {
    const hole = holesOf.get(r.scorecard.courseId ?? -1)?.find((h) => h.number === r.holeNumber);
    return hole ? [{ number: r.holeNumber, par: hole.par, strokes: r.strokes }] : [];
  });
}
