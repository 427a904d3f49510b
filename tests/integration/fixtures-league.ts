// Test data for the rounds, flights and points tests, made through the app's models (courses and memberships have
// no model of ours to call, so they are written directly).
import { createGolfer } from '~/models/golfers.server';
import { recomputeHandicaps } from '~/models/handicaps.server';
import { createRound } from '~/models/rounds.server';
import { db } from '~/db/db.server';
import { unique } from './helpers';

export async function newGolfer(lastName = unique('Golfer')) {
  return createGolfer({ firstName: 'Test', lastName }, null);
}

export async function newCourse(coursePar = 36, courseName = unique('Course')) {
  return db.course.create({ data: { courseName, coursePar, courseLength: '3.2 miles' } });
}

export async function newMembership(
  golferId: number,
  season: number,
  data: { registered?: boolean; paid?: boolean; estimatedScore?: number | null } = {},
) {
  return db.membership.create({
    data: {
      golferId,
      season,
      registered: data.registered ?? true,
      paid: data.paid ?? true,
      estimatedScore: data.estimatedScore ?? null,
    },
  });
}

/** A golfer's rounds in date order with the computed columns, for compact assertions. */
export async function columnsOf(golferId: number) {
  const rounds = await db.round.findMany({ where: { golferId }, orderBy: [{ date: 'asc' }, { id: 'asc' }] });
  return rounds.map((r) => [r.date, r.grossScore, r.hcpIndexBefore, r.netScore, r.hcpIndexAfter]);
}

/**
 * `roundsEach` rounds for each golfer (Mondays-ish from May 1 of `season`, four a month), written in one transaction
 * without recomputing per round and then recomputed once, as an import does: a season large enough to count queries.
 */
export async function seedSeasonRounds(season: number, golferIds: number[], roundsEach: number, courseId?: number) {
  await db.$transaction(
    async (tx) => {
      for (const golferId of golferIds) {
        for (let r = 0; r < roundsEach; r++) {
          const date = `${season}-${String(5 + Math.floor(r / 4)).padStart(2, '0')}-${String(1 + (r % 4) * 7).padStart(2, '0')}`;
          await createRound({ golferId, courseId, date, grossScore: 36 + ((golferId + r) % 12) }, null, tx, {
            recompute: false,
          });
        }
      }
      await recomputeHandicaps(tx, golferIds);
    },
    { timeout: 120_000 },
  );
}
