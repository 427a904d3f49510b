import { describe, expect, it } from 'vitest';
import { copySchedule } from '~/domain/seasons';
import { createFlightAssignment } from '~/models/flights.server';
import { calculatePointsForDate } from '~/models/points.server';
import { createRound } from '~/models/rounds.server';
import {
  createScheduleEntry,
  deleteScheduleEntry,
  rainOutHints,
  setRainOut,
  updateScheduleEntry,
} from '~/models/schedule-entries.server';
import { createSeason, deleteSeason, getSchedule, getSeason, listSeasons, updateSeason } from '~/models/seasons.server';
import { scheduleEntrySchema, seasonJsonSchema, seasonSchema, seasonUpdateSchema } from '~/schemas/season';
import { db, queryCount } from '~/db/db.server';
import { newGolfer, newMembership } from './fixtures-league';
import { failureFrom } from './helpers';

// Seasons as data on SQLite (docs/product/seasons.md); the same behaviours on PostgreSQL are in
// seasons.postgres.test.ts. Every file starts from a freshly migrated database holding the 2025 season.

async function entryOn(year: number, date: string) {
  const entry = (await getSeason(year))?.schedule.find((e) => e.date === date);
  if (!entry) throw new Error(`No schedule entry on ${date}`);
  return entry;
}

async function roundOf(id: number) {
  return db.round.findUniqueOrThrow({
    where: { id },
    select: { hcpIndexBefore: true, netScore: true, hcpIndexAfter: true, points: true },
  });
}

describe('the 2025 season', () => {
  it('is created by the migration with its 22 dates', async () => {
    const season = await getSeason(2025);
    expect(season).toMatchObject({ year: 2025, firstDate: '2025-05-05', lastDate: '2025-09-28', entryCount: 22 });
    expect(season?.schedule.filter((e) => e.kind === 'playoff-qualifier').map((e) => e.weekNumber)).toEqual([
      10, 11, 12, 13,
    ]);
  });
});

describe('creating a season', () => {
  it('copies the dates, kinds and week numbers of another season, clears rain-outs and takes its fee', async () => {
    const practice = await entryOn(2025, '2025-05-05');
    await setRainOut(2025, practice.id, true, null);
    await updateSeason(2025, { feeCents: 17500, registrationOpens: null, registrationCloses: null }, null);
    const source = await getSchedule(2025);

    const created = await createSeason(
      {
        year: 2026,
        registrationOpens: '2026-02-01',
        registrationCloses: null,
        copyFrom: 2025,
      },
      null,
    );

    expect(created).toMatchObject({ year: 2026, feeCents: 17500, registrationOpens: '2026-02-01', entryCount: 22 });
    const copied = (await getSchedule(2026)).map(({ date, weekNumber, event, kind, rainOut }) => ({
      date,
      weekNumber,
      event,
      kind,
      rainOut,
    }));
    expect(copied).toEqual(copySchedule(source, 2026));
    expect(copied[0]).toEqual({
      date: '2026-05-04',
      weekNumber: null,
      event: 'Practice Round',
      kind: 'practice-round',
      rainOut: false,
    });
    expect(copied.find((e) => e.event === 'Memorial Day – No League')?.date).toBe('2026-05-25');
    expect(copied.find((e) => e.event === 'No League')?.date).toBe('2026-07-06');
    expect(copied.find((e) => e.event === 'Labor Day – No League')?.date).toBe('2026-09-07');
    await setRainOut(2025, practice.id, false, null);
  });

  it('starts empty without a season to copy, with the Settings fee when no season comes before it', async () => {
    await db.setting.upsert({
      where: { id: 1 },
      create: { id: 1, seasonFeeCents: 12000 },
      update: { seasonFeeCents: 12000 },
    });
    const created = await createSeason({ year: 2001, registrationOpens: null, registrationCloses: null }, null);
    expect(created).toMatchObject({ year: 2001, feeCents: 12000, entryCount: 0, firstDate: null, schedule: [] });
    await deleteSeason(2001, null);
  });

  it('refuses a year that exists and a season to copy that does not, changing nothing', async () => {
    const before = await db.scheduleEntry.count();
    expect(
      await failureFrom(createSeason({ year: 2025, registrationOpens: null, registrationCloses: null }, null)),
    ).toMatchObject({ status: 409, message: 'Season 2025 already exists' });
    expect(
      await failureFrom(
        createSeason({ year: 2040, registrationOpens: null, registrationCloses: null, copyFrom: 2039 }, null),
      ),
    ).toMatchObject({
      status: 400,
      message: 'Season 2039 does not exist',
      errors: { copyFrom: expect.any(Array) },
    });
    expect(await getSeason(2040)).toBeNull();
    expect(await db.scheduleEntry.count()).toBe(before);
  });

  it('lists seasons newest first in two queries', async () => {
    const start = queryCount();
    const seasons = await listSeasons();
    expect(queryCount() - start).toBe(2);
    expect(seasons.map((s) => s.year)).toEqual([2026, 2025]);
    expect(seasons[1]).toMatchObject({ firstDate: '2025-05-05', lastDate: '2025-09-28', entryCount: 22 });
  });
});

