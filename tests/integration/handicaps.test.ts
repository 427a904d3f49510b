import { describe, expect, it } from 'vitest';
import { currentHandicaps, recomputeCourseHandicaps, recomputeHandicaps } from '~/models/handicaps.server';
import { calculatePointsForDate } from '~/models/points.server';
import { createRound, createRounds, deleteRound, updateRound } from '~/models/rounds.server';
import { db, queryCount } from '~/db/db.server';
import { InvalidError } from '~/domain/errors';
import { failureOf } from '~/web/http.server';
import { columnsOf, newCourse, newGolfer, newMembership } from './fixtures-league';
import { failureFrom } from './helpers';

describe('handicap columns stored with each round', () => {
  it('computes before, net and after for each new round, whatever order they are recorded in', async () => {
    const golfer = await newGolfer();
    const course = await newCourse(36);
    // Recorded out of order: the June round first.
    await createRound({ golferId: golfer.id, courseId: course.id, date: '2025-06-02', grossScore: 42 }, null);
    await createRound({ golferId: golfer.id, courseId: course.id, date: '2025-05-19', grossScore: 40 }, null);
    await createRound({ golferId: golfer.id, courseId: course.id, date: '2025-06-09', grossScore: 38 }, null);
    expect(await columnsOf(golfer.id)).toEqual([
      ['2025-05-19', 40, null, 40, 3], // [4] → 3.2
      ['2025-06-02', 42, 3, 39, 4], // [4, 6] → 4
      ['2025-06-09', 38, 4, 34, 3], // [4, 6, 2] → 3.2
    ]);
  });

  it('updates every later handicap of the golfer when an early round is edited', async () => {
    const golfer = await newGolfer();
    const first = await createRound({ golferId: golfer.id, date: '2025-05-19', grossScore: 40 }, null);
    for (const [date, gross] of [
      ['2025-06-02', 40],
      ['2025-06-09', 40],
      ['2025-06-16', 40],
      ['2025-06-23', 40],
    ] as const) {
      await createRound({ golferId: golfer.id, date, grossScore: gross }, null);
    }
    // All at +4: every handicap after is 3 (3.2).
    expect((await columnsOf(golfer.id)).map((r) => r[4])).toEqual([3, 3, 3, 3, 3]);

    await updateRound(first.id, { golferId: golfer.id, date: '2025-05-19', grossScore: 50 }, null);
    expect(await columnsOf(golfer.id)).toEqual([
      ['2025-05-19', 50, null, 50, 11], // [14] → 11.2
      ['2025-06-02', 40, 11, 29, 7], // [14, 4] → 7.2
      ['2025-06-09', 40, 7, 33, 6], // [14, 4, 4] → 5.87
      ['2025-06-16', 40, 6, 34, 5], // [14, 4, 4, 4] → 5.2
      ['2025-06-23', 40, 5, 35, 5], // [14, 4×4] → 4.8
    ]);
  });

  it('recomputes the later rounds when a round is deleted', async () => {
    const golfer = await newGolfer();
    const first = await createRound({ golferId: golfer.id, date: '2025-05-19', grossScore: 56 }, null);
    await createRound({ golferId: golfer.id, date: '2025-06-02', grossScore: 36 }, null);
    expect((await columnsOf(golfer.id))[1]).toEqual(['2025-06-02', 36, 16, 20, 8]); // [20, 0] → 8
    await deleteRound(first.id, null);
    expect(await columnsOf(golfer.id)).toEqual([['2025-06-02', 36, null, 36, 0]]);
  });

  it('recomputes both golfers when a round is moved to another golfer', async () => {
    const ann = await newGolfer();
    const bob = await newGolfer();
    await createRound({ golferId: ann.id, date: '2025-05-19', grossScore: 40 }, null);
    const moving = await createRound({ golferId: ann.id, date: '2025-06-02', grossScore: 46 }, null);
    await createRound({ golferId: bob.id, date: '2025-06-09', grossScore: 36 }, null);
    await updateRound(moving.id, { golferId: bob.id, date: '2025-06-02', grossScore: 46 }, null);
    expect(await columnsOf(ann.id)).toEqual([['2025-05-19', 40, null, 40, 3]]);
    expect(await columnsOf(bob.id)).toEqual([
      ['2025-06-02', 46, null, 46, 8], // [10] → 8
      ['2025-06-09', 36, 8, 28, 4], // [10, 0] → 4
    ]);
  });

  it('refuses a second round of one golfer on one date', async () => {
    const golfer = await newGolfer();
    await createRound({ golferId: golfer.id, date: '2025-06-02', grossScore: 46 }, null);
    await expect(createRound({ golferId: golfer.id, date: '2025-06-02', grossScore: 36 }, null)).rejects.toThrow(
      'This golfer already has a round on',
    );
    expect(await columnsOf(golfer.id)).toEqual([['2025-06-02', 46, null, 46, 8]]);
  });

  it("starts from three entries of the membership's estimated score", async () => {
    const golfer = await newGolfer();
    await newMembership(golfer.id, 2025, { estimatedScore: 45 });
    await createRound({ golferId: golfer.id, date: '2025-05-19', grossScore: 36 }, null);
    // before: [9, 9, 9] → 7.2; after: [9, 9, 9, 0] → 5.4
    expect(await columnsOf(golfer.id)).toEqual([['2025-05-19', 36, 7, 29, 5]]);
  });

  it('leaves special-event rounds (the practice round) out of the handicap', async () => {
    const golfer = await newGolfer();
    await createRound({ golferId: golfer.id, date: '2025-05-05', grossScore: 60 }, null); // practice round
    await createRound({ golferId: golfer.id, date: '2025-05-19', grossScore: 40 }, null);
    expect(await columnsOf(golfer.id)).toEqual([
      ['2025-05-05', 60, null, 60, null],
      ['2025-05-19', 40, null, 40, 3],
    ]);
  });

  it('uses half the par of a course entered with its 18-hole par, and recomputes when the par changes', async () => {
    const golfer = await newGolfer();
    const course = await newCourse(72);
    await createRound({ golferId: golfer.id, courseId: course.id, date: '2025-05-19', grossScore: 45 }, null);
    expect(await columnsOf(golfer.id)).toEqual([['2025-05-19', 45, null, 45, 7]]); // [9] → 7.2
    await db.$transaction(async (tx) => {
      await tx.course.update({ where: { id: course.id }, data: { coursePar: 35 } });
      await recomputeCourseHandicaps(tx, course.id);
    });
    expect(await columnsOf(golfer.id)).toEqual([['2025-05-19', 45, null, 45, 8]]); // [10] → 8
  });

  it('caps a blow-up round at double par for the handicap only', async () => {
    const golfer = await newGolfer();
    await createRound({ golferId: golfer.id, date: '2025-05-19', grossScore: 90 }, null);
    expect(await columnsOf(golfer.id)).toEqual([['2025-05-19', 90, null, 90, 29]]); // [36] → 28.8
  });

  it('lets an import defer the recomputation to one call at the end of its transaction', async () => {
    const golfer = await newGolfer();
    await db.$transaction(async (tx) => {
      await createRound({ golferId: golfer.id, date: '2025-05-19', grossScore: 40 }, null, tx, { recompute: false });
      await createRound({ golferId: golfer.id, date: '2025-06-02', grossScore: 42 }, null, tx, { recompute: false });
      const pending = await tx.round.findMany({ where: { golferId: golfer.id } });
      expect(pending.every((r) => r.hcpIndexAfter === null)).toBe(true);
      await recomputeHandicaps(tx, [golfer.id]);
    });
    expect(await columnsOf(golfer.id)).toEqual([
      ['2025-05-19', 40, null, 40, 3],
      ['2025-06-02', 42, 3, 39, 4],
    ]);
  });

  it("rolls back the round and the recomputation with the caller's transaction", async () => {
    const golfer = await newGolfer();
    await createRound({ golferId: golfer.id, date: '2025-05-19', grossScore: 40 }, null);
    await expect(
      db.$transaction(async (tx) => {
        await createRound({ golferId: golfer.id, date: '2025-05-12', grossScore: 50 }, null, tx);
        throw new Error('the import failed on a later row');
      }),
    ).rejects.toThrow('later row');
    expect(await columnsOf(golfer.id)).toEqual([['2025-05-19', 40, null, 40, 3]]);
  });

  it('refuses a round for a golfer or course that does not exist, saving nothing', async () => {
    const golfer = await newGolfer();
    const error = await createRound(
      {
        golferId: golfer.id,
        courseId: 987654,
        date: '2025-05-19',
        grossScore: 40,
      },
      null,
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidError);
    expect(failureOf(error)).toMatchObject({ status: 400, errors: { courseId: ['Course #987654 does not exist'] } });
    expect(
      await failureFrom(createRound({ golferId: 987654, date: '2025-05-19', grossScore: 40 }, null)),
    ).toMatchObject({
      status: 400,
      errors: { golferId: ['Golfer #987654 does not exist'] },
    });
    expect(await db.round.count({ where: { golferId: golfer.id } })).toBe(0);
  });
});

