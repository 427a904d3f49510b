import { beforeAll, describe, expect, it } from 'vitest';
import { createGolfer } from '~/models/golfers.server';
import { createFlightAssignment } from '~/models/flights.server';
import { createRound } from '~/models/rounds.server';
import { createSeason } from '~/models/seasons.server';
import { calculatePointsForDate } from '~/models/points.server';
import { getSettings } from '~/models/settings.server';
import * as golferApi from '~/routes/api.public.golfers.$id';
import * as resultsApi from '~/routes/api.public.results.$date';
import * as standingsApi from '~/routes/api.public.standings';
import { action as settingsAction } from '~/routes/_admin.settings';
import * as golferPage from '~/routes/_public.stats.golfers.$id';
import * as resultsPage from '~/routes/_public.stats.results.$date';
import * as standingsPage from '~/routes/_public.stats._index';
import { db, queryCount } from '~/db/db.server';
import { seedDemoLeague } from '../../prisma/seed';
import { call, request, signIn, unique } from './helpers';
import { renderPage } from './render-page';
import { settingsFormOf } from './settings-helpers';

// The stats website (docs/product/stats.md) against the demo league that `npm start` seeds, in this file's own
// database: the current season with three weeks of rounds, and the next one.

type PageModule = Parameters<typeof renderPage>[1]['module'];
/** A page whose meta reads its loader's data is typed more narrowly than the build's plain route module. */
const asModule = (module: object) => module as PageModule;

const pages = {
  standings: (query = '', cookie?: string) =>
    renderPage(
      `/stats${query}`,
      { id: 'routes/_public.stats._index', path: 'stats', module: asModule(standingsPage) },
      cookie,
    ),
  results: (date: string, cookie?: string) =>
    renderPage(
      `/stats/results/${date}`,
      { id: 'routes/_public.stats.results.$date', path: 'stats/results/:date', module: asModule(resultsPage) },
      cookie,
    ),
  golfer: (id: string | number, query = '', cookie?: string) =>
    renderPage(
      `/stats/golfers/${id}${query}`,
      { id: 'routes/_public.stats.golfers.$id', path: 'stats/golfers/:id', module: asModule(golferPage) },
      cookie,
    ),
};

const api = {
  standings: (query = '', cookie?: string) =>
    call(standingsApi.loader, request(`/api/public/standings${query}`, { cookie })),
  results: (date: string, cookie?: string) =>
    call(resultsApi.loader, request(`/api/public/results/${date}`, { cookie }), { date }),
  golfer: (id: string | number, query = '', cookie?: string) =>
    call(golferApi.loader, request(`/api/public/golfers/${id}${query}`, { cookie }), { id: String(id) }),
};

type GolferJson = {
  id: number;
  name: string;
  flight: string | null;
  handicap: number | null;
  season: number;
  breakdown: {
    rounds: { date: string | null; gross: number; par: number; differential: number; estimated: boolean }[];
    average: number | null;
    percent: number;
    handicap: number | null;
  };
  history: { date: string; handicap: number }[];
  rounds: { date: string; gross: number; net: number; hcp: number; points: number | null; place: string | null }[];
  totals: { rounds: number; points: number; averageGross: number | null; bestNet: number | null; qualified: boolean };
};

let season = 0;
let golfers: { id: number; fullName: string; email: string | null; phone: string | null }[] = [];
let dates: string[] = [];

/** Rounds half away from zero, written out here rather than imported, to check the page's arithmetic. */
function roundHalfAway(value: number): number {
  const rounded = Math.sign(value) * Math.round(Math.abs(value));
  return rounded === 0 ? 0 : rounded;
}

