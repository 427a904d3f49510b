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
