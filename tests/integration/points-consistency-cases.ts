import { expect, it } from 'vitest';
import type { Db, Tx } from '~/db/db.server';

/*
 * Points are never stale (docs/decisions/075-points-never-stale.md, and for deleting a golfer, a course's par, a
 * flight assignment and an estimated score docs/decisions/117-points-never-stale.md): the same cases on SQLite
 * (points-consistency.test.ts) and PostgreSQL (points-consistency.postgres.test.ts). Each case has dates of its own
 * in `year`, a year no other test of the run plays in, so the rankings of one case never include another's rounds.
 * The models are imported when a case runs, after the PostgreSQL file has pointed the client at its server.
 */
export function pointsConsistencyCases(year: number, database: () => Db): void {
  const day = (monthDay: string) => `${year}-${monthDay}`;

  async function models() {
    const [golfers, flights, points, rounds, importing, courses, memberships, standings] = await Promise.all([
      import('~/models/golfers.server'),
      import('~/models/flights.server'),
      import('~/models/points.server'),
      import('~/models/rounds.server'),
      import('~/features/import/import.server'),
      import('~/models/courses.server'),
      import('~/models/memberships.server'),
      import('~/models/standings.server'),
    ]);
    return { ...golfers, ...flights, ...points, ...rounds, ...importing, ...courses, ...memberships, ...standings };
  }

  let serial = 0;
  /** A golfer in flight 1 of `year` (or no flight). */
  async function golfer(flight: '1' | '2' | null = '1') {
    const { createGolfer, createFlightAssignment } = await models();
    serial += 1;
    const made = await createGolfer(
      { firstName: 'Pts', lastName: `Case${year}x${serial}x${Date.now() % 100000}` },
      null,
    );
    if (flight) await createFlightAssignment({ golferId: made.id, season: year, flightNo: flight }, null);
    return made.id;
  }

  async function round(golferId: number, date: string, grossScore: number, points?: number, courseId?: number) {
    const { createRound } = await models();
    return (await createRound({ golferId, date, grossScore, points, courseId }, null)).id;
  }

  async function pointsOf(...ids: number[]) {
    const rows = await database().round.findMany({ where: { id: { in: ids } }, select: { id: true, points: true } });
    const byId = new Map(rows.map((r) => [r.id, r.points]));
    return ids.map((id) => byId.get(id));
  }

  /** What these dates' rounds hold (points and net scores) and the season's standings. */
  async function stored(dates: string[]) {
    const { getStandings } = await models();
    const rounds = await database().round.findMany({
      where: { date: { in: dates } },
      select: { id: true, points: true, netScore: true },
      orderBy: { id: 'asc' },
    });
    return { rounds, standings: await getStandings(year) };
  }

  /** A write left these dates as a fresh 'Calculate points' of each leaves them: their points and the standings. */
  async function expectFresh(...dates: string[]) {
    const { calculatePointsForDate } = await models();
    const before = await stored(dates);
    for (const date of dates) await calculatePointsForDate(date, null);
    expect(before).toEqual(await stored(dates));
  }

  /** A golfer's total points in the season's standings. */
  async function totalOf(golferId: number) {
    const { getStandings } = await models();
    const rows = (await getStandings(year)).flatMap((flight) => flight.rows);
    return rows.find((row) => row.golferId === golferId)?.totalPoints;
  }

  /** Runs a write in a transaction that then fails, as a later step of a feature would. */
  async function rolledBack(write: (tx: Tx) => Promise<unknown>) {
    const failed = await database()
      .$transaction(async (tx) => {
        await write(tx);
        throw new Error('a later step failed');
      })
      .catch((error: unknown) => error);
    expect(failed).toMatchObject({ message: 'a later step failed' });
  }

  it('a round recorded on a calculated date is ranked with the others at once; typed points there give way', async () => {
    const { calculatePointsForDate } = await models();
    const date = day('06-03');
    const [ann, bob, cy, flightless] = [await golfer(), await golfer(), await golfer(), await golfer(null)];
    const anns = await round(ann, date, 40);
    const bobs = await round(bob, date, 44);
    const loose = await round(flightless, date, 30, 7);
    await calculatePointsForDate(date, null);
    expect(await pointsOf(anns, bobs, loose)).toEqual([24, 23, 7]);

    // Cy's typed 5 is replaced: on a calculated date, every round's points follow the ranking.
    const cys = await round(cy, date, 38, 5);
    expect(await pointsOf(cys, anns, bobs, loose)).toEqual([24, 23, 22, 7]);
  });

  it('editing a gross score re-ranks its date; moving a round re-ranks the date it left and the one it joined', async () => {
    const { calculatePointsForDate, updateRound } = await models();
    const [first, second] = [day('06-10'), day('06-17')];
    const [ann, bob, cy, dee] = [await golfer(), await golfer(), await golfer(), await golfer()];
    const anns = await round(ann, first, 40);
    const bobs = await round(bob, first, 44);
    const cys = await round(cy, second, 41);
    const dees = await round(dee, second, 42);
    await calculatePointsForDate(first, null);
    await calculatePointsForDate(second, null);

    await updateRound(bobs, { golferId: bob, date: first, grossScore: 36 }, null);
    expect(await pointsOf(bobs, anns)).toEqual([24, 23]);

    // Bob's round moves to the second date: alone on the first, Ann wins it; Bob's 36 wins the second.
    await updateRound(bobs, { golferId: bob, date: second, grossScore: 36 }, null);
    expect(await pointsOf(anns)).toEqual([24]);
    expect(await pointsOf(bobs, cys, dees)).toEqual([24, 23, 22]);

    // Cy's round changes hands: Eve, in flight 2, wins that flight alone, and flight 1 closes ranks.
    const eve = await golfer('2');
    await updateRound(cys, { golferId: eve, date: second, grossScore: 41 }, null);
    expect(await pointsOf(bobs, dees, cys)).toEqual([24, 23, 24]);
  });

  it('deleting a round re-ranks the rest of its date', async () => {
    const { calculatePointsForDate, deleteRound } = await models();
    const date = day('06-24');
    const [ann, bob, cy] = [await golfer(), await golfer(), await golfer()];
    const anns = await round(ann, date, 38);
    const bobs = await round(bob, date, 40);
    const cys = await round(cy, date, 42);
    await calculatePointsForDate(date, null);
    expect(await pointsOf(anns, bobs, cys)).toEqual([24, 23, 22]);
    await deleteRound(anns, null);
    expect(await pointsOf(bobs, cys)).toEqual([24, 23]);
  });

  it("an earlier round's new handicap re-ranks the later calculated dates whose net scores moved", async () => {
    const { calculatePointsForDate, updateRound } = await models();
    const [early, later] = [day('07-01'), day('07-08')];
    const [ann, bob] = [await golfer(), await golfer()];
    const annEarly = await round(ann, early, 40); // handicap 3 afterwards
    const annLater = await round(ann, later, 44); // net 41
    const bobs = await round(bob, later, 40); // net 40
    await calculatePointsForDate(later, null);
    expect(await pointsOf(bobs, annLater)).toEqual([24, 23]);

    // 56 early: handicap 16, so Ann's later 44 is net 28 and she now wins the later night.
    await updateRound(annEarly, { golferId: ann, date: early, grossScore: 56 }, null);
    expect(await database().round.findUniqueOrThrow({ where: { id: annLater } })).toMatchObject({ netScore: 28 });
    expect(await pointsOf(annLater, bobs)).toEqual([24, 23]);
  });

  it('typed points on a date whose points were never calculated are kept as typed through every change', async () => {
    const { deleteRound, updateRound } = await models();
    const date = day('07-15');
    const [ann, bob, cy] = [await golfer(), await golfer(), await golfer()];
    const anns = await round(ann, date, 40, 10);
    const bobs = await round(bob, date, 44, 12);
    const cys = await round(cy, date, 38);
    expect(await pointsOf(anns, bobs, cys)).toEqual([10, 12, null]);
    await updateRound(anns, { golferId: ann, date, grossScore: 50, points: 10 }, null);
    await deleteRound(cys, null);
    expect(await pointsOf(anns, bobs)).toEqual([10, 12]);
  });

  it('an import re-ranks the calculated dates it touches in its own transaction, and keeps typed dates as typed', async () => {
    const { calculatePointsForDate, importJsonText } = await models();
    const [calculated, typed] = [day('07-22'), day('07-29')];
    const [ann, bob, cy] = [await golfer(), await golfer(), await golfer()];
    const anns = await round(ann, calculated, 40);
    const bobs = await round(bob, calculated, 44);
    await calculatePointsForDate(calculated, null);
    const typedAnn = await round(ann, typed, 40, 3);

    const rows = [
      { golferId: cy, date: calculated, grossScore: 38 }, // a new round: first
      { golferId: bob, date: calculated, grossScore: 39 }, // Bob's round, updated: second
      { golferId: cy, date: typed, grossScore: 35, points: 9 },
    ];
    expect(await importJsonText('rounds', JSON.stringify(rows), null)).toEqual({ count: 3 });
    const cys = await database().round.findUniqueOrThrow({
      where: { golferId_date: { golferId: cy, date: calculated } },
    });
    expect(await pointsOf(cys.id, bobs, anns)).toEqual([24, 23, 22]);
    const cyTyped = await database().round.findUniqueOrThrow({
      where: { golferId_date: { golferId: cy, date: typed } },
    });
    expect(await pointsOf(typedAnn, cyTyped.id)).toEqual([3, 9]);
  });

  it('refuses a second round of a golfer on one date in the model, the batch and the import, changing nothing', async () => {
    const { createRound, createRounds, updateRound, importJsonText } = await models();
    const { failureOf } = await import('~/web/http.server');
    const date = day('08-05');
    const ann = await golfer();
    const anns = await round(ann, date, 40);
    const other = await round(ann, day('08-12'), 42);
    const message = `This golfer already has a round on August 5, ${year}`;
    const refused = { status: 409, message, errors: { date: [message] } };

    expect(await createRound({ golferId: ann, date, grossScore: 41 }, null).then(() => null, failureOf)).toEqual(
      refused,
    );
    // Moving another round onto the date is the same clash.
    expect(await updateRound(other, { golferId: ann, date, grossScore: 42 }, null).then(() => null, failureOf)).toEqual(
      refused,
    );
    // A batch names the input that clashes (an import names its row from it), and writes none of them.
    const batch = await createRounds(
      [
        { golferId: ann, date: day('09-02'), grossScore: 41 },
        { golferId: ann, date, grossScore: 41 },
      ],
      null,
    ).catch((error: unknown) => error);
    expect(failureOf(batch)).toMatchObject({ status: 409, message });
    expect(batch).toMatchObject({ index: 1 });
    // Two rows of one file, and (through the import) none written.
    const bob = await golfer();
    const twice = [
      { golferId: bob, date, grossScore: 40 },
      { golferId: bob, date, grossScore: 41 },
    ];
    expect(await importJsonText('rounds', JSON.stringify(twice), null).then(() => null, failureOf)).toMatchObject({
      status: 400,
      errors: { 'Item 2': [`${message} (item 1)`] },
    });
    expect(await database().round.findMany({ where: { golferId: { in: [ann, bob] } }, select: { id: true } })).toEqual([
      { id: anns },
      { id: other },
    ]);
  });

  it('a refused round leaves a surrounding transaction usable: the clash is found before any statement fails', async () => {
    const { createRound } = await models();
    const { failureOf } = await import('~/web/http.server');
    const ann = await golfer();
    await round(ann, day('08-19'), 40);
    await database().$transaction(async (tx) => {
      const again = createRound({ golferId: ann, date: day('08-19'), grossScore: 41 }, null, tx);
      expect(await again.then(() => null, failureOf)).toMatchObject({ status: 409 });
      await createRound({ golferId: ann, date: day('08-26'), grossScore: 41 }, null, tx);
    });
    expect(await database().round.count({ where: { golferId: ann } })).toBe(2);
  });

  // docs/decisions/117-points-never-stale.md: the writes that are not round changes.

  it('deleting a golfer re-ranks every calculated night they played, in its transaction; a typed night stays typed', async () => {
    const { calculatePointsForDate, deleteGolfer } = await models();
    const { failureOf } = await import('~/web/http.server');
    const [first, second, typed] = [day('04-01'), day('04-08'), day('04-15')];
    const [ann, bob, cy, dee] = [await golfer(), await golfer(), await golfer(), await golfer()];
    const anns = await round(ann, first, 38);
    const bobs = await round(bob, first, 40);
    const cys = await round(cy, first, 42);
    const annSecond = await round(ann, second, 40); // handicap 2 from the first night: net 38
    const dees = await round(dee, second, 44);
    await calculatePointsForDate(first, null);
    await calculatePointsForDate(second, null);
    const annTyped = await round(ann, typed, 40, 5);
    const bobTyped = await round(bob, typed, 45, 7);
    expect(await pointsOf(anns, bobs, cys, annSecond, dees)).toEqual([24, 23, 22, 24, 23]);

    // An unknown golfer is a 404, and a deletion whose transaction fails later takes its recalculation with it.
    const untouched = await stored([first, second, typed]);
    expect(failureOf(await deleteGolfer(999_999_999, null).catch((error: unknown) => error))).toMatchObject({
      status: 404,
    });
    await rolledBack((tx) => deleteGolfer(ann, null, tx));
    expect(await stored([first, second, typed])).toEqual(untouched);

    await deleteGolfer(ann, null);
    expect(await pointsOf(anns, annSecond, annTyped)).toEqual([undefined, undefined, undefined]);
    expect(await pointsOf(bobs, cys, dees, bobTyped)).toEqual([24, 23, 24, 7]);
    expect([await totalOf(bob), await totalOf(cy), await totalOf(dee)]).toEqual([31, 23, 24]);
    await expectFresh(first, second);
  });

  it("changing a course's par, or deleting it, re-ranks the calculated nights where its golfers' net scores moved", async () => {
    const { calculatePointsForDate, createCourse, updateCourse } = await models();
    const { call, request, signIn } = await import('./helpers');
    const { action } = await import('~/routes/api.courses.$id');
    const [early, later, typed] = [day('04-22'), day('04-29'), day('05-04')];
    const course = await createCourse(
      {
        courseName: `Par case ${year} ${Date.now()}`,
        coursePar: 36,
        courseLength: '3000',
      },
      null,
    );
    const [ann, bob] = [await golfer(), await golfer()];
    await round(ann, early, 40, undefined, course.id); // 4 over par 36: handicap 3
    const annLater = await round(ann, later, 44); // net 41
    const bobs = await round(bob, later, 40); // net 40
    await calculatePointsForDate(later, null);
    const annTyped = await round(ann, typed, 50, 2);
    const bobTyped = await round(bob, typed, 51, 6);
    expect(await pointsOf(bobs, annLater)).toEqual([24, 23]);

    // A par the form refuses is a 400 that changes nothing.
    const untouched = await stored([early, later, typed]);
    const { cookie } = await signIn();
    const body = { courseName: course.courseName, coursePar: 200, courseLength: '3000' };
    const refused = await call(action, request(`/api/courses/${course.id}`, { method: 'PUT', json: body, cookie }), {
      id: String(course.id),
    });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ errors: { coursePar: [expect.stringContaining('Par')] } });
    await rolledBack((tx) => updateCourse(course.id, { ...body, coursePar: 30 }, null, tx));
    expect(await stored([early, later, typed])).toEqual(untouched);

    // Par 30: Ann's early round is 10 over, handicap 8, and her later 44 is net 36: she wins that night.
    await updateCourse(course.id, { ...body, coursePar: 30 }, null);
    expect(await database().round.findUniqueOrThrow({ where: { id: annLater } })).toMatchObject({ netScore: 36 });
    expect(await pointsOf(annLater, bobs, annTyped, bobTyped)).toEqual([24, 23, 2, 6]);
    expect([await totalOf(ann), await totalOf(bob)]).toEqual([26, 29]);
    await expectFresh(later);

    // Deleting the course puts the early round at the default par (decision 012): Ann's handicap and place go back.
    const { deleteCourse } = await models();
    const { updateSettings } = await import('~/models/settings.server');
    await updateSettings({ defaultPar: 36 }, null); // the league's default: the early round is 4 over again, handicap 3
    await deleteCourse(course.id, null);
    expect(await pointsOf(bobs, annLater, annTyped, bobTyped)).toEqual([24, 23, 2, 6]);
    await expectFresh(later);
  });

  it('every flight write re-ranks the calculated nights of the golfer and season; a typed night stays typed', async () => {
    const { calculatePointsForDate, importJsonText } = await models();
    const { createFlightAssignment, deleteFlightAssignment, moveFlightAssignment, updateFlightAssignment } =
      await models();
    const { failureOf } = await import('~/web/http.server');
    const [night, typed] = [day('05-11'), day('05-18')];
    const [ann, bob, cy, dee, eve] = [
      await golfer(),
      await golfer(),
      await golfer(),
      await golfer('2'),
      await golfer(null),
    ];
    const assignmentOf = async (golferId: number) =>
      (await database().flightAssignment.findUniqueOrThrow({ where: { golferId_season: { golferId, season: year } } }))
        .id;
    const anns = await round(ann, night, 38);
    const bobs = await round(bob, night, 40);
    const cys = await round(cy, night, 42);
    const dees = await round(dee, night, 39);
    const eves = await round(eve, night, 36, 7);
    await calculatePointsForDate(night, null);
    const annTyped = await round(ann, typed, 40, 3);
    const bobTyped = await round(bob, typed, 41, 9);
    expect(await pointsOf(anns, bobs, cys, dees, eves)).toEqual([24, 23, 22, 24, 7]);

    // Bob onto Ann's assignment is a 409; a move whose transaction fails later changes nothing either.
    const untouched = await stored([night, typed]);
    const clash = { golferId: ann, season: year, flightNo: '2' as const };
    expect(
      failureOf(await updateFlightAssignment(await assignmentOf(bob), clash, null).catch((e: unknown) => e)),
    ).toMatchObject({ status: 409 });
    expect(failureOf(await moveFlightAssignment(999_999_999, '2', null).catch((e: unknown) => e))).toMatchObject({
      status: 404,
    });
    await rolledBack(async (tx) => moveFlightAssignment(await assignmentOf(bob), '2', null, tx));
    expect(await stored([night, typed])).toEqual(untouched);

    // A move: flight 1 closes ranks, Bob is second in flight 2.
    await moveFlightAssignment(await assignmentOf(bob), '2', null);
    expect(await pointsOf(anns, cys, dees, bobs)).toEqual([24, 23, 24, 23]);
    await expectFresh(night);

    // A new assignment: Eve's typed 7 gives way to her place in flight 2.
    await createFlightAssignment({ golferId: eve, season: year, flightNo: '2' }, null);
    expect(await pointsOf(eves, dees, bobs)).toEqual([24, 23, 22]);
    await expectFresh(night);

    // A removed assignment: Cy keeps the points he had (decision 022), Ann is alone in flight 1.
    await deleteFlightAssignment(await assignmentOf(cy), null);
    expect(await pointsOf(anns, cys)).toEqual([24, 23]);
    await expectFresh(night);

    // An edit: Ann joins flight 2.
    await updateFlightAssignment(await assignmentOf(ann), { golferId: ann, season: year, flightNo: '2' }, null);
    expect(await pointsOf(eves, anns, dees, bobs)).toEqual([24, 23, 22, 21]);
    await expectFresh(night);

    // An import: Ann moves back and Cy gets a flight again, recalculated once in the import's transaction.
    const rows = [
      { golferId: ann, season: year, flightNo: '1' },
      { golferId: cy, season: year, flightNo: '1' },
    ];
    expect(await importJsonText('flights', JSON.stringify(rows), null)).toEqual({ count: 2 });
    expect(await pointsOf(anns, cys, eves, dees, bobs)).toEqual([24, 23, 24, 23, 22]);
    expect(await pointsOf(annTyped, bobTyped)).toEqual([3, 9]);
    expect([await totalOf(ann), await totalOf(bob)]).toEqual([27, 31]);
    await expectFresh(night);
  });

  it("changing an estimated score re-ranks the calculated nights where the golfer's net scores moved", async () => {
    const { calculatePointsForDate, createMembership, deleteMembership, importJsonText, updateMembership } =
      await models();
    const { failureOf } = await import('~/web/http.server');
    const [night, typed] = [day('05-25'), day('05-30')];
    const [ann, bob] = [await golfer(), await golfer()];
    const anns = await round(ann, night, 44); // no estimate, no earlier round: net 44
    const bobs = await round(bob, night, 42);
    await calculatePointsForDate(night, null);
    const annTyped = await round(ann, typed, 40, 1);
    const bobTyped = await round(bob, typed, 40, 4);
    expect(await pointsOf(bobs, anns)).toEqual([24, 23]);

    // An estimate of 46 is 10 over par: handicap 8, so Ann's 44 is net 36 and she wins.
    const input = { golferId: ann, season: year, registered: true, paid: false, estimatedScore: 46 };
    await rolledBack((tx) => createMembership(input, null, tx));
    expect(await pointsOf(bobs, anns)).toEqual([24, 23]);
    const membership = await createMembership(input, null);
    expect(await pointsOf(anns, bobs)).toEqual([24, 23]);
    await expectFresh(night);

    // A second membership for the season is a 409 and changes nothing.
    const untouched = await stored([night, typed]);
    const twice = createMembership({ ...input, estimatedScore: 60 }, null);
    expect(failureOf(await twice.catch((e: unknown) => e))).toMatchObject({ status: 409 });
    expect(await stored([night, typed])).toEqual(untouched);

    // Without the estimate Ann is back to net 44.
    await updateMembership(membership.id, { ...input, estimatedScore: undefined }, null);
    expect(await pointsOf(bobs, anns)).toEqual([24, 23]);
    await expectFresh(night);

    // An imported membership with an estimate of 30 (6 under par: handicap -5) makes Bob's 42 a net 47.
    await deleteMembership(membership.id, null);
    const rows = [{ golferId: bob, season: year, registered: true, paid: true, estimatedScore: 30 }];
    expect(await importJsonText('memberships', JSON.stringify(rows), null)).toEqual({ count: 1 });
    expect(await pointsOf(anns, bobs, annTyped, bobTyped)).toEqual([24, 23, 1, 4]);
    expect([await totalOf(ann), await totalOf(bob)]).toEqual([25, 27]);
    await expectFresh(night);
  });
}