describe('deleting a season', () => {
  it('is refused while it has rounds, memberships or tee times, and allowed once it has none', async () => {
    await createSeason(
      {
        year: 2031,
        feeCents: 100,
        registrationOpens: null,
        registrationCloses: null,
        copyFrom: 2025,
      },
      null,
    );
    const golfer = await newGolfer();
    const membership = await newMembership(golfer.id, 2031);
    expect(await failureFrom(deleteSeason(2031, null))).toMatchObject({
      status: 409,
      message: 'Season 2031 has rounds, memberships or tee times and cannot be deleted',
    });
    expect((await getSeason(2031))?.entryCount).toBe(22);

    await db.membership.delete({ where: { id: membership.id } });
    const round = await createRound({ golferId: golfer.id, date: '2031-06-02', season: 2031, grossScore: 40 }, null);
    expect(await failureFrom(deleteSeason(2031, null))).toMatchObject({ status: 409 });
    await db.round.delete({ where: { id: round.id } });

    await deleteSeason(2031, null);
    expect(await getSeason(2031)).toBeNull();
    expect(await db.scheduleEntry.count({ where: { season: 2031 } })).toBe(0);
    expect(await failureFrom(deleteSeason(2031, null))).toMatchObject({ status: 404, message: 'Season not found' });
  });
});

describe('schedule dates', () => {
  it('refuses a date outside the year, a date already on the schedule and unknown records', async () => {
    const before = await db.scheduleEntry.count();
    const input = { date: '2024-06-03', event: 'League Play', kind: 'regular-round' } as const;
    expect(await failureFrom(createScheduleEntry(2025, input, null))).toMatchObject({
      status: 400,
      message: 'The date must be in 2025',
      errors: { date: ['The date must be in 2025'] },
    });
    expect(await failureFrom(createScheduleEntry(2025, { ...input, date: '2025-06-02' }, null))).toMatchObject({
      status: 409,
      message: 'The schedule already has 2025-06-02',
    });
    const week3 = await entryOn(2025, '2025-06-09');
    expect(
      await failureFrom(updateScheduleEntry(2025, week3.id, { ...week3, date: '2025-06-16' }, null)),
    ).toMatchObject({
      status: 409,
      message: 'The schedule already has 2025-06-16',
    });
    expect(await failureFrom(updateScheduleEntry(2026, week3.id, week3, null))).toMatchObject({
      status: 404,
      message: 'Schedule date not found',
    });
    expect(await failureFrom(createScheduleEntry(2099, { ...input, date: '2099-06-01' }, null))).toMatchObject({
      status: 404,
      message: 'Season not found',
    });
    expect(await failureFrom(setRainOut(2025, 999_999, true, null))).toMatchObject({ status: 404 });
    expect(await db.scheduleEntry.count()).toBe(before);
    expect(await entryOn(2025, '2025-06-09')).toEqual(week3);
  });

  it('adds, moves and deletes a date', async () => {
    const added = await createScheduleEntry(
      2026,
      {
        date: '2026-10-05',
        weekNumber: 16,
        event: 'Extra Night',
        kind: 'regular-round',
      },
      null,
    );
    expect(added).toMatchObject({ date: '2026-10-05', weekNumber: 16, rainOut: false });
    const moved = await updateScheduleEntry(2026, added.id, { ...added, date: '2026-10-12', weekNumber: null }, null);
    expect(moved).toMatchObject({ id: added.id, date: '2026-10-12', weekNumber: null });
    expect((await getSeason(2026))?.lastDate).toBe('2026-10-12');
    await deleteScheduleEntry(2026, added.id, null);
    expect((await getSeason(2026))?.lastDate).toBe('2026-09-27');
  });
});

