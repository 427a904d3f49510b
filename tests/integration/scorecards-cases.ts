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
    const [golfers, courses, holes, cards, groups, writes, nightScores, life, rounds, points, flights] =
      await Promise.all([
        import('~/models/golfers.server'),
        import('~/models/courses.server'),
        import('~/models/holes.server'),
        import('~/models/scorecards.server'),
        import('~/models/night-groups.server'),
        import('~/models/scorecard-writes.server'),
        import('~/models/night-scores.server'),
        import('~/features/scorecards/card-life.server'),
        import('~/models/rounds.server'),
        import('~/models/points.server'),
        import('~/models/flights.server'),
      ]);
    return {
      ...golfers,
      ...courses,
      ...holes,
      ...cards,
      ...groups,
      ...writes,
      ...nightScores,
      ...life,
      ...rounds,
      ...points,
      ...flights,
    };
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

  it('stores writes that arrive together in one go: a refused one stores nothing and fails none of the others', async () => {
    const { m, db, date, now, golfers, teeTimeId, as } = await newNight();
    const other = await newNight();
    const queries = await import('~/db/db.server');
    const { createGolferSession, endGolferSessionRow } = await import('~/models/golfer-sessions.server');
    const signIn = (golfer: { id: number }) => createGolferSession(golfer.id);
    const golferTwo = await signIn(golfers[2]);
    const before = queries.queryCount();
    const [ann, bad, otherCard, golferOwn] = await Promise.allSettled([
      m.writeHoleScores(date, teeTimeId, fullCard(golfers, () => 4).slice(0, 9), as(0), now),
      m.writeHoleScores(
        date,
        teeTimeId,
        [{ clientId: clientId(), golferId: golfers[1].id, hole: 1, strokes: 0 }],
        as(1),
        now,
      ),
      other.m.writeHoleScores(
        other.date,
        other.teeTimeId,
        fullCard(other.golfers, () => 5),
        other.as(0),
        other.now,
      ),
      // A golfer's own card, found by the write from their sign-in: the group they play in that night.
      m.writeHoleScoresOfSession(
        golferTwo,
        date,
        [{ clientId: clientId(), golferId: golfers[2].id, hole: 2, strokes: 3 }],
        undefined,
        now,
      ),
    ]);
    expect(ann).toMatchObject({ status: 'fulfilled' });
    expect(bad).toMatchObject({
      status: 'rejected',
      reason: { message: 'Strokes must be a whole number from 1 to 20' },
    });
    expect(otherCard).toMatchObject({ status: 'fulfilled' });
    expect(golferOwn).toMatchObject({ status: 'fulfilled', value: [{ status: 'stored', strokes: 3 }] });
    // Four requests, one batch: a fixed number of queries, not four times a write's.
    expect(queries.queryCount() - before).toBeLessThan(20);
    expect(await db.holeScore.count({ where: { golferId: { in: golfers.map((g) => g.id) } } })).toBe(10);
    expect(await db.holeScore.count({ where: { golferId: { in: other.golfers.map((g) => g.id) } } })).toBe(36);
    // Who keeps score: the writer of a card's latest entry.
    expect((await m.getScorecard(other.date, other.teeTimeId, undefined, other.now)).scorerName).toBe(
      other.golfers[0].fullName,
    );
    // A golfer who plays in no group that night, or names another group, writes nothing.
    const outsider = await m.createGolfer({ firstName: 'No', lastName: `Group${year}` }, null);
    const entry = { clientId: clientId(), golferId: golfers[3].id, hole: 1, strokes: 4 };
    await expect(
      m.writeHoleScoresOfSession(await signIn(outsider), date, [entry], undefined, now).then(() => null, failureOf),
    ).resolves.toMatchObject({
      status: 404,
      message: expect.stringContaining('You play in no group on this night'),
    });
    await expect(
      m
        .writeHoleScoresOfSession(await signIn(golfers[3]), date, [entry], other.teeTimeId, now)
        .then(() => null, failureOf),
    ).resolves.toMatchObject({ status: 403, message: expect.stringContaining("another group's card") });
    expect(await db.holeScore.count({ where: { golferId: golfers[3].id } })).toBe(0);
    // The sign-in is checked in the batch: a live one writes, an ended one is a 401 and writes nothing.
    const token = await signIn(golfers[3]);
    const own = { clientId: clientId(), golferId: golfers[3].id, hole: 5, strokes: 4 };
    await expect(m.writeHoleScoresOfSession(token, date, [own], undefined, now)).resolves.toMatchObject([
      { status: 'stored' },
    ]);
    await endGolferSessionRow(token);
    await expect(
      m
        .writeHoleScoresOfSession(token, date, [{ ...own, clientId: clientId(), hole: 6 }], undefined, now)
        .then(() => null, failureOf),
    ).resolves.toMatchObject({ status: 401, message: 'Sign in with the code we email you first' });
    expect(await db.holeScore.count({ where: { golferId: golfers[3].id } })).toBe(1);
  });

  it("a night nobody started gets its groups' cards from their first writes, made together when they arrive together", async () => {
    const { m, db, date, now, course } = await newNight();
    const queries = await import('~/db/db.server');
    const groups: { golfer: { id: number; fullName: string }; teeTimeId: number }[] = [];
    for (let g = 0; g < 6; g++) {
      const golfer = await m.createGolfer({ firstName: 'Eve', lastName: `Late${year}n${night}g${g}` }, null);
      const slot = await db.teeTime.create({
        data: { time: `18:${String(night * 6 + g).padStart(2, '0')}`, season: year, golfer1Id: golfer.id },
      });
      groups.push({ golfer, teeTimeId: slot.id });
    }
    const before = queries.queryCount();
    const answers = await Promise.all(
      groups.map(({ golfer, teeTimeId }) =>
        m.writeHoleScores(
          date,
          teeTimeId,
          [{ clientId: clientId(), golferId: golfer.id, hole: 1, strokes: 4 }],
          { name: golfer.fullName, golferId: golfer.id, actor: null },
          now,
        ),
      ),
    );
    // One batch: a fixed number of queries, where making the cards one at a time took five more a group.
    expect(queries.queryCount() - before).toBeLessThan(20);
    expect(answers.map(([a]) => a.status)).toEqual(groups.map(() => 'stored'));
    const cards = await db.scorecard.findMany({ where: { date, teeTimeId: { in: groups.map((g) => g.teeTimeId) } } });
    // Each group's card once, on the course of the night's other cards.
    expect(cards.map((c) => [c.teeTimeId, c.courseId]).sort()).toEqual(
      groups.map((g) => [g.teeTimeId, course.id]).sort(),
    );
    expect(await db.holeScore.count({ where: { scorecardId: { in: cards.map((c) => c.id) } } })).toBe(6);
  });

  it("keeps a golfer's card to league nights from their day on; a scheduled night nobody started takes it", async () => {
    const { m, db, golfers, teeTimeId } = await newNight();
    const { createGolferSession } = await import('~/models/golfer-sessions.server');
    const { golferCardOf } = await import('~/web/scorecard.server');
    const token = await createGolferSession(golfers[0].id);
    const write = (date: string, now: Date) =>
      m
        .writeHoleScoresOfSession(
          token,
          date,
          [{ clientId: clientId(), golferId: golfers[0].id, hole: 1, strokes: 4 }],
          undefined,
          now,
        )
        .then((r) => r, failureOf);
    // A Saturday in `year` with no night in the calendar and no card: nothing stored, no card made.
    const saturday = `${year}-07-05`;
    const atNoon = (date: string) => new Date(`${date}T16:00:00Z`);
    await expect(write(saturday, atNoon(saturday))).resolves.toMatchObject({
      status: 404,
      message: 'There is no league night on July 5, ' + year,
    });
    // A night still to come, even one in the calendar, opens on its day.
    const monday = `${year}-07-07`;
    await db.season.upsert({ where: { year }, create: { year, feeCents: 15000 }, update: {} });
    await db.scheduleEntry.create({ data: { season: year, date: monday, event: 'Week 9', kind: 'regular-round' } });
    await expect(write(monday, atNoon(saturday))).resolves.toMatchObject({
      status: 404,
      message: `The card of July 7, ${year} opens on that day`,
    });
    expect(await db.scorecard.count({ where: { date: { in: [saturday, monday] } } })).toBe(0);
    expect(await db.holeScore.count({ where: { golferId: golfers[0].id } })).toBe(0);
    // The page says the same (the clock is the real one here: the Saturday is long past, or far ahead).
    await expect(golferCardOf(golfers[0].id, saturday).then(() => null, failureOf)).resolves.toMatchObject({
      status: 404,
      message: expect.stringMatching(/^(There is no league night on|The card of) July 5/),
    });
    // On its day, the scheduled night nobody started takes the phone's writes and makes the group's card.
    await expect(write(monday, atNoon(monday))).resolves.toMatchObject([{ status: 'stored' }]);
    expect(await db.scorecard.count({ where: { date: monday, teeTimeId } })).toBe(1);
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

  it("a sub who took a spot keeps the group's card: the golfer Out is off it, and the attest writes the sub's round, marked 'Sub' with no points", async () => {
    const { m, db, date, now, golfers, teeTimeId, as } = await newNight();
    const [ann, bea, cal, dee] = golfers;
    const { markOut, claimSpot } = await import('~/models/nights-out.server');
    const { currentHandicaps } = await import('~/models/handicaps.server');
    const { getNightResults } = await import('~/models/stats.server');
    const sub = await m.createGolfer({ firstName: 'Sub', lastName: `Card${year}n${night}` }, null);
    // In flight 1 of the season too: a night played as a sub still earns no points.
    await m.createFlightAssignment({ golferId: sub.id, season: year, flightNo: '1' }, null);
    const typed = await m.createGolfer({ firstName: 'Typ', lastName: `Sub${year}n${night}` }, null);
    await m.createFlightAssignment({ golferId: typed.id, season: year, flightNo: '1' }, null);
    await m.createRound({ golferId: typed.id, date, grossScore: 45 }, null);
    await m.calculatePointsForDate(date, null);
    // Dee is Out and the sub took her spot; Cal is Out and nobody took his.
    const slot = await db.teeTime.findUniqueOrThrow({ where: { id: teeTimeId } });
    await db.$transaction(async (tx) => {
      const spot = await markOut(tx, { golferId: dee.id, date, season: year, teeTime: slot.time, position: 4 });
      expect(await claimSpot(tx, spot.id, sub.id, now)).toBe(true);
      await markOut(tx, { golferId: cal.id, date, season: year, teeTime: slot.time, position: 3 });
    });
    const asSub = { name: sub.fullName, golferId: sub.id, actor: null };

    // The night's group is what the night view shows: Ann, Bea and the sub in Dee's position.
    expect(await m.findGolferGroup(sub.id, date)).toMatchObject({ teeTimeId, golferIds: [ann.id, bea.id, sub.id] });
    expect(await m.findGolferGroup(dee.id, date)).toBeNull();
    expect(await m.findGolferGroup(cal.id, date)).toBeNull();
    // Another night of the season Dee and Cal play their own tee time, and the sub plays none.
    const otherNight = `${year}-09-${String(night).padStart(2, '0')}`;
    expect((await m.findGolferGroup(dee.id, otherNight))?.teeTimeId).toBe(teeTimeId);
    expect((await m.findGolferGroup(cal.id, otherNight))?.teeTimeId).toBe(teeTimeId);
    expect(await m.findGolferGroup(sub.id, otherNight)).toBeNull();
    const rows = async () => (await m.getScorecard(date, teeTimeId, undefined, now)).golfers.map((g) => g.golferId);
    expect(await rows()).toEqual([ann.id, bea.id, sub.id]);
    // The administrators' /scores lists the same golfers.
    expect((await m.listNightScorecards(date)).find((g) => g.teeTimeId === teeTimeId)?.golfers).toEqual([
      ann.fullName,
      bea.fullName,
      sub.fullName,
    ]);

    // Dee's standing card is not hers that night, and nobody keeps score for Dee or Cal on it.
    const hole1 = (golferId: number) => ({ clientId: clientId(), golferId, hole: 1, strokes: 4 });
    const byDee = await m.writeHoleScores(date, teeTimeId, [hole1(ann.id)], as(3), now).then(() => null, failureOf);
    expect(byDee).toMatchObject({ status: 403, message: expect.stringContaining("another group's card") });
    for (const absent of [dee, cal]) {
      const forAbsent = await m
        .writeHoleScores(date, teeTimeId, [hole1(ann.id), hole1(absent.id)], asSub, now)
        .then(() => null, failureOf);
      expect(forAbsent).toMatchObject({ status: 400, message: `Golfer #${absent.id} is not in this group` });
    }
    expect(await db.holeScore.count({ where: { scorecard: { teeTimeId } } })).toBe(0);
    const deeSubmits = await m.submitScorecard(date, teeTimeId, as(3), now).then(() => null, failureOf);
    expect(deeSubmits).toMatchObject({ status: 403 });

    // The sub keeps score for all three and submits (no empty holes: Cal and Dee are not rows); Ann attests.
    const players = [ann, bea, sub];
    await m.writeHoleScores(
      date,
      teeTimeId,
      fullCard(players, (gi) => 4 + gi),
      asSub,
      now,
    );
    expect(await currentHandicaps(db, [sub.id])).toEqual(new Map([[sub.id, null]]));
    await m.submitScorecard(date, teeTimeId, asSub, now);
    const deeAttests = await m.attestScorecard(date, teeTimeId, as(3), now).then(() => null, failureOf);
    expect(deeAttests).toMatchObject({ status: 403 });
    await m.attestScorecard(date, teeTimeId, as(0), now);

    const rounds = await db.round.findMany({ where: { date } });
    const roundOf = (id: number) => rounds.find((r) => r.golferId === id);
    expect(players.map((g) => roundOf(g.id)?.grossScore)).toEqual([36, 45, 54]);
    expect(roundOf(cal.id)).toBeUndefined();
    expect(roundOf(dee.id)).toBeUndefined();
    // The sub's round counts for the sub's handicap (round(0.8 × (54 − 36)) = 14) but earns no points.
    expect(roundOf(sub.id)).toMatchObject({ hcpIndexAfter: 14, points: null });
    expect(await currentHandicaps(db, [sub.id])).toEqual(new Map([[sub.id, 14]]));
    expect(roundOf(ann.id)!.points).toBe(24);
    const results = (await getNightResults(date)).flights.flatMap((f) => f.rows);
    expect(results.find((r) => r.golferId === sub.id)).toMatchObject({ sub: true, points: null, place: null });
    expect(results.find((r) => r.golferId === ann.id)).toMatchObject({ sub: false, points: 24, place: '1' });
    expect(await rows()).toEqual([ann.id, bea.id, sub.id]);

    // Reopening takes back the rounds of the card's players only.
    await m.reopenScorecard(date, teeTimeId, admin);
    expect((await db.round.findMany({ where: { date } })).map((r) => r.golferId)).toEqual([typed.id]);
  });

  it("'Start the night' makes no card for a group whose golfers are all Out with no sub, and /scores does not list it", async () => {
    const { m, db, date, now, course } = await newNight();
    const { markOut } = await import('~/models/nights-out.server');
    const [eve, flo] = [
      await m.createGolfer({ firstName: 'Eve', lastName: `Out${year}n${night}` }, null),
      await m.createGolfer({ firstName: 'Flo', lastName: `Out${year}n${night}` }, null),
    ];
    const slot = await db.teeTime.create({
      data: { time: `19:${String(night).padStart(2, '0')}`, season: year, golfer1Id: eve.id, golfer2Id: flo.id },
    });
    await db.$transaction(async (tx) => {
      for (const [i, g] of [eve, flo].entries())
        await markOut(tx, { golferId: g.id, date, season: year, teeTime: slot.time, position: i + 1 });
    });
    await m.startNight(date, course.id, admin);
    expect(await db.scorecard.count({ where: { date, teeTimeId: slot.id } })).toBe(0);
    expect((await m.listNightScorecards(date)).map((g) => g.teeTimeId)).not.toContain(slot.id);
    expect((await m.getScorecard(date, slot.id, undefined, now)).golfers).toEqual([]);
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