describe('createRounds (batch, for imports)', () => {
  it('inserts many rounds and recomputes each golfer once, in date order', async () => {
    const { createRounds } = await import('~/models/rounds.server');
    const ann = await newGolfer();
    const bob = await newGolfer();
    const count = await createRounds(
      [
        { golferId: ann.id, date: '2025-06-02', grossScore: 42 },
        { golferId: bob.id, date: '2025-06-02', grossScore: 36 },
        { golferId: ann.id, date: '2025-05-19', grossScore: 40 },
      ],
      null,
    );
    expect(count).toBe(3);
    expect(await columnsOf(ann.id)).toEqual([
      ['2025-05-19', 40, null, 40, 3],
      ['2025-06-02', 42, 3, 39, 4],
    ]);
    expect(await columnsOf(bob.id)).toEqual([['2025-06-02', 36, null, 36, 0]]);
  });

  it('names every missing golfer and course and writes nothing', async () => {
    const { createRounds } = await import('~/models/rounds.server');
    const golfer = await newGolfer();
    const error = await createRounds(
      [
        { golferId: golfer.id, date: '2025-06-02', grossScore: 42 },
        { golferId: 888888, date: '2025-06-02', grossScore: 42 },
        { golferId: golfer.id, courseId: 777777, date: '2025-06-09', grossScore: 42 },
      ],
      null,
    ).catch((e: unknown) => e);
    expect(failureOf(error)).toMatchObject({
      status: 400,
      errors: { golferId: ['Golfer #888888 does not exist'], courseId: ['Course #777777 does not exist'] },
    });
    expect(await db.round.count({ where: { golferId: golfer.id } })).toBe(0);
  });
});

