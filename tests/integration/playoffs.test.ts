import { beforeAll, describe, expect, it } from 'vitest';
import { createFlightAssignment } from '~/models/flights.server';
import { createGolfer } from '~/models/golfers.server';
import { createRounds } from '~/models/rounds.server';
import { getStandings } from '~/models/standings.server';
import * as playoffsApi from '~/routes/api.public.playoffs';
import * as golferPage from '~/routes/_public.stats.golfers.$id';
import * as playoffsPage from '~/routes/_public.stats.playoffs';
import * as standingsPage from '~/routes/_public.stats._index';
import { db, queryCount } from '~/db/db.server';
import { call, request, unique } from './helpers';
import { playoffsLeague, type PlayoffsLeague } from './playoffs-league';
import { renderPage } from './render-page';

// /stats/playoffs and GET /api/public/playoffs on SQLite (docs/product/playoffs.md): the race to the playoffs of a
// season left with one qualifier night, written through the models.

type PageModule = Parameters<typeof renderPage>[1]['module'];
const asModule = (module: object) => module as PageModule;

const pages = {
  playoffs: (query = '') =>
    renderPage(`/stats/playoffs${query}`, {
      id: 'routes/_public.stats.playoffs',
      path: 'stats/playoffs',
      module: asModule(playoffsPage),
    }),
  standings: (query = '') =>
    renderPage(`/stats${query}`, { id: 'routes/_public.stats._index', path: 'stats', module: asModule(standingsPage) }),
  golfer: (id: number, query = '') =>
    renderPage(`/stats/golfers/${id}${query}`, {
      id: 'routes/_public.stats.golfers.$id',
      path: 'stats/golfers/:id',
      module: asModule(golferPage),
    }),
};
const api = (query = '') => call(playoffsApi.loader, request(`/api/public/playoffs${query}`));

type Entry = {
  seed: number;
  golferId: number;
  name: string;
  points: number;
  status: string;
  net: null;
  champion: null;
};
type PlayoffsJson = {
  season: number;
  locked: boolean;
  flights: {
    flight: string;
    field: Entry[];
    race: { golferId: number; name: string; points: number; seed: number | null; status: string }[];
  }[];
  grandChampionship: { entrants: unknown[]; champion: unknown };
};

const YEAR = 2053;
let league: PlayoffsLeague;

beforeAll(async () => {
  league = await playoffsLeague(YEAR);
}, 120_000);

describe('GET /api/public/playoffs', () => {
  it('answers the provisional field of each flight, seeded by the tie rules, and the race with each status', async () => {
    const res = await api(`?season=${YEAR}`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as PlayoffsJson;
    expect(body.season).toBe(YEAR);
    expect(body.locked).toBe(false);
    expect(body.grandChampionship).toEqual({ entrants: [], champion: null });
    expect(body.flights.map((f) => f.flight)).toEqual(['1', '2', '3']);
    const { golfers } = league;
    const [one, two, three] = body.flights;

    // Three qualified in Flight 1: a field of three; Cat before Bea on qualifier-week points.
    expect(one.field).toEqual([
      {
        seed: 1,
        golferId: golfers.Amy.id,
        name: 'Amy Race2053',
        points: 120,
        status: 'In the top 4',
        net: null,
        champion: null,
      },
      {
        seed: 2,
        golferId: golfers.Cat.id,
        name: 'Cat Race2053',
        points: 75,
        status: 'In the top 4',
        net: null,
        champion: null,
      },
      {
        seed: 3,
        golferId: golfers.Bea.id,
        name: 'Bea Race2053',
        points: 75,
        status: 'In the top 4',
        net: null,
        champion: null,
      },
    ]);
    expect(one.race.map((r) => [r.name, r.points, r.seed, r.status])).toEqual([
      ['Dan Race2053', 130, null, 'Needs 1 more qualifier week'],
      ['Amy Race2053', 120, 1, 'In the top 4'],
      ['Cat Race2053', 75, 2, 'In the top 4'],
      ['Bea Race2053', 75, 3, 'In the top 4'],
      ['Eli Race2053', 30, null, 'Cannot qualify this season'],
      // Only by playing the one night left, which is a qualifier week.
      ['Gus Race2053', 28, null, 'Needs 1 more regular round and 1 more qualifier week'],
    ]);
    // Level on points and handicap: the earlier registration. Level on points: the lower handicap.
    expect(two.field.map((e) => e.golferId)).toEqual([golfers.Ian.id, golfers.Hal.id]);
    expect(three.field.map((e) => e.golferId)).toEqual([golfers.Kim.id, golfers.Jo.id]);
  });

  it('answers 400 for a malformed season, 404 for one without stats, and the league season without one', async () => {
    const bad = await api('?season=abc');
    expect(bad.status).toBe(400);
    expect(await bad.json()).toHaveProperty('message');
    const missing = await api('?season=2099');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ message: 'There are no stats for a 2099 season' });
    expect((await api()).status).toBe(200);
    const post = await call(playoffsApi.action, request('/api/public/playoffs', { method: 'POST', json: {} }));
    expect(post.status).toBe(405);
  });
});