describe('changes that alter which rounds count', () => {
  /**
   * Ann plays 2025-06-02 (56: handicap 16 afterwards) and 2025-06-09 (48: net 32); Bob only 2025-06-09 (40: net
   * 40). Both are in flight 1, and the points of 2025-06-09 are calculated: Ann 24, Bob 23.
   */
  async function league() {
    const ann = await newGolfer();
    const bob = await newGolfer();
    await createFlightAssignment({ golferId: ann.id, season: 2025, flightNo: '1' }, null);
    await createFlightAssignment({ golferId: bob.id, season: 2025, flightNo: '1' }, null);
    const annFirst = await createRound({ golferId: ann.id, date: '2025-06-02', grossScore: 56 }, null);
    const annSecond = await createRound({ golferId: ann.id, date: '2025-06-09', grossScore: 48 }, null);
    const bobs = await createRound({ golferId: bob.id, date: '2025-06-09', grossScore: 40 }, null);
    await calculatePointsForDate('2025-06-09', null);
    expect(await roundOf(annSecond.id)).toMatchObject({ hcpIndexBefore: 16, netScore: 32, points: 24 });
    expect((await roundOf(bobs.id)).points).toBe(23);
    return { annFirst, annSecond, bobs };
  }

  it('a rain-out recomputes the handicaps of that night and the points they move, and undoing it restores them', async () => {
    const { annFirst, annSecond, bobs } = await league();
    const night = await entryOn(2025, '2025-06-02');
    const counted = await roundOf(annFirst.id);

    const rained = await setRainOut(2025, night.id, true, null);
    expect(rained.rainOut).toBe(true);
    // The rained-out round no longer sets Ann's handicap, so her next round is net = gross and Bob now wins.
    expect((await roundOf(annFirst.id)).hcpIndexAfter).not.toBe(counted.hcpIndexAfter);
    expect(await roundOf(annSecond.id)).toMatchObject({ netScore: 48, points: 23 });
    expect((await roundOf(bobs.id)).points).toBe(24);

    await setRainOut(2025, night.id, false, null);
    expect(await roundOf(annFirst.id)).toEqual(counted);
    expect(await roundOf(annSecond.id)).toMatchObject({ hcpIndexBefore: 16, netScore: 32, points: 24 });
    expect((await roundOf(bobs.id)).points).toBe(23);

    // Clean up: these rounds must not move the other tests' nights.
    await db.round.deleteMany({ where: { id: { in: [annFirst.id, annSecond.id, bobs.id] } } });
  });

  it('a kind change does the same, and a date that counts again gets its points recalculated', async () => {
    const { annFirst, annSecond, bobs } = await league();
    const night = await entryOn(2025, '2025-06-02');
    await updateScheduleEntry(2025, night.id, { ...night, kind: 'fun-night' }, null);
    expect(await roundOf(annSecond.id)).toMatchObject({ netScore: 48, points: 23 });

    // 2025-06-09 stops counting: its points are kept, not recalculated, while the handicaps move back.
    const week3 = await entryOn(2025, '2025-06-09');
    await setRainOut(2025, week3.id, true, null);
    await updateScheduleEntry(2025, night.id, { ...night, kind: 'regular-round' }, null);
    expect(await roundOf(annSecond.id)).toMatchObject({ hcpIndexBefore: 16, netScore: 32, points: 23 });

    // It counts again: its points are calculated afresh.
    await setRainOut(2025, week3.id, false, null);
    expect((await roundOf(annSecond.id)).points).toBe(24);
    expect((await roundOf(bobs.id)).points).toBe(23);
    await db.round.deleteMany({ where: { id: { in: [annFirst.id, annSecond.id, bobs.id] } } });
  });

  it('deleting a special-event date makes its rounds count; adding it back undoes that', async () => {
    const golfer = await newGolfer();
    await createRound({ golferId: golfer.id, date: '2025-05-12', grossScore: 56 }, null);
    const next = await createRound({ golferId: golfer.id, date: '2025-05-19', grossScore: 40 }, null);
    const alone = await roundOf(next.id);
    expect(alone.netScore).toBe(40);

    const funNight = await entryOn(2025, '2025-05-12');
    await deleteScheduleEntry(2025, funNight.id, null);
    expect(await roundOf(next.id)).toMatchObject({ hcpIndexBefore: 16, netScore: 24 });

    const { id: _id, ...entry } = funNight;
    await createScheduleEntry(2025, entry, null);
    expect(await roundOf(next.id)).toEqual(alone);
  });

  it('leaves handicaps alone when nothing changes which rounds count', async () => {
    const golfer = await newGolfer();
    await createRound({ golferId: golfer.id, date: '2025-06-16', grossScore: 56 }, null);
    const next = await createRound({ golferId: golfer.id, date: '2025-06-23', grossScore: 40 }, null);
    const week4 = await entryOn(2025, '2025-06-16');
    await updateScheduleEntry(2025, week4.id, { ...week4, kind: 'playoff-qualifier', event: 'Renamed' }, null);
    expect(await roundOf(next.id)).toMatchObject({ hcpIndexBefore: 16, netScore: 24 });
    await updateScheduleEntry(2025, week4.id, week4, null);
  });
});