describe('handicaps of many golfers at once', () => {
  it("works past SQLite's 999-parameter limit (1,200 golfers in one call)", async () => {
    const tag = `Bulk${Date.now()}`;
    await db.golfer.createMany({
      data: Array.from({ length: 1200 }, (_, i) => ({ firstName: `G${i}`, lastName: tag, fullName: `G${i} ${tag}` })),
    });
    const golfers = await db.golfer.findMany({ where: { lastName: tag }, select: { id: true } });
    await db.round.createMany({
      data: golfers.map((g) => ({ golferId: g.id, date: '2025-06-02', season: 2025, grossScore: 41 })),
    });
    const ids = golfers.map((g) => g.id);
    await db.$transaction((tx) => recomputeHandicaps(tx, ids), { timeout: 120_000 });
    const handicaps = await currentHandicaps(db, ids);
    expect(handicaps.size).toBe(1200);
    // One round of 41 at the default par 36: 0.8 × 5 = 4.
    expect(new Set(handicaps.values())).toEqual(new Set([4]));
    expect(await db.round.count({ where: { golferId: { in: ids.slice(0, 500) }, hcpIndexAfter: 4 } })).toBe(500);
  });
});

describe('the schedule in the database decides which rounds count', () => {
  it('leaves a rained-out date out of the handicap, and refuses its points', async () => {
    // A season of its own, so marking a rain-out changes none of the 2025 dates the other tests use.
    await db.season.create({
      data: {
        year: 2019,
        feeCents: 15000,
        schedule: {
          create: ['2019-06-03', '2019-06-10', '2019-06-17'].map((date, i) => ({
            date,
            weekNumber: i + 1,
            event: 'League Play',
            kind: 'regular-round',
          })),
        },
      },
    });
    const golfer = await newGolfer();
    await createRound({ golferId: golfer.id, date: '2019-06-03', grossScore: 40 }, null);
    await createRound({ golferId: golfer.id, date: '2019-06-10', grossScore: 50 }, null);
    await createRound({ golferId: golfer.id, date: '2019-06-17', grossScore: 40 }, null);
    expect(await columnsOf(golfer.id)).toEqual([
      ['2019-06-03', 40, null, 40, 3], // [4] → 3.2
      ['2019-06-10', 50, 3, 47, 7], // [4, 14] → 7.2
      ['2019-06-17', 40, 7, 33, 6], // [4, 14, 4] → 5.87
    ]);

    await db.scheduleEntry.update({
      where: { season_date: { season: 2019, date: '2019-06-10' } },
      data: { rainOut: true },
    });
    await db.$transaction((tx) => recomputeHandicaps(tx, [golfer.id]));
    expect(await columnsOf(golfer.id)).toEqual([
      ['2019-06-03', 40, null, 40, 3],
      ['2019-06-10', 50, 3, 47, 3], // played with a handicap, but changes nothing
      ['2019-06-17', 40, 3, 37, 3], // [4, 4] → 3.2
    ]);
    expect(await failureFrom(calculatePointsForDate('2019-06-10', null))).toMatchObject({
      status: 400,
      message: 'June 10, 2019 is a rain-out: its rounds count for neither handicap nor standings',
      errors: { date: ['Rained-out rounds do not get points'] },
    });
  });

  it('reads the schedules in the same number of queries for one golfer or many over several seasons', async () => {
    const count = async (ids: number[]) => {
      const before = queryCount();
      await currentHandicaps(db, ids);
      return queryCount() - before;
    };
    const one = await newGolfer();
    await createRound({ golferId: one.id, date: '2025-06-02', grossScore: 40 }, null);
    const small = await count([one.id]);
    const many: number[] = [];
    for (let i = 0; i < 20; i++) {
      const golfer = await newGolfer();
      many.push(golfer.id);
      await createRounds(
        ['2023-06-05', '2024-06-03', '2025-05-05', '2025-06-02'].map((date) => ({
          golferId: golfer.id,
          date,
          grossScore: 40 + i,
        })),
        null,
      );
    }
    expect(await count(many)).toBe(small);
  });
});
