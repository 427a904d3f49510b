import { expect, it } from 'vitest';

/*
 * The live leaderboard and skins wired to the scorecards' hole scores (docs/decisions/124-live-results-and-skins.md):
 * the same cases on SQLite (live-holes.test.ts) and PostgreSQL (live-holes.postgres.test.ts). Each case plays a night
 * of its own in `year`, a year no other test plays in. The modules are imported when a case runs, after the
 * PostgreSQL file has pointed the client at its server.
 */
export function liveHoleCases(year: number): void {
  async function load() {
    const [golfers, flights, rounds, live, skins, notify, cases, helpers] = await Promise.all([
      import('~/models/golfers.server'),
      import('~/models/flights.server'),
      import('~/models/rounds.server'),
      import('~/models/live-results.server'),
      import('~/models/skins.server'),
      import('~/db/results-changed.server'),
      import('./live-results-cases'),
      import('./helpers'),
    ]);
    return { ...golfers, ...flights, ...rounds, ...live, ...skins, ...notify, ...cases, unique: helpers.unique };
  }

  it('lists golfers on the course with gross, net and Thru so far, then their rounds and the skins once the card is attested', async () => {
    const m = await load();
    const date = `${year}-06-10`;
    const golfer = async (first: string) => {
      const created = await m.createGolfer({ firstName: first, lastName: m.unique('Holes') }, null);
      await m.createFlightAssignment({ golferId: created.id, season: year, flightNo: '1' }, null);
      return created;
    };
    const ann = await golfer('Ann');
    const bo = await golfer('Bo');
    const cy = await golfer('Cy');
    // Bo's handicap is 3 (a 40 on the default par 36 before the night: 0.8 × 4, rounded); Ann has none.
    await m.createRound({ golferId: bo.id, date: `${year}-05-01`, season: year, grossScore: 40 }, null);
    // Cy's total, typed by an administrator as before: a round without hole scores.
    await m.createRound({ golferId: cy.id, date, season: year, grossScore: 44 }, null);
    const heard: string[] = [];
    const stop = m.onResultsChanged((night) => heard.push(night));
    try {
      // Ann thru 4 (all 4s), Bo thru 3 (5, 4, 4 with a stroke on each of holes 1 to 3: net 10).
      const card = await m.playCard(
        date,
        [ann, bo],
        [
          [4, 4, 4, 4, null, null, null, null, null],
          [5, 4, 4, null, null, null, null, null, null],
        ],
      );
      expect(heard).toContain(date);
      const rowsOf = async () => {
        const { board } = await m.liveLeaderboard(date);
        return { board, rows: board.flights.find((f) => f.key === '1')!.rows };
      };
      const during = await rowsOf();
      expect(during.board.inPlay).toBe(true);
      expect(
        during.rows.map(({ id, place, gross, hcp, net, points, thru }) => ({
          id,
          place,
          gross,
          hcp,
          net,
          points,
          thru,
        })),
      ).toEqual([
        { id: cy.id, place: '1', gross: 44, hcp: null, net: 44, points: null, thru: 9 },
        { id: ann.id, place: null, gross: 16, hcp: null, net: 16, points: null, thru: 4 },
        { id: bo.id, place: null, gross: 13, hcp: 3, net: 10, points: null, thru: 3 },
      ]);
      expect(await m.nightSkins(date)).toBeNull();

      // The rest of the card: Ann [4 4 4 4 3 4 4 4 4] = 35, Bo [5 4 4 4 4 4 3 4 4] = 36, net 33.
      heard.length = 0;
      await card.write(0, [null, null, null, null, 3, 4, 4, 4, 4]);
      await card.write(1, [null, null, null, 4, 4, 4, 3, 4, 4]);
      expect(heard).toEqual([date, date]);
      heard.length = 0;
      await card.attest();
      expect(heard).toContain(date);
      const after = await rowsOf();
      expect(after.board.inPlay).toBe(false);
      // The attested card's rounds replace the rows on the course: places by net, every golfer thru 9.
      expect(after.rows.map(({ id, place, gross, net, thru }) => ({ id, place, gross, net, thru }))).toEqual([
        { id: bo.id, place: '1', gross: 36, net: 33, thru: 9 },
        { id: ann.id, place: '2', gross: 35, net: 35, thru: 9 },
        { id: cy.id, place: '3', gross: 44, net: 44, thru: 9 },
      ]);
      // Gross: Ann wins holes 1 (4 to Bo's 5) and 5 (a 3), Bo hole 7. Net: Bo's stroke ties hole 1 and wins 2 and 3.
      // Cy typed a total: no card, no skins.
      const skins = await m.nightSkins(date);
      const won = (list: { golferId: number; skins: number; holes: number[] }[]) =>
        list.map(({ golferId, skins: count, holes }) => [golferId, count, holes]);
      expect(skins?.map((f) => f.flight)).toEqual(['1']);
      expect(won(skins![0].gross.won)).toEqual([
        [ann.id, 2, [1, 5]],
        [bo.id, 1, [7]],
      ]);
      expect(won(skins![0].net.won)).toEqual([
        [bo.id, 3, [2, 3, 7]],
        [ann.id, 1, [5]],
      ]);
      expect((await m.golferHoleStats(ann.id, year))?.counts).toEqual({
        eaglesOrBetter: 0,
        birdies: 1,
        pars: 8,
        bogeys: 0,
        doubleOrWorse: 0,
      });

      // Reopened: the rounds go, the golfers are back on the course (complete cards: the better net first), no skins.
      heard.length = 0;
      await card.reopen();
      expect(heard).toContain(date);
      const reopened = await rowsOf();
      expect(reopened.rows.map((r) => [r.id, r.place, r.thru])).toEqual([
        [cy.id, '1', 9],
        [bo.id, null, 9],
        [ann.id, null, 9],
      ]);
      expect(await m.nightSkins(date)).toBeNull();
      heard.length = 0;
      await card.didNotFinish(1);
      expect(heard).toEqual([date]);
    } finally {
      stop();
    }
  });
}