describe('rain-out hints', () => {
  it('flags past league nights where 25% or less of the paid members played', async () => {
    await createSeason(
      {
        year: 2032,
        feeCents: 100,
        registrationOpens: null,
        registrationCloses: null,
        copyFrom: 2025,
      },
      null,
    );
    const members = [await newGolfer(), await newGolfer(), await newGolfer(), await newGolfer()];
    for (const m of members) await newMembership(m.id, 2032, { paid: true });
    const unpaid = await newGolfer();
    await newMembership(unpaid.id, 2032, { paid: false });
    const play = (golferId: number, date: string) =>
      db.round.create({ data: { golferId, date, season: 2032, grossScore: 40 } });
    // 2032-05-17 (week 1): one of four (25%); 2032-06-07 (week 2): two of four; an unpaid player does not count.
    await play(members[0].id, '2032-05-17');
    await play(unpaid.id, '2032-05-17');
    await play(members[0].id, '2032-06-07');
    await play(members[1].id, '2032-06-07');

    const hints = await rainOutHints(2032, db, '2032-06-08');
    expect(hints.get('2032-05-17')).toBe(true);
    expect(hints.get('2032-06-07')).toBe(false);
    expect(hints.get('2032-05-03')).toBe(true); // practice round: nobody played
    expect(hints.has('2032-05-31')).toBe(false); // Memorial Day: no league that night
    expect(hints.has('2032-06-14')).toBe(false); // not yet played
    expect((await rainOutHints(2025, db, '2026-01-01')).size).toBe(0); // 2025 has no paid members here
  });
});

describe('season schemas', () => {
  it('reads the fee in dollars from the form and in cents from JSON', () => {
    expect(seasonSchema.parse({ year: '2027', fee: '$150.50', registrationOpens: '', copyFrom: '2025' })).toEqual({
      year: 2027,
      feeCents: 15050,
      registrationOpens: null,
      registrationCloses: null,
      copyFrom: 2025,
    });
    expect(seasonSchema.parse({ year: '2027', fee: '' })).toMatchObject({ feeCents: undefined, copyFrom: undefined });
    expect(seasonJsonSchema.parse({ year: 2027, feeCents: 15000 })).toMatchObject({ feeCents: 15000 });
  });

  it('refuses a fee below $1 or above $10,000, closes before opens, and a bad year or date', () => {
    const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
      result.error?.issues.map((i) => i.message);
    expect(messages(seasonUpdateSchema.safeParse({ fee: '0.99' }))).toEqual(['The fee must be at least $1.00']);
    expect(messages(seasonUpdateSchema.safeParse({ fee: '10000.01' }))).toEqual(['The fee can be at most $10,000.00']);
    expect(seasonUpdateSchema.safeParse({ fee: '10000' }).success).toBe(true);
    expect(
      messages(
        seasonSchema.safeParse({ year: '2027', registrationOpens: '2027-03-02', registrationCloses: '2027-03-01' }),
      ),
    ).toEqual(['Registration must close on or after the day it opens']);
    expect(messages(seasonSchema.safeParse({ year: '1999' }))).toEqual([
      'Year must be a whole number from 2000 to 2100',
    ]);
    expect(messages(seasonSchema.safeParse({ year: '2027', registrationOpens: '2027-02-30' }))).toEqual([
      'Enter a real calendar date (yyyy-mm-dd)',
    ]);
  });

  it('reads a schedule date from the form, with the rain-out checkbox', () => {
    expect(
      scheduleEntrySchema.parse({
        date: '2027-06-07',
        weekNumber: '',
        event: ' League Play ',
        kind: 'regular-round',
        rainOut: 'on',
      }),
    ).toEqual({
      date: '2027-06-07',
      weekNumber: undefined,
      event: 'League Play',
      kind: 'regular-round',
      rainOut: true,
    });
    expect(scheduleEntrySchema.parse({ date: '2027-06-07', event: 'x', kind: 'no-league' }).rainOut).toBe(false);
    const result = scheduleEntrySchema.safeParse({ date: '2027-06-31', weekNumber: '0', event: '', kind: 'picnic' });
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['date', 'Enter a real calendar date (yyyy-mm-dd)'],
      ['weekNumber', 'Week number must be a whole number from 1 to 53'],
      ['event', 'Event is required'],
      ['kind', 'Choose a kind'],
    ]);
    expect(
      scheduleEntrySchema.safeParse({ date: '2027-06-07', event: 'x'.repeat(81), kind: 'fun-night' }).success,
    ).toBe(false);
  });
});
