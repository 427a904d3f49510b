import { expect, it } from 'vitest';
import type { Db } from '~/db/db.server';

/*
 * Points are never stale (docs/decisions/075-points-never-stale.md): the same cases on SQLite
 * (points-consistency.test.ts) and PostgreSQL (points-consistency.postgres.test.ts). Each case has dates of its own
 * in `year`, a year no other test of the run plays in, so the rankings of one case never include another's rounds.
 * The models are imported when a case runs, after the PostgreSQL file has pointed the client at its server.
 */
export function pointsConsistencyCases(year: number, database: () => Db): void {
  const day = (monthDay: string) => `${year}-${monthDay}`;

  async function models() {
    const [golfers, flights, points, rounds, importing] = await Promise.all([
      import('~/models/golfers.server'),
      import('~/models/flights.server'),
      import('~/models/points.server'),
      import('~/models/rounds.server'),
      import('~/features/import/import.server'),
    ]);
    return { ...golfers, ...flights, ...points, ...rounds, ...importing };
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

  async function round(golferId: number, date: string, grossScore: number, points?: number) {
    const { createRound } = await models();
    return (await createRound({ golferId, date, grossScore, points }, null)).id;
  }

  async function pointsOf(...ids: number[]) {
    const rows = await database().round.findMany({ where: { id: { in: ids } }, select: { id: true, points: true } });
    const byId = new Map(rows.map((r) => [r.id, r.points]));
    return ids.map((id) => byId.get(id));
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
}
