import { describe, expect, it } from 'vitest';
import type { Db } from '~/db/db.server';
import { failureOf } from '~/web/http.server';
import { withPostgres } from './pg-server';

// The rounds, points and flights models on a real PostgreSQL server: relation ordering, groupBy ranges,
// interactive transactions and the unique constraint behave as on SQLite.

let db: Db;
withPostgres((ready) => (db = ready));

describe('rounds, points and flights on PostgreSQL', () => {
  it('recomputes later handicaps on edit, ranks points and lists flight details', async () => {
    const { createGolfer } = await import('~/models/golfers.server');
    const { createRound, updateRound } = await import('~/models/rounds.server');
    const { calculatePointsForDate } = await import('~/models/points.server');
    const { createFlightAssignment, getFlightDetails } = await import('~/models/flights.server');
    const ann = await createGolfer({ firstName: 'Ann', lastName: 'Pg' }, null);
    const bob = await createGolfer({ firstName: 'Bob', lastName: 'Pg' }, null);
    await createFlightAssignment({ golferId: ann.id, season: 2026, flightNo: '1' }, null);
    await createFlightAssignment({ golferId: bob.id, season: 2026, flightNo: '1' }, null);
    const first = await createRound({ golferId: ann.id, date: '2026-06-01', grossScore: 40 }, null);
    const second = await createRound({ golferId: ann.id, date: '2026-06-08', grossScore: 40 }, null);
    const bobs = await createRound({ golferId: bob.id, date: '2026-06-08', grossScore: 36 }, null);
    await updateRound(first.id, { golferId: ann.id, date: '2026-06-01', grossScore: 56 }, null);
    expect(await db.round.findUniqueOrThrow({ where: { id: second.id } })).toMatchObject({
      hcpIndexBefore: 16,
      netScore: 24,
      hcpIndexAfter: 10,
    });

    await calculatePointsForDate('2026-06-08', null);
    expect((await db.round.findUniqueOrThrow({ where: { id: second.id } })).points).toBe(24); // net 24
    expect((await db.round.findUniqueOrThrow({ where: { id: bobs.id } })).points).toBe(23); // net 36

    const details = await getFlightDetails(2026);
    expect(details.assigned.map((a) => [a.golferName, a.handicap, a.minHandicap, a.maxHandicap])).toEqual([
      ['Ann Pg', 10, 10, 16],
      ['Bob Pg', 0, 0, 0],
    ]);
  });

  it('answers a second assignment for the same season with 409 and leaves the transaction usable', async () => {
    const { createGolfer } = await import('~/models/golfers.server');
    const { createFlightAssignment } = await import('~/models/flights.server');
    const golfer = await createGolfer({ firstName: 'Cy', lastName: 'Pg' }, null);
    await createFlightAssignment({ golferId: golfer.id, season: 2026, flightNo: '2' }, null);
    const second = createFlightAssignment({ golferId: golfer.id, season: 2026, flightNo: '3' }, null);
    expect(await second.then(() => null, failureOf)).toMatchObject({ status: 409 });
    await db.$transaction(async (tx) => {
      const again = createFlightAssignment({ golferId: golfer.id, season: 2026, flightNo: '3' }, null, tx);
      expect(await again.then(() => null, failureOf)).toMatchObject({ status: 409 });
      // The check came before any failing statement, so the transaction can go on.
      await createFlightAssignment({ golferId: golfer.id, season: 2025, flightNo: '3' }, null, tx);
    });
    expect(await db.flightAssignment.count({ where: { golferId: golfer.id } })).toBe(2);
  });
});
