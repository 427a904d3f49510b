import { describe, expect, it } from 'vitest';
import { createFlightAssignment } from '~/models/flights.server';
import { calculatePointsForDate } from '~/models/points.server';
import { createRound } from '~/models/rounds.server';
import { action as pageAction } from '~/routes/_admin.rounds';
import { db } from '~/db/db.server';
import { failureOf } from '~/web/http.server';
import { newGolfer } from './fixtures-league';
import { call, failureFrom, request, signIn } from './helpers';

/** A golfer in a flight with one round on the date; gross = net since no history. */
async function player(flightNo: '1' | '2' | '3' | '4' | null, date: string, gross: number, points?: number) {
  const golfer = await newGolfer();
  if (flightNo) await createFlightAssignment({ golferId: golfer.id, season: Number(date.slice(0, 4)), flightNo }, null);
  const round = await createRound({ golferId: golfer.id, date, grossScore: gross, points }, null);
  return round.id;
}

async function pointsOf(ids: number[]) {
  const rounds = await db.round.findMany({ where: { id: { in: ids } }, select: { id: true, points: true } });
  const byId = new Map(rounds.map((r) => [r.id, r.points]));
  return ids.map((id) => byId.get(id));
}

describe('calculate points for a date', () => {
  it('ranks each flight by net score: 24, 23, … with ties sharing the places they occupy', async () => {
    const date = '2023-06-05';
    const flight1 = [
      await player('1', date, 40),
      await player('1', date, 38),
      await player('1', date, 40),
      await player('1', date, 45),
    ];
    const flight2 = [await player('2', date, 50), await player('2', date, 50)];
    const result = await calculatePointsForDate(date, null);
    expect(result).toEqual({ date, season: 2023, awarded: 6, withoutFlight: 0 });
    // 38 first (24); two at 40 share places 2–3 (23 + 22) / 2; 45 fourth (21).
    expect(await pointsOf(flight1)).toEqual([22.5, 24, 22.5, 21]);
    // Each flight is ranked on its own: a tie for first there shares 24 + 23.
    expect(await pointsOf(flight2)).toEqual([23.5, 23.5]);
  });

  it('ranks by net score, not gross', async () => {
    const date = '2023-06-12';
    const golfer = await newGolfer();
    await createFlightAssignment({ golferId: golfer.id, season: 2023, flightNo: '3' }, null);
    await createRound({ golferId: golfer.id, date: '2023-06-05', grossScore: 56 }, null); // handicap 16 afterwards
    const highHandicap = await createRound({ golferId: golfer.id, date, grossScore: 48 }, null); // net 32
    const scratch = await player('3', date, 40); // net 40
    await calculatePointsForDate(date, null);
    expect(await pointsOf([highHandicap.id, scratch])).toEqual([24, 23]);
  });

  it('leaves the points of golfers without a flight as they were, and touches no other date', async () => {
    const date = '2023-06-19';
    const flighted = await player('4', date, 41);
    const typed = await player(null, date, 39, 7);
    const blank = await player(null, date, 39);
    const otherDay = await player('4', '2023-06-26', 30, 5);
    const result = await calculatePointsForDate(date, null);
    expect(result).toMatchObject({ awarded: 1, withoutFlight: 2 });
    expect(await pointsOf([flighted, typed, blank, otherDay])).toEqual([24, 7, null, 5]);
  });

  it('overwrites typed points of the date when recalculated', async () => {
    const date = '2023-07-10';
    const a = await player('1', date, 44, 3);
    const b = await player('1', date, 41, 3);
    await calculatePointsForDate(date, null);
    expect(await pointsOf([a, b])).toEqual([23, 24]);
  });

  it('uses the flight assignment of the season of the date', async () => {
    const golfer = await newGolfer();
    await createFlightAssignment({ golferId: golfer.id, season: 2022, flightNo: '1' }, null);
    const round = await createRound({ golferId: golfer.id, date: '2023-07-17', grossScore: 40 }, null);
    expect(await calculatePointsForDate('2023-07-17', null)).toMatchObject({ awarded: 0, withoutFlight: 1 });
    expect(await pointsOf([round.id])).toEqual([null]);
  });

  it('refuses a special-event date, a date without rounds and a date that does not exist', async () => {
    expect(await failureFrom(calculatePointsForDate('2025-05-05', null))).toMatchObject({
      status: 400,
      message: expect.stringMatching(/special event/),
    });
    expect(await failureFrom(calculatePointsForDate('2023-01-02', null))).toMatchObject({
      status: 404,
      message: 'No rounds recorded on January 2, 2023',
    });
    expect(await failureFrom(calculatePointsForDate('2023-02-29', null))).toMatchObject({ status: 400 });
  });

  it("reads the schedule through the caller's transaction: a rain-out marked in it refuses the date", async () => {
    const date = '2017-06-05';
    await db.season.create({
      data: {
        year: 2017,
        feeCents: 15000,
        schedule: { create: { date, weekNumber: 1, event: 'League Play', kind: 'regular-round' } },
      },
    });
    const a = await player('1', date, 40);
    const b = await player('1', date, 42);
    const refused = await db
      .$transaction(async (tx) => {
        await tx.scheduleEntry.update({ where: { season_date: { season: 2017, date } }, data: { rainOut: true } });
        return calculatePointsForDate(date, null, tx);
      })
      .catch((error: unknown) => failureOf(error));
    expect(refused).toMatchObject({
      status: 400,
      message: 'June 5, 2017 is a rain-out: its rounds count for neither handicap nor standings',
    });
    // The caller's transaction rolled back the rain-out, so the night is an ordinary one again.
    expect(await calculatePointsForDate(date, null)).toMatchObject({ awarded: 2 });
    expect(await pointsOf([a, b])).toEqual([24, 23]);
  });

  it('is an administrator action on the rounds page, with a toast', async () => {
    const date = '2023-07-24';
    const a = await player('2', date, 40);
    const b = await player('2', date, 42);
    const notAdmin = await signIn({ isAdmin: false });
    const refused = await call(
      pageAction,
      request('/rounds', { cookie: notAdmin.cookie, form: { intent: 'calculate-points', date } }),
    );
    expect(refused.status).toBe(403);
    expect(await pointsOf([a, b])).toEqual([null, null]);

    const admin = await signIn({ isAdmin: true });
    const done = await call(
      pageAction,
      request('/rounds?season=2023', { cookie: admin.cookie, form: { intent: 'calculate-points', date } }),
    );
    expect(done.status).toBe(302);
    expect(done.headers.get('Location')).toBe('/rounds?season=2023');
    expect(await pointsOf([a, b])).toEqual([24, 23]);

    const none = await call(
      pageAction,
      request('/rounds', { cookie: admin.cookie, form: { intent: 'calculate-points', date: '2023-01-09' } }),
    );
    expect(none.status).toBe(404);
    expect((await none.json()).result.error).toEqual({
      '': ['No rounds recorded on January 9, 2023'],
      date: ['No rounds recorded on January 9, 2023'],
    });
  });
});