beforeAll(async () => {
  await seedDemoLeague(db);
  golfers = await db.golfer.findMany({ select: { id: true, fullName: true, email: true, phone: true } });
  const rounds = await db.round.findMany({ select: { season: true, date: true } });
  season = rounds[0].season;
  dates = [...new Set(rounds.map((r) => r.date))].sort();

  // One golfer plays on: nine more regular nights push the estimate out, and a practice round (which counts for
  // nothing) comes after the last counting round. The scores vary so the average is not a whole number.
  const schedule = await db.scheduleEntry.findMany({ where: { season }, orderBy: { date: 'asc' } });
  const later = schedule
    .filter((e) => ['regular-round', 'playoff-qualifier'].includes(e.kind) && e.date > dates[dates.length - 1])
    .slice(0, 9);
  expect(later).toHaveLength(9);
  const busy = golfers[5];
  for (const [i, entry] of later.entries()) {
    await createRound({ golferId: busy.id, date: entry.date, season, grossScore: 39 + ((i * 5) % 9) }, null);
  }
  const practice = schedule.find((e) => e.kind === 'practice-round')!;
  await createRound({ golferId: busy.id, date: practice.date, season, grossScore: 70 }, null);
  // The final outing: the latest round of all, counting for nothing.
  const fun = schedule.find((e) => e.kind === 'final-outing')!;
  await createRound({ golferId: busy.id, date: fun.date, season, grossScore: 71 }, null);
}, 120_000);

describe('the golfer page explains the stored handicap', () => {
  it('for every golfer of the demo league, shows the hcpIndexAfter of their latest counting round, computed from the rounds it lists', async () => {
    const nonCounting = new Set(
      (
        await db.scheduleEntry.findMany({
          where: {
            OR: [
              { rainOut: true },
              { kind: { in: ['practice-round', 'fun-night', 'final-outing', 'final-outing-alternate'] } },
            ],
          },
          select: { date: true },
        })
      ).map((e) => e.date),
    );
    expect(golfers).toHaveLength(16);
    for (const golfer of golfers) {
      const res = await api.golfer(golfer.id);
      expect(res.status).toBe(200);
      const body = (await res.json()) as GolferJson;
      const stored = await db.round.findMany({ where: { golferId: golfer.id }, orderBy: { date: 'asc' } });
      const counting = stored.filter((r) => !nonCounting.has(r.date));
      const latest = counting[counting.length - 1];
      expect(latest, `${golfer.fullName} has counting rounds`).toBeDefined();
      expect(body.handicap).toBe(latest.hcpIndexAfter);
      expect(body.breakdown.handicap).toBe(latest.hcpIndexAfter);

      // The listed rounds are the golfer's 10 most recent counting rounds (newest first) and the estimate's entries.
      const real = body.breakdown.rounds.filter((r) => !r.estimated);
      const expectedReal = counting.slice(-10).reverse();
      expect(real.map((r) => [r.date, r.gross])).toEqual(expectedReal.map((r) => [r.date, r.grossScore]));
      expect(body.breakdown.rounds.filter((r) => r.estimated)).toHaveLength(
        Math.max(0, Math.min(3, 10 - counting.length)),
      );
      expect(body.breakdown.rounds.length).toBeLessThanOrEqual(10);
      // Each row's differential is min(gross, 2·par) − par, and average × 80% rounded is the handicap.
      for (const row of body.breakdown.rounds)
        expect(row.differential).toBe(Math.min(row.gross, 2 * row.par) - row.par);
      const sum = body.breakdown.rounds.reduce((total, row) => total + row.differential, 0);
      expect(body.breakdown.average).toBeCloseTo(sum / body.breakdown.rounds.length, 10);
      expect(body.breakdown.percent).toBe(80);
      expect(roundHalfAway((0.8 * sum) / body.breakdown.rounds.length)).toBe(latest.hcpIndexAfter);
      // The history ends at the same handicap.
      expect(body.history.at(-1)).toEqual({ date: latest.date, handicap: latest.hcpIndexAfter });

      // The page shows the same numbers.
      const page = await pages.golfer(golfer.id);
      expect(page.status).toBe(200);
      expect(page.text).toContain('How this handicap is computed');
      expect(page.html).toMatch(new RegExp(`data-testid="current-handicap">${latest.hcpIndexAfter}<`));
      expect(page.text).toContain(`Rounded = handicap${latest.hcpIndexAfter}`);
      expect(page.text.includes('From estimated score')).toBe(counting.length < 10);
    }
  });

  it('shows the season rounds with places and totals, and the chart as SVG with a table of its points', async () => {
    const busy = golfers[5];
    const body = (await (await api.golfer(busy.id)).json()) as GolferJson;
    expect(body.season).toBe(season);
    expect(body.breakdown.rounds.every((r) => !r.estimated)).toBe(true);
    // 12 regular rounds, a practice round and the final outing: the two special events have no points or place.
    expect(body.rounds).toHaveLength(14);
    const special = body.rounds.filter((r) => r.points === null && r.place === null);
    expect(special.map((r) => r.gross).sort()).toEqual([70, 71]);
    expect(body.totals.rounds).toBe(12);
    const withPlace = body.rounds.filter((r) => r.place !== null);
    // Only the demo's three nights have a whole flight to be placed in (and points).
    expect(withPlace.length).toBeGreaterThanOrEqual(3);
    expect(body.history).toHaveLength(12);

    const page = await pages.golfer(busy.id);
    expect(page.html).toContain('<svg');
    expect(page.html).toMatch(/<table class="sr-only"><caption>Handicap after each counting round<\/caption>/);
    expect(page.text).toContain(`${season} season`);
    expect(page.text).toContain('Average differential');
  });
});