describe('/stats/playoffs', () => {
  it('shows the race of each flight with Seed, Points and Status, says when a field is smaller, and writes the tie rules', async () => {
    const page = await pages.playoffs(`?season=${YEAR}`);
    expect(page.status).toBe(200);
    expect(page.html).toMatch(/<h1[^>]*>Playoffs<\/h1>/);
    expect(page.text).toContain('The race to the playoffs');
    expect(page.html).toContain(`<caption class="sr-only">Flight 1: the race to the playoffs, ${YEAR}</caption>`);
    for (const header of ['Seed', 'Golfer', 'Points', 'Status']) expect(page.html).toContain(`>${header}</th>`);
    expect(page.text).toContain('Only 3 golfers of Flight 1 have qualified so far: the field is smaller.');
    expect(page.text).toContain('Only 2 golfers of Flight 2 have qualified so far: the field is smaller.');
    expect(page.text).toContain('Needs 1 more regular round and 1 more qualifier week');
    expect(page.text).toContain('Cannot qualify this season');
    expect(page.text).toContain('More points from the playoff-qualifier weeks.');
    expect(page.text).toContain('The lower handicap.');
    expect(page.text).toContain('The earlier registration.');
    expect(page.text).toContain('the net of the last 6 holes, then the last 3, then the last hole');
    // The seed is the first cell of the row: Amy is 1.
    expect(page.html).toMatch(
      new RegExp(
        `<tr[^>]*><td>1</td><td><a [^>]*href="/stats/golfers/${league.golfers.Amy.id}\\?season=${YEAR}">Amy Race2053</a>`,
      ),
    );
  });

  it('answers its 404 page for a malformed or missing season, as the other stats pages do', async () => {
    for (const [query, text] of [
      ['?season=abc', 'There are no stats for that season.'],
      ['?season=2099', 'There are no stats for a 2099 season.'],
      [`?season=${YEAR}&flight=9`, `There is no such page of the ${YEAR} playoffs.`],
    ]) {
      const page = await pages.playoffs(query);
      expect(page.status, query).toBe(404);
      expect(page.text, query).toContain(text);
    }
  });

  it('is linked from /stats, and each golfer page shows the same status line', async () => {
    const standings = await pages.standings(`?season=${YEAR}`);
    expect(standings.html).toContain(`href="/stats/playoffs?season=${YEAR}"`);
    for (const [name, status] of [
      ['Gus', 'Needs 1 more regular round and 1 more qualifier week'],
      ['Amy', 'In the top 4'],
      ['Eli', 'Cannot qualify this season'],
    ] as const) {
      const page = await pages.golfer(league.golfers[name].id, `?season=${YEAR}`);
      expect(page.status).toBe(200);
      expect(page.text).toContain(`Playoffs: ${status}.`);
    }
  });

  it('reads a fixed number of queries whatever the number of golfers', async () => {
    const measure = async () => {
      const counts: number[] = [];
      for (const fn of [() => api(`?season=${YEAR}`), () => pages.playoffs(`?season=${YEAR}`)]) {
        const start = queryCount();
        expect((await fn()).status).toBe(200);
        counts.push(queryCount() - start);
      }
      return counts;
    };
    const before = await measure();
    for (let i = 0; i < 12; i++) {
      const golfer = await createGolfer({ firstName: 'Many', lastName: unique('Race') }, null);
      await createFlightAssignment({ golferId: golfer.id, season: YEAR, flightNo: '4' }, null);
      await db.round.create({
        data: { golferId: golfer.id, date: league.regular[0], season: YEAR, grossScore: 44, netScore: 44, points: i },
      });
    }
    expect(await measure()).toEqual(before);
    expect(Math.max(...before)).toBeLessThanOrEqual(8);
  });
});

describe('the standings', () => {
  it('mark for the playoffs the same golfers as the field, by its tie rules rather than the standings order', async () => {
    const other = await playoffsLeague(2054);
    const eight = [...other.regular.slice(0, 5), ...other.qualifiers.slice(0, 3)];
    const join = async (first: string, nights: string[], points: (date: string) => number) => {
      const golfer = await createGolfer({ firstName: first, lastName: unique('Tie') }, null);
      await createFlightAssignment({ golferId: golfer.id, season: 2054, flightNo: '2' }, null);
      await createRounds(
        nights.map((date) => ({ golferId: golfer.id, date, season: 2054, grossScore: 45, points: points(date) })),
        null,
      );
      return golfer.id;
    };
    const pat = await join('Pat', eight, () => 25);
    const quin = await join('Quin', eight, () => 25);
    // 96 points like Ian and Hal, in 9 rounds (the standings rank Rob above them), but only 12 on the qualifier nights.
    const rob = await join('Rob', [...other.regular.slice(0, 6), ...other.qualifiers.slice(0, 3)], (d) =>
      other.qualifiers.includes(d) ? 4 : 14,
    );
    const flight = (await getStandings(2054)).find((f) => f.flightNo === '2')!;
    expect(flight.rows.map((r) => [r.golferId, r.totalPoints, r.inPlayoffs])).toEqual([
      [pat, 200, true],
      [quin, 200, true],
      [rob, 96, false],
      // The standings' own order (points, rounds, then id); the field seeds Ian before Hal.
      [other.golfers.Hal.id, 96, true],
      [other.golfers.Ian.id, 96, true],
    ]);
    const body = (await (await api('?season=2054')).json()) as PlayoffsJson;
    expect(body.flights[1].field.map((e) => e.golferId)).toEqual([
      pat,
      quin,
      other.golfers.Ian.id,
      other.golfers.Hal.id,
    ]);
  });
});
