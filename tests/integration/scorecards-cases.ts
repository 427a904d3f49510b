import { expect, it } from 'vitest';
import type { Db } from '~/db/db.server';
import { failureOf } from '~/web/http.server';

/*
 * Scorecards (SPEC-3 §D2–§D3, docs/decisions/121-scorecards.md): the same cases on SQLite (scorecards.test.ts) and
 * PostgreSQL (scorecards.postgres.test.ts). Each case plays a night of its own in `year`, a year no other test plays
 * in, with `now` on that night, so the night is open to golfers. The models are imported when a case runs, after
 * the PostgreSQL file has pointed the client at its server.
 */
export function scorecardCases(year: number, database: () => Db): void {
  const admin = { id: 0, username: 'scorecard-admin' };
  let night = 0;

  async function models() {
    const [golfers, courses, holes, cards, rounds, points, flights] = await Promise.all([
      import('~/models/golfers.server'),
      import('~/models/courses.server'),
      import('~/models/holes.server'),
      import('~/models/scorecards.server'),
      import('~/models/rounds.server'),
      import('~/models/points.server'),
      import('~/models/flights.server'),
    ]);
    return { ...golfers, ...courses, ...holes, ...cards, ...rounds, ...points, ...flights };
  }

  /** A nine of par 4s except par 3 on hole 2 (stroke index 9) and par 5 on hole 3 (stroke index 1). */
  const NINE = [5, 9, 1, 7, 3, 8, 2, 6, 4].map((strokeIndex, i) => ({
    number: i + 1,
    par: i === 1 ? 3 : i === 2 ? 5 : 4,
    strokeIndex,
  }));

  /** A new night: its own date in `year`, a course with holes, a group of four in flight 1, the night started. */
  async function newNight() {
    const m = await models();
    night += 1;
    const date = `${year}-06-${String(night).padStart(2, '0')}`;
    const now = new Date(`${date}T22:00:00Z`); // 6 pm in Detroit on the night
    const db = database();
    const course = await m.createCourse(
      { courseName: `Card Links ${year}-${night}`, coursePar: 36, courseLength: '3000' },
      null,
    );
    await m.setCourseHoles(course.id, NINE, null);
    const golfers: { id: number; fullName: string }[] = [];
    for (const first of ['Ann', 'Bea', 'Cal', 'Dee']) {
      const golfer = await m.createGolfer({ firstName: first, lastName: `Card${year}n${night}` }, null);
      await m.createFlightAssignment({ golferId: golfer.id, season: year, flightNo: '1' }, null);
      golfers.push(golfer);
    }
    const slot = await db.teeTime.create({
      data: {
        time: `16:${String(night).padStart(2, '0')}`,
        season: year,
        golfer1Id: golfers[0].id,
        golfer2Id: golfers[1].id,
        golfer3Id: golfers[2].id,
        golfer4Id: golfers[3].id,
      },
    });
    await m.startNight(date, course.id, admin);
    const as = (i: number) => ({ name: golfers[i].fullName, golferId: golfers[i].id, actor: null });
    return { m, db, date, now, course, golfers, teeTimeId: slot.id, as };
  }

  let serial = 0;
  const clientId = () => `test-${year}-${(serial += 1)}-${Math.random().toString(36).slice(2, 8)}`;

  /** Every hole of every golfer of the group, with these strokes per golfer. */
  function fullCard(golfers: { id: number }[], strokes: (golferIndex: number, hole: number) => number) {
    return golfers.flatMap((g, gi) =>
      NINE.map((h) => ({ clientId: clientId(), golferId: g.id, hole: h.number, strokes: strokes(gi, h.number) })),
    );
  }

  it('stores a resent hole write once, and caps an entry above double par with the message', async () => {
    const { m, db, date, now, golfers, teeTimeId, as } = await newNight();
    const write = { clientId: clientId(), golferId: golfers[0].id, hole: 3, strokes: 12, enteredAt: now };
    const [first] = await m.writeHoleScores(date, teeTimeId, [write], as(0), now);
    expect(first).toMatchObject({ status: 'stored', strokes: 10, capped: 'Capped at 10: double par' });
    const [again] = await m.writeHoleScores(date, teeTimeId, [write], as(1), now);
    expect(again).toMatchObject({ status: 'duplicate', strokes: 10 });
    const rows = await db.holeScore.findMany({ where: { golferId: golfers[0].id } });
    expect(rows.map((r) => [r.holeNumber, r.strokes, r.writtenBy])).toEqual([[3, 10, golfers[0].fullName]]);
  });

  it('stores each hole once when the same writes arrive twice at the same time', async () => {
    const { m, db, date, now, golfers, teeTimeId, as } = await newNight();
    const writes = fullCard(golfers, (gi, hole) => 3 + ((gi + hole) % 3));
    await Promise.all([
      ...writes.map((w) => m.writeHoleScores(date, teeTimeId, [w], as(0), now)),
      ...writes.map((w) => m.writeHoleScores(date, teeTimeId, [w], as(1), now)),
    ]);
    const rows = await db.holeScore.findMany({ where: { golferId: { in: golfers.map((g) => g.id) } } });
    expect(rows).toHaveLength(36);
    const view = await m.getScorecard(date, teeTimeId, undefined, now);
    expect(view.lines[golfers[0].id]).toMatchObject({ thru: 9, complete: true });
  });

  it("keeps the later of two phones' writes to a hole and tells the other who changed it and when", async () => {
    const { m, db, date, now, golfers, teeTimeId, as } = await newNight();
    const later = new Date(now.getTime() + 60_000);
    const [bea] = await m.writeHoleScores(
      date,
      teeTimeId,
      [{ clientId: clientId(), golferId: golfers[2].id, hole: 1, strokes: 5, enteredAt: later }],
      as(1),
      later,
    );
    expect(bea.status).toBe('stored');
    // Ann's phone was offline: her entry, made a minute earlier, arrives after Bea's.
    const [ann] = await m.writeHoleScores(
      date,
      teeTimeId,
      [{ clientId: clientId(), golferId: golfers[2].id, hole: 1, strokes: 6, enteredAt: now }],
      as(0),
      later,
    );
    expect(ann).toMatchObject({ status: 'superseded', strokes: 5 });
    expect(ann.changed).toMatch(/^Changed by Bea Card\d+n\d+ at 6:01 PM$/);
    const row = await db.holeScore.findFirstOrThrow({ where: { golferId: golfers[2].id, holeNumber: 1 } });
    expect(row.strokes).toBe(5);
  });

  it('refuses bad entries with a clear message and stores nothing of the batch', async () => {
    const { m, db, date, now, golfers, teeTimeId, as } = await newNight();
    const good = { clientId: clientId(), golferId: golfers[0].id, hole: 1, strokes: 4 };
    const outsider = await m.createGolfer({ firstName: 'Out', lastName: `Sider${year}` }, null);
    const cases: [object, string][] = [
      [{ ...good, clientId: clientId(), strokes: 0 }, 'Strokes must be a whole number from 1 to 20'],
      [{ ...good, clientId: clientId(), strokes: 21 }, 'Strokes must be a whole number from 1 to 20'],
      [{ ...good, clientId: clientId(), strokes: 4.5 }, 'Strokes must be a whole number from 1 to 20'],
      [{ ...good, clientId: clientId(), hole: 10 }, 'Hole 10 does not exist on this course'],
      [{ ...good, clientId: clientId(), golferId: outsider.id }, `Golfer #${outsider.id} is not in this group`],
    ];
    for (const [bad, message] of cases) {
      const failure = await m
        .writeHoleScores(date, teeTimeId, [good, bad as typeof good], as(0), now)
        .then(() => null, failureOf);
      expect(failure).toMatchObject({ status: 400, message });
    }
    expect(await db.holeScore.count({ where: { golferId: golfers[0].id } })).toBe(0);
    // A golfer of another group keeps score only for their own card.
    const failure = await m
      .writeHoleScores(date, teeTimeId, [good], { name: outsider.fullName, golferId: outsider.id, actor: null }, now)
      .then(() => null, failureOf);
    expect(failure).toMatchObject({ status: 403, message: expect.stringContaining("another group's card") });
    // After the night closes (the end of the next day) a golfer's write is refused; an administrator's is not.
    const dayAfterNext = new Date(now.getTime() + 2 * 24 * 3600_000);
    const closed = await m.writeHoleScores(date, teeTimeId, [good], as(0), dayAfterNext).then(() => null, failureOf);
    expect(closed).toMatchObject({ status: 409, message: expect.stringContaining('is closed') });
    expect(await db.holeScore.count({ where: { golferId: golfers[0].id } })).toBe(0);
    await m.writeHoleScores(date, teeTimeId, [good], { name: 'Admin', golferId: null, actor: admin }, dayAfterNext);
    expect(await db.holeScore.count({ where: { golferId: golfers[0].id } })).toBe(1);
  });

  it('submits and attests a card: the rounds, handicaps and calculated points follow in one go', async () => {
    const { m, db, date, now, golfers, teeTimeId, as } = await newNight();
    // Points of the night were calculated from rounds typed as totals before the card is attested? Not here: the
    // night first gets one typed round (a fifth golfer), and its points are calculated.
    const typed = await m.createGolfer({ firstName: 'Typ', lastName: `Ed${year}n${night}` }, null);
    await m.createFlightAssignment({ golferId: typed.id, season: year, flightNo: '1' }, null);
    await m.createRound({ golferId: typed.id, date, grossScore: 45 }, null);
    await m.calculatePointsForDate(date, null);

    // Ann 36 gross (par every hole), Bea one over, Cal two over, Dee one over with a 12 on hole 2 capped at 6.
    const strokes = (gi: number, hole: number) =>
      NINE[hole - 1].par + (gi === 1 && hole === 1 ? 1 : 0) + (gi === 2 && hole <= 2 ? 1 : 0);
    const writes = fullCard(golfers, strokes).map((w) =>
      w.golferId === golfers[3].id && w.hole === 2 ? { ...w, strokes: 12 } : w,
    );
    const incomplete = writes.filter((w) => !(w.golferId === golfers[3].id && w.hole === 9));
    await m.writeHoleScores(date, teeTimeId, incomplete, as(0), now);
    const early = await m.submitScorecard(date, teeTimeId, as(0), now).then(() => null, failureOf);
    expect(early).toMatchObject({ status: 409, message: expect.stringContaining('Dee Card') });
    await m.writeHoleScores(date, teeTimeId, writes.slice(-1), as(0), now);

    await m.submitScorecard(date, teeTimeId, as(0), now);
    const self = await m.attestScorecard(date, teeTimeId, as(0), now).then(() => null, failureOf);
    expect(self).toMatchObject({
      status: 409,
      message: 'Another golfer of the group attests the card you submitted',
    });
    expect(await db.round.count({ where: { date } })).toBe(1);

    await m.attestScorecard(date, teeTimeId, as(1), now);
    const rounds = await db.round.findMany({ where: { date }, orderBy: { golferId: 'asc' } });
    const byGolfer = new Map(rounds.map((r) => [r.golferId, r]));
    expect(golfers.map((g) => byGolfer.get(g.id)?.grossScore)).toEqual([36, 37, 38, 39]);
    // Exactly like an administrator's round: the handicap columns are computed and the calculated points follow.
    for (const g of golfers)
      expect(byGolfer.get(g.id)).toMatchObject({ hcpIndexBefore: null, points: expect.any(Number) });
    expect(byGolfer.get(golfers[0].id)!.points).toBe(24);
    expect(byGolfer.get(typed.id)!.points).toBe(20);

    const view = await m.getScorecard(date, teeTimeId, undefined, now);
    expect(view.state).toBe('attested');
    expect(view.closedMessage).toBe(`This card is closed: attested by ${golfers[1].fullName}`);

    // A phone replaying an old queue is told the card is closed; what it already sent is answered as taken.
    const replay = await m.writeHoleScores(date, teeTimeId, writes.slice(0, 2), as(2), now);
    expect(replay.map((r) => r.status)).toEqual(['duplicate', 'duplicate']);
    const late = await m
      .writeHoleScores(date, teeTimeId, [{ ...writes[0], clientId: clientId(), strokes: 7 }], as(2), now)
      .then(() => null, failureOf);
    expect(late).toMatchObject({ status: 409, message: expect.stringContaining('This card is closed') });
    const attestedAgain = await m.attestScorecard(date, teeTimeId, as(2), now).then(() => null, failureOf);
    expect(attestedAgain).toMatchObject({ status: 409 });
    expect(await db.holeScore.findFirstOrThrow({ where: { golferId: golfers[0].id, holeNumber: 1 } })).toMatchObject({
      strokes: 4,
    });
  });

  it("an attest that meets a round already typed writes nothing; an administrator's Did not finish, confirm and reopen", async () => {
    const { m, db, date, now, golfers, teeTimeId, as } = await newNight();
    await m.writeHoleScores(
      date,
      teeTimeId,
      fullCard(golfers.slice(0, 3), () => 4),
      as(0),
      now,
    );
    await m.createRound({ golferId: golfers[1].id, date, grossScore: 44 }, null);
    await m.setDidNotFinish(date, teeTimeId, golfers[3].id, true, admin);
    await m.submitScorecard(date, teeTimeId, as(0), now);
    const clash = await m.attestScorecard(date, teeTimeId, as(2), now).then(() => null, failureOf);
    expect(clash).toMatchObject({
      status: 409,
      message: expect.stringContaining(`${golfers[1].fullName} already has a round`),
    });
    expect(await db.round.count({ where: { date } })).toBe(1);
    expect((await m.getScorecard(date, teeTimeId, undefined, now)).state).toBe('submitted');

    await m.deleteRound((await db.round.findFirstOrThrow({ where: { date } })).id, null);
    await m.attestScorecard(date, teeTimeId, { name: 'Admin', golferId: null, actor: admin }, now);
    expect(await db.round.count({ where: { date } })).toBe(3); // Dee did not finish: no round
    const listed = await m.listNightScorecards(date);
    expect(listed.find((g) => g.teeTimeId === teeTimeId)).toMatchObject({
      status: 'Attested',
      scorerName: golfers[0].fullName,
    });

    await m.reopenScorecard(date, teeTimeId, admin);
    expect(await db.round.count({ where: { date } })).toBe(0);
    expect((await m.listNightScorecards(date)).find((g) => g.teeTimeId === teeTimeId)).toMatchObject({
      status: 'Thru 9',
    });
    const hole = await m.listNightHoleScores(date);
    expect(hole.filter((h) => h.teeTimeId === teeTimeId)).toHaveLength(27);
  });
}
