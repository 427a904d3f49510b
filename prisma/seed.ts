import { currentSeason } from '../app/domain/season';
import { createCourse } from '../app/models/courses.server';
import { createFlightAssignment } from '../app/models/flights.server';
import { createGolfer } from '../app/models/golfers.server';
import { recomputeHandicaps } from '../app/models/handicaps.server';
import { createMembership } from '../app/models/memberships.server';
import { calculatePointsForDate } from '../app/models/points.server';
import { createRounds } from '../app/models/rounds.server';
import { assignGolferToTeeTime, asPosition, generateSeasonTeeTimes } from '../app/models/tee-times.server';
import type { Db } from '../app/utils/db.server';

const NAMES: Array<[string, string, string | null]> = [
  ['Avery', 'Lindqvist', null],
  ['Jordan', 'Okafor', 'Jo'],
  ['Casey', 'Brennan', null],
  ['Morgan', 'Healy', null],
  ['Riley', 'Kowalski', 'Ski'],
  ['Taylor', 'Nguyen', null],
  ['Drew', 'Patel', null],
  ['Jamie', 'Fournier', null],
  ['Quinn', 'Hartman', null],
  ['Reese', 'Mitchell', 'Doc'],
  ['Parker', 'Sandoval', null],
  ['Emerson', 'Byrne', null],
  ['Rowan', 'Castellano', null],
  ['Sasha', 'Whitfield', null],
  ['Blake', 'Johansson', null],
  ['Hayden', 'Moreau', 'Scrub'],
];

/**
 * A small demo league for a first look, written through the same models the pages use: one par-36 course,
 * 16 golfers in 4 flights with memberships for the current season, three weeks of rounds with computed
 * handicaps and points, and the standing tee times with two golfers in each of the first slots.
 */
export async function seedDemoLeague(db: Db): Promise<string> {
  const season = currentSeason();
  const dates = [`${season}-05-18`, `${season}-05-25`, `${season}-06-01`];

  const golferIds = await db.$transaction(
    async (tx) => {
      const course = await createCourse(
        { courseName: 'Boyne Highlands Front Nine', coursePar: 36, courseLength: '3,150 yards' },
        tx,
      );
      const ids: number[] = [];
      const rounds = [];
      for (const [i, [firstName, lastName, nickname]] of NAMES.entries()) {
        const email = `${firstName}.${lastName}@example.org`.toLowerCase();
        const golfer = await createGolfer(
          {
            firstName,
            lastName,
            nickname: nickname ?? undefined,
            email,
            phone: `231-555-${String(1000 + i * 37).padStart(4, '0')}`,
          },
          tx,
        );
        ids.push(golfer.id);
        const estimatedScore = 38 + Math.floor(i / 4) * 4 + (i % 4);
        await createMembership(
          {
            golferId: golfer.id,
            season,
            registered: true,
            paid: i % 7 !== 3,
            estimatedScore,
            registrationDatetime: new Date(Date.UTC(season, 3, 1 + i, 14)),
          },
          tx,
        );
        await createFlightAssignment(
          { golferId: golfer.id, season, flightNo: String(Math.floor(i / 4) + 1) as '1' | '2' | '3' | '4' },
          tx,
        );
        for (const [d, date] of dates.entries()) {
          rounds.push({
            golferId: golfer.id,
            courseId: course.id,
            date,
            season,
            grossScore: estimatedScore + ((i * 3 + d * 5) % 7) - 3,
          });
        }
      }
      await createRounds(rounds, tx, { recompute: false });
      await recomputeHandicaps(tx, ids);
      // Points as an administrator's "Calculate points" gives them, so the demo standings are not all zero.
      for (const date of dates) await calculatePointsForDate(date, tx);
      return ids;
    },
    { timeout: 60_000 },
  );

  const { total } = await generateSeasonTeeTimes(season);
  const slots = await db.teeTime.findMany({ where: { season }, orderBy: { time: 'asc' }, select: { id: true } });
  for (const [i, golferId] of golferIds.entries()) {
    await assignGolferToTeeTime({
      teeTimeId: slots[Math.floor(i / 2)].id,
      position: asPosition((i % 2) + 1),
      golferId,
    });
  }
  return `${golferIds.length} golfers in 4 flights, 1 course, ${golferIds.length * dates.length} rounds, ${total} standing tee times for ${season}`;
}
