import { expect } from 'vitest';
import { createFlightAssignment } from '~/models/flights.server';
import { createGolfer } from '~/models/golfers.server';
import { createRound } from '~/models/rounds.server';
import { unique } from './helpers';

/** A night of its own (a date no other test uses) with two golfers of flight 1 and one round. */
export async function liveNight(year: number) {
  const day = String(1 + Math.floor(Math.random() * 28)).padStart(2, '0');
  const month = String(1 + Math.floor(Math.random() * 12)).padStart(2, '0');
  const date = `${year}-${month}-${day}`;
  const golfer = async (first: string) => {
    const created = await createGolfer({ firstName: first, lastName: unique('Live') }, null);
    await createFlightAssignment({ golferId: created.id, season: year, flightNo: '1' }, null);
    return created;
  };
  const ann = await golfer('Ann');
  const bo = await golfer('Bo');
  await createRound({ golferId: ann.id, date, season: year, grossScore: 44 }, null);
  return { date, year, ann, bo };
}

/** The ids of a leaderboard's flight-1 rows with their 'Thru'. */
export function rowsOf(board: { flights: { key: string; rows: { id: number; thru: number | null }[] }[] }) {
  const flight = board.flights.find((f) => f.key === '1');
  expect(flight, 'flight 1 is on the leaderboard').toBeDefined();
  return flight!.rows.map((r) => [r.id, r.thru]);
}

const ADMIN = { id: 0, username: 'live-admin' };
/** An administrator keeping score: writes any hole, confirms any card (docs/product/scorecards.md). */
export const ADMIN_SCORER = { name: 'Live Admin', golferId: null, actor: ADMIN };
let teeMinute = 0;

/**
 * A card of its own on `date`: a nine (par 4 on every hole unless `pars` says otherwise, stroke index = hole number),
 * a tee time of `golfers` in the date's season, the night started on that course, and each golfer's strokes written
 * through the scorecards model as an administrator would (strokes[i] of golfers[i]; null leaves a hole empty).
 */
export async function playCard(
  date: string,
  golfers: { id: number }[],
  strokes: (number | null)[][],
  pars: number[] = Array.from({ length: 9 }, () => 4),
) {
  const [{ createCourse }, { setCourseHoles }, made, writes, life, { db }] = await Promise.all([
    import('~/models/courses.server'),
    import('~/models/holes.server'),
    import('~/models/scorecards.server'),
    import('~/models/scorecard-writes.server'),
    import('~/features/scorecards/card-life.server'),
    import('~/db/db.server'),
  ]);
  const cards = { ...made, ...writes, ...life };
  const season = Number(date.slice(0, 4));
  const coursePar = pars.reduce((a, b) => a + b, 0);
  const course = await createCourse({ courseName: unique('Live Links'), coursePar, courseLength: '3000' }, null);
  await setCourseHoles(
    course.id,
    pars.map((par, i) => ({ number: i + 1, par, strokeIndex: i + 1 })),
    null,
  );
  teeMinute += 1;
  const slot = await db.teeTime.create({
    data: {
      time: `${String(10 + Math.floor(teeMinute / 60)).padStart(2, '0')}:${String(teeMinute % 60).padStart(2, '0')}`,
      season,
      golfer1Id: golfers[0]?.id ?? null,
      golfer2Id: golfers[1]?.id ?? null,
      golfer3Id: golfers[2]?.id ?? null,
      golfer4Id: golfers[3]?.id ?? null,
    },
  });
  await cards.startNight(date, course.id, ADMIN);
  const teeTimeId = slot.id;
  const write = (index: number, holes: (number | null)[]) =>
    cards.writeHoleScores(
      date,
      teeTimeId,
      holes.flatMap((s, i) =>
        s === null ? [] : [{ clientId: unique('hole'), golferId: golfers[index].id, hole: i + 1, strokes: s }],
      ),
      ADMIN_SCORER,
    );
  for (const [index, holes] of strokes.entries()) await write(index, holes);
  return {
    teeTimeId,
    courseId: course.id,
    /** More holes of golfers[index] (null: unchanged). */
    write,
    attest: () => cards.attestScorecard(date, teeTimeId, ADMIN_SCORER),
    reopen: () => cards.reopenScorecard(date, teeTimeId, ADMIN),
    didNotFinish: (index: number) => cards.setDidNotFinish(date, teeTimeId, golfers[index].id, true, ADMIN),
  };
}
