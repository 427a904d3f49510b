import { describe, expect, it } from 'vitest';
import type { Db } from '~/db/db.server';
import { failureOf } from '~/web/http.server';
import { withPostgres } from './pg-server';

// Seasons as data on a real PostgreSQL server (docs/product/seasons.md): the migration's 2025 season, copying,
// groupBy spans, refusals that leave the transaction and the data untouched, and the recomputation that a schedule
// change makes in its own transaction. The SQLite counterpart is seasons.test.ts.

let db: Db;
withPostgres((ready) => (db = ready));

const models = async () => ({
  ...(await import('~/models/seasons.server')),
  ...(await import('~/models/schedule-entries.server')),
});

async function entryOn(year: number, date: string) {
  const { getSeason } = await models();
  const entry = (await getSeason(year))?.schedule.find((e) => e.date === date);
  if (!entry) throw new Error(`No schedule entry on ${date}`);
  return entry;
}

describe('seasons on PostgreSQL', () => {
  it('copies 2025 into a new season and lists both with their spans', async () => {
    const { createSeason, getSchedule, listSeasons, setRainOut } = await models();
    const { copySchedule } = await import('~/domain/seasons');
    const week2 = await entryOn(2025, '2025-06-02');
    await setRainOut(2025, week2.id, true, null);
    const source = await getSchedule(2025);
    expect(source).toHaveLength(22);

    const created = await createSeason(
      {
        year: 2027,
        registrationOpens: null,
        registrationCloses: null,
        copyFrom: 2025,
      },
      null,
    );
    expect(created).toMatchObject({ year: 2027, firstDate: '2027-05-03', lastDate: '2027-09-26', entryCount: 22 });
    const copied = await getSchedule(2027);
    expect(copied).toEqual(copySchedule(source, 2027));
    expect(copied.every((e) => !e.rainOut)).toBe(true);
    expect(copied.find((e) => e.event === 'Memorial Day – No League')?.date).toBe('2027-05-31');
    expect(copied.filter((e) => e.kind === 'playoff-qualifier').map((e) => e.weekNumber)).toEqual([10, 11, 12, 13]);
    await setRainOut(2025, week2.id, false, null);

    expect((await listSeasons()).map((s) => [s.year, s.firstDate, s.lastDate, s.entryCount])).toEqual([
      [2027, '2027-05-03', '2027-09-26', 22],
      [2025, '2025-05-05', '2025-09-28', 22],
    ]);
  });

  it('refuses conflicts and bad input without changing anything, and the caller transaction goes on', async () => {
    const { createScheduleEntry, createSeason, deleteSeason, updateScheduleEntry } = await models();
    const { newMembershipFor } = await helpers();
    const before = await db.scheduleEntry.count();
    const input = { date: '2025-06-09', event: 'League Play', kind: 'regular-round' } as const;
    expect(
      await createSeason({ year: 2025, registrationOpens: null, registrationCloses: null }, null).then(
        () => null,
        failureOf,
      ),
    ).toMatchObject({ status: 409, message: 'Season 2025 already exists' });
    expect(await createScheduleEntry(2025, input, null).then(() => null, failureOf)).toMatchObject({
      status: 409,
      message: 'The schedule already has 2025-06-09',
    });
    expect(
      await createScheduleEntry(2025, { ...input, date: '2026-06-08' }, null).then(() => null, failureOf),
    ).toMatchObject({ status: 400, message: 'The date must be in 2025' });
    const week4 = await entryOn(2025, '2025-06-16');
    expect(
      await updateScheduleEntry(2025, week4.id, { ...week4, date: '2025-06-23' }, null).then(() => null, failureOf),
    ).toMatchObject({ status: 409 });

    await db.$transaction(async (tx) => {
      const again = createScheduleEntry(2025, input, null, tx);
      expect(await again.then(() => null, failureOf)).toMatchObject({ status: 409 });
      // The check came before any failing statement, so the transaction can go on.
      await createScheduleEntry(2025, { ...input, date: '2025-10-06' }, null, tx);
    });
    expect(await db.scheduleEntry.count()).toBe(before + 1);

    // A season with a membership cannot be deleted; its schedule stays.
    await newMembershipFor(2027);
    expect(await deleteSeason(2027, null).then(() => null, failureOf)).toMatchObject({
      status: 409,
      message: 'Season 2027 has rounds, memberships or tee times and cannot be deleted',
    });
    expect(await db.scheduleEntry.count({ where: { season: 2027 } })).toBe(22);
  });

  it('recomputes handicaps and points after a kind change and a rain-out, and back', async () => {
    const { setRainOut, updateScheduleEntry } = await models();
    const { createRound } = await import('~/models/rounds.server');
    const { calculatePointsForDate } = await import('~/models/points.server');
    const { createFlightAssignment } = await import('~/models/flights.server');
    const { golfer } = await helpers();
    const ann = await golfer('Ann');
    const bob = await golfer('Bob');
    await createFlightAssignment({ golferId: ann.id, season: 2025, flightNo: '2' }, null);
    await createFlightAssignment({ golferId: bob.id, season: 2025, flightNo: '2' }, null);
    // Ann's 56 on week 5 gives her a handicap of 16, so her 48 on week 6 is net 32 and beats Bob's 40.
    await createRound({ golferId: ann.id, date: '2025-06-23', grossScore: 56 }, null);
    const annNext = await createRound({ golferId: ann.id, date: '2025-06-30', grossScore: 48 }, null);
    const bobs = await createRound({ golferId: bob.id, date: '2025-06-30', grossScore: 40 }, null);
    await calculatePointsForDate('2025-06-30', null);
    const state = async () => {
      const [a, b] = await Promise.all([
        db.round.findUniqueOrThrow({ where: { id: annNext.id } }),
        db.round.findUniqueOrThrow({ where: { id: bobs.id } }),
      ]);
      return { annHcp: a.hcpIndexBefore, annNet: a.netScore, annPoints: a.points, bobPoints: b.points };
    };
    const counted = { annHcp: 16, annNet: 32, annPoints: 24, bobPoints: 23 };
    expect(await state()).toEqual(counted);

    const week5 = await entryOn(2025, '2025-06-23');
    await updateScheduleEntry(2025, week5.id, { ...week5, kind: 'practice-round' }, null);
    expect(await state()).toMatchObject({ annNet: 48, annPoints: 23, bobPoints: 24 });
    await updateScheduleEntry(2025, week5.id, week5, null);
    expect(await state()).toEqual(counted);

    await setRainOut(2025, week5.id, true, null);
    expect(await state()).toMatchObject({ annNet: 48, annPoints: 23, bobPoints: 24 });
    await setRainOut(2025, week5.id, false, null);
    expect(await state()).toEqual(counted);
  });
});

async function helpers() {
  const { createGolfer } = await import('~/models/golfers.server');
  let n = 0;
  return {
    golfer: (firstName: string) => createGolfer({ firstName, lastName: 'Seasons' }, null),
    newMembershipFor: async (season: number) => {
      n += 1;
      const g = await createGolfer({ firstName: `Member${n}`, lastName: 'Seasons' }, null);
      return db.membership.create({ data: { golferId: g.id, season, registered: true, paid: true } });
    },
  };
}
