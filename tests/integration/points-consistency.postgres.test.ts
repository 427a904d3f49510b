import { describe, expect, it } from 'vitest';
import type { Db } from '~/db/db.server';
import { failureOf } from '~/web/http.server';
import { withPostgres } from './pg-server';
import { pointsConsistencyCases } from './points-consistency-cases';

// Points are never stale (docs/decisions/075-points-never-stale.md), on a real PostgreSQL server, where a failed
// statement ends its transaction: the same cases as on SQLite, and a race the checks cannot see.

let db: Db;
withPostgres((ready) => (db = ready));

describe('points stay consistent with the rounds (PostgreSQL)', () => {
  pointsConsistencyCases(2013, () => db);

  it("answers a round recorded by another request between the check and the insert with the form's 409", async () => {
    const { createGolfer } = await import('~/models/golfers.server');
    const { createRound } = await import('~/models/rounds.server');
    const golfer = await createGolfer({ firstName: 'Race', lastName: 'Pg' }, null);
    const input = { golferId: golfer.id, date: '2013-09-09', grossScore: 40 };
    let insertedFirst!: () => void;
    const inserted = new Promise<void>((resolve) => (insertedFirst = resolve));
    let letGo!: () => void;
    const gate = new Promise<void>((resolve) => (letGo = resolve));
    // The first request has inserted its round but not committed: the second sees no clash, and its insert waits
    // on the unique index until the first commits, then fails.
    const first = db.$transaction(async (tx) => {
      await createRound(input, null, tx);
      insertedFirst();
      await gate;
    });
    await inserted;
    const second = createRound({ ...input, grossScore: 41 }, null).then(() => null, failureOf);
    await new Promise((resolve) => setTimeout(resolve, 500));
    letGo();
    await first;
    const message = 'This golfer already has a round on September 9, 2013';
    expect(await second).toEqual({ status: 409, message, errors: { date: [message] } });
    expect(await db.round.findMany({ where: { golferId: golfer.id }, select: { grossScore: true } })).toEqual([
      { grossScore: 40 },
    ]);
  });
});