describe('standings and results', () => {
  it('/stats shows the standings of each flight, the playoff line and the nights with results', async () => {
    const res = await api.standings(`?season=${season}`);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.season).toBe(season);
    expect(body.flights).toHaveLength(4);
    expect(body.flights[0].rows[0]).toMatchObject({ rank: 1, points: expect.any(Number), rounds: 3 });
    expect(body.nights.map((n: { date: string }) => n.date)).toEqual(expect.arrayContaining(dates));

    const page = await pages.standings(`?season=${season}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Standings');
    expect(page.text).toContain('Flight 1');
    expect(page.text).toContain('RankGolferPointsRoundsQualifier WeeksQualified');
    for (const date of dates) expect(page.html).toContain(`href="/stats/results/${date}"`);
    // The nickname shows as the league writes it.
    expect(page.text).toContain('Jordan "Jo" Okafor');
  });

  it('shares a place between golfers tied on net (T2) and marks special events without points', async () => {
    const flightDate = dates[0];
    // Two new golfers in Flight 4 tie on net on the first night: 50 gross each and no handicap history.
    const tied: { id: number; fullName: string }[] = [];
    for (const name of ['Tie', 'Tee']) {
      const g = await createGolfer({ firstName: name, lastName: unique('Tied') }, null);
      await createFlightAssignment({ golferId: g.id, season, flightNo: '4' }, null);
      await createRound({ golferId: g.id, date: flightDate, season, grossScore: 30 }, null);
      tied.push(g);
    }
    await calculatePointsForDate(flightDate, null);
    const body = await (await api.results(flightDate)).json();
    const flight4 = body.flights.find((f: { flightNo: string }) => f.flightNo === '4');
    const rows = flight4.rows.filter((r: { golferId: number }) => tied.some((g) => g.id === r.golferId));
    expect(rows.map((r: { place: string }) => r.place)).toEqual(['T1', 'T1']);
    expect(rows.map((r: { points: number }) => r.points)).toEqual([23.5, 23.5]);
    expect(flight4.rows[2].place).toBe('3');
    const page = await pages.results(flightDate);
    expect(page.text).toMatch(/Results for Monday, \w+ \d+, \d{4}/);
    expect(page.text).toContain('PlaceGolferGrossHCPNetPoints');
    for (const g of tied) expect(page.text).toContain(`T1${g.fullName}30—3023.5`);

    const outing = (await db.scheduleEntry.findFirst({ where: { season, kind: 'final-outing' } }))!;
    const special = await (await api.results(outing.date)).json();
    expect(special.status).toBe('special-event');
    expect(special.flights.flatMap((f: { rows: { points: unknown; place: unknown }[] }) => f.rows)).toEqual(
      expect.arrayContaining([expect.objectContaining({ points: null, place: null })]),
    );
    const specialPage = await pages.results(outing.date);
    expect(specialPage.text).toContain('This night was a special event');
  });
});

describe('bad addresses', () => {
  it('answer 400 (malformed) or 404 (missing) in JSON, and the 404 page on the site, never 500', async () => {
    const notANight = `${season}-05-26`; // a Tuesday
    const cases: [Promise<Response>, number][] = [
      [api.golfer('abc'), 400],
      [api.golfer('12.5'), 400],
      [api.golfer(999999), 404],
      [api.results('2025-13-01'), 400],
      [api.results('yesterday'), 400],
      [api.results(notANight), 404],
      [api.standings('?season=abc'), 400],
      [api.standings('?season=1999'), 400],
      [api.standings('?season=2031'), 404],
      [api.golfer(golfers[0].id, '?season=2031'), 404],
    ];
    for (const [answer, status] of cases) {
      const res = await answer;
      expect(res.status).toBe(status);
      expect(typeof (await res.json()).message).toBe('string');
    }
    // A golfer who never played nor had a flight has no page.
    const stranger = await createGolfer(
      { firstName: 'Never', lastName: unique('Played'), email: `${unique()}@x.org` },
      null,
    );
    expect((await api.golfer(stranger.id)).status).toBe(404);

    for (const page of [
      pages.golfer('abc'),
      pages.golfer(999999),
      pages.golfer(stranger.id),
      pages.results('2025-02-30'),
      pages.results(notANight),
      pages.standings('?season=abc'),
      pages.standings('?season=2031'),
    ]) {
      const { status, text } = await page;
      expect(status).toBe(404);
      expect(text).toContain('404 Page Not Found');
    }
    expect((await pages.results(notANight)).text).toContain('There was no league night on Tuesday, May 26');

    for (const route of [standingsApi, resultsApi, golferApi]) {
      const res = await call(route.action, request('/api/public/standings', { method: 'POST', json: {} }));
      expect(res.status).toBe(405);
      expect(res.headers.get('Allow')).toBe('GET');
    }
  });
});

describe('privacy', () => {
  it('no stats page or JSON answer contains any golfer’s email or phone', async () => {
    const secrets = golfers
      .flatMap((g) => [g.email, g.phone, g.phone?.replace(/\D/g, '')])
      .filter((s): s is string => Boolean(s));
    expect(secrets.length).toBeGreaterThanOrEqual(32);
    const answers: string[] = [];
    const seasons = [season, season + 1];
    for (const year of seasons) {
      answers.push(
        await (await api.standings(`?season=${year}`)).text(),
        (await pages.standings(`?season=${year}`)).html,
      );
    }
    const nights = await db.round.findMany({ distinct: ['date'], select: { date: true } });
    for (const { date } of nights) {
      answers.push(await (await api.results(date)).text(), (await pages.results(date)).html);
    }
    for (const golfer of golfers) {
      answers.push(await (await api.golfer(golfer.id)).text(), (await pages.golfer(golfer.id)).html);
    }
    const all = answers.join('\n').toLowerCase();
    expect(all).toContain(golfers[0].fullName.toLowerCase());
    for (const secret of secrets) expect(all, secret).not.toContain(secret.toLowerCase());
  });
});

describe("'Publish stats website'", () => {
  it('is on by default; when off, anonymous visitors and non-administrators get 404 while administrators see the pages', async () => {
    expect((await getSettings()).publishStats).toBe(true);
    const admin = await signIn({ isAdmin: true });
    const viewer = await signIn({ isAdmin: false });
    const before = await getSettings();
    const form = settingsFormOf(before);
    // The Settings form without the box ticked turns the website off.
    expect((await call(settingsAction, request('/settings', { cookie: admin.cookie, form }))).status).toBe(302);
    expect((await getSettings()).publishStats).toBe(false);
    try {
      const id = golfers[0].id;
      for (const cookie of [undefined, viewer.cookie]) {
        expect((await api.standings('', cookie)).status).toBe(404);
        expect((await api.results(dates[0], cookie)).status).toBe(404);
        expect((await api.golfer(id, '', cookie)).status).toBe(404);
        for (const page of [
          pages.standings('', cookie),
          pages.results(dates[0], cookie),
          pages.golfer(id, '', cookie),
        ]) {
          const { status, text } = await page;
          expect(status).toBe(404);
          expect(text).toContain('404 Page Not Found');
        }
      }
      expect((await api.standings('', admin.cookie)).status).toBe(200);
      expect((await api.golfer(id, '', admin.cookie)).status).toBe(200);
      expect((await pages.results(dates[0], admin.cookie)).status).toBe(200);
    } finally {
      const res = await call(
        settingsAction,
        request('/settings', { cookie: admin.cookie, form: { ...form, publishStats: 'on' } }),
      );
      expect(res.status).toBe(302);
    }
    expect((await getSettings()).publishStats).toBe(true);
    expect((await api.standings()).status).toBe(200);
  });
});

describe('a fixed number of queries', () => {
  it('whatever the number of golfers, for each page and JSON answer', async () => {
    const measure = async () => {
      const counts: number[] = [];
      for (const fn of [
        () => api.standings(`?season=${season}`),
        () => api.results(dates[1]),
        () => api.golfer(golfers[1].id),
        () => pages.golfer(golfers[1].id),
      ]) {
        const start = queryCount();
        expect((await fn()).status).toBe(200);
        counts.push(queryCount() - start);
      }
      return counts;
    };
    const small = await measure();
    for (let i = 0; i < 40; i++) {
      const g = await createGolfer({ firstName: 'Many', lastName: unique('Stats') }, null);
      await createFlightAssignment(
        { golferId: g.id, season, flightNo: String((i % 4) + 1) as '1' | '2' | '3' | '4' },
        null,
      );
      await db.round.create({
        data: { golferId: g.id, date: dates[1], season, grossScore: 40 + (i % 9), netScore: 40 },
      });
    }
    expect(await measure()).toEqual(small);
    // 16 until the golfer page's hole statistics (docs/decisions/124-live-results-and-skins.md), which read the golfer's attested holes in one query more.
    expect(Math.max(...small)).toBeLessThanOrEqual(17);
  });
});

describe('pages that stay small at any size (docs/decisions/076-stats-pages-at-scale.md)', () => {
  it('/stats and /stats/results carry a few hundred bytes per golfer shown, and show 50 golfers of a flight per page', async () => {
    // A season of its own: 240 golfers in four flights of 60 and 10 without a flight, all playing one night.
    const year = 2019;
    await createSeason({ year, feeCents: 15_000, registrationOpens: null, registrationCloses: null }, null);
    const night = `${year}-06-03`;
    const tag = unique('Scale');
    await db.golfer.createMany({
      data: Array.from({ length: 250 }, (_, i) => ({
        firstName: `Alexandra${i}`,
        lastName: `${tag}-Montgomery`,
        fullName: `Alexandra${i} ${tag}-Montgomery`,
        email: `scale${i}.${tag}@example.org`,
        phone: `555-01${String(i).padStart(3, '0')}`,
      })),
    });
    const many = await db.golfer.findMany({ where: { lastName: `${tag}-Montgomery` }, orderBy: { id: 'asc' } });
    expect(many).toHaveLength(250);
    await db.flightAssignment.createMany({
      data: many.slice(0, 240).map((g, i) => ({ golferId: g.id, season: year, flightNo: String((i % 4) + 1) })),
    });
    await db.round.createMany({
      data: many.map((g, i) => {
        const gross = 38 + (i % 13);
        const hcp = i % 7;
        return {
          golferId: g.id,
          date: night,
          season: year,
          grossScore: gross,
          hcpIndexBefore: hcp,
          netScore: gross - hcp,
          points: 1 + (i % 24) + (i % 5 === 0 ? 0.5 : 0),
        };
      }),
    });
    const bytes = (html: string) => Buffer.byteLength(html, 'utf8');
    const golferLinks = (html: string) => html.match(/<a [^>]*href="\/stats\/golfers\//g)?.length ?? 0;
    // What a row may weigh, page data included (about 220 bytes with these long names): 300 KB holds the layout and
    // the most rows a page shows (five tables of 50) many times over. A row styled cell by cell weighed 750 bytes.
    const BYTES_PER_ROW = 300;

    const standings = await pages.standings(`?season=${year}`);
    expect(standings.status).toBe(200);
    expect(golferLinks(standings.html)).toBe(200);
    expect(bytes(standings.html) / 200).toBeLessThan(BYTES_PER_ROW);
    for (const flight of ['1', '2', '3', '4']) {
      expect(standings.html).toContain(`href="/stats?season=${year}&amp;flight=${flight}&amp;page=2"`);
    }
    expect(standings.text).toContain('Showing 1–50 of 60 golfersPage 1 of 2Next');
    for (const secret of [many[0].email!, many[0].phone!]) expect(standings.html).not.toContain(secret);

    // A flight's second page: ranks 51 to 60 of that flight only, and a way back.
    const second = await pages.standings(`?season=${year}&flight=2&page=2`);
    expect(second.status).toBe(200);
    expect(golferLinks(second.html)).toBe(10);
    expect(second.text).toContain('Flight 2');
    expect(second.text).not.toContain('Flight 1');
    expect(second.text).toContain('Showing 51–60 of 60 golfersPreviousPage 2 of 2');
    const full = (await (await api.standings(`?season=${year}`)).json()) as {
      flights: { flightNo: string; rows: { rank: number; name: string }[] }[];
    };
    const flight2 = full.flights.find((f) => f.flightNo === '2')!.rows;
    expect(flight2).toHaveLength(60);
    expect(second.text).toContain(`51${flight2[50].name}`);
    expect(second.text).toContain(`60${flight2[59].name}`);
    // A page past the last shows the last; a page or flight that is not one is the 404 page.
    expect(golferLinks((await pages.standings(`?season=${year}&flight=2&page=9`)).html)).toBe(10);
    for (const query of ['&flight=2&page=abc', '&flight=2&page=0', '&flight=5', '&flight=none']) {
      const bad = await pages.standings(`?season=${year}${query}`);
      expect(bad.status, query).toBe(404);
      expect(bad.text).toContain(`There is no such page of the ${year} standings.`);
    }

    const results = await pages.results(night);
    expect(results.status).toBe(200);
    expect(golferLinks(results.html)).toBe(210);
    expect(bytes(results.html) / 210).toBeLessThan(BYTES_PER_ROW);
    expect(results.text).toContain('Not in a flight');
    expect(results.html).toContain(`href="/stats/results/${night}?flight=3&amp;page=2"`);
    // Places are over the whole flight, so the second page goes on where the first stopped (ties included).
    const night3 = (await (await api.results(night)).json()) as {
      flights: { flightNo: string | null; rows: { place: string; name: string }[] }[];
    };
    const flight3 = night3.flights.find((f) => f.flightNo === '3')!.rows;
    const results2 = await pages.results(`${night}?flight=3&page=2`);
    expect(golferLinks(results2.html)).toBe(10);
    expect(results2.text).toContain(`${flight3[50].place}${flight3[50].name}`);
    expect(results2.text).not.toContain('Not in a flight');
    const unflighted = await pages.results(`${night}?flight=none`);
    expect(golferLinks(unflighted.html)).toBe(10);
    expect((await pages.results(`${night}?flight=7`)).status).toBe(404);
    // The JSON twins still answer every row.
    expect(night3.flights.reduce((sum, f) => sum + f.rows.length, 0)).toBe(250);
  });
});
