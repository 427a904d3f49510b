import fs from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { currentSeason, todayInLeague } from '~/domain/season';
import { createFlightAssignment } from '~/models/flights.server';
import { createGolfer } from '~/models/golfers.server';
import { createRounds } from '~/models/rounds.server';
import { createSeason, getLeagueSeason, getSchedule } from '~/models/seasons.server';
import { assignGolferToTeeTime, generateSeasonTeeTimes, listTeeTimes } from '~/models/tee-times.server';
import * as availableTeeTimesApi from '~/routes/api.available-tee-times';
import * as golferApi from '~/routes/api.public.golfers.$id';
import * as scheduleApi from '~/routes/api.public.schedule';
import * as standingsApi from '~/routes/api.public.standings';
import * as teeTimesApi from '~/routes/api.public.tee-times';
import * as joinPage from '~/routes/_public.join';
import * as teeTimesPage from '~/routes/_public.public.tee-times';
import * as registerPage from '~/routes/_public.register';
import * as rulesPage from '~/routes/_public.rules';
import * as schedulePage from '~/routes/_public.schedule';
import * as golferPage from '~/routes/_public.stats.golfers.$id';
import * as standingsPage from '~/routes/_public.stats._index';
import * as playoffsPage from '~/routes/_public.stats.playoffs';
import * as playoffsApi from '~/routes/api.public.playoffs';
import * as termsPage from '~/routes/_public.terms';
import * as leagueCalendar from '~/routes/schedule[.ics]';
import { call, request, unique } from './helpers';
import { renderPage } from './render-page';

// Every public page and public API that chooses a season when the address names none must choose the league season
// (docs/product/seasons.md#the-league-season), never the calendar year. This file's own database is set
// up as a league is in November: the calendar year's season has been played, and next season's registration is open,
// so next season is the league season. Each season has its own fee, tee times and golfers, so a page that picked the
// calendar year shows the calendar year's. The years follow today's date, so the test means the same any day.

const calendarYear = currentSeason();
const leagueYear = calendarYear + 1;
const FEES = { [calendarYear]: 11_100, [leagueYear]: 22_200 };
const golferIds: Record<number, number> = {};
let bothSeasonsGolfer: number;

type PageModule = Parameters<typeof renderPage>[1]['module'];
/** A page whose meta reads its loader's data is typed more narrowly than the build's plain route module. */
const asModule = (module: object) => module as PageModule;

function page(path: string, id: string, routePath: string, module: object) {
  return renderPage(path, { id: `routes/${id}`, path: routePath, module: asModule(module) });
}

type LoaderModule = { loader: Parameters<typeof call>[0] };
async function apiJson(module: LoaderModule, path: string, params: Record<string, string> = {}) {
  const res = await call(module.loader, request(path), params);
  expect(res.status, path).toBe(200);
  return res.json();
}

/** The one year a text names with `pattern` (its first group); null when it names none. */
function yearIn(text: string, pattern: RegExp): number | null {
  const match = text.match(pattern);
  return match ? Number(match[1]) : null;
}

/** The season whose fee a text names ('$222'), or null. */
function seasonOfFee(text: string): number | null {
  const named = Object.entries(FEES).filter(([, cents]) => text.includes(`$${cents / 100}`));
  return named.length === 1 ? Number(named[0][0]) : null;
}

/** The season of the tee times an answer lists: every row's season, and whose golfer holds the first slot. */
function seasonOfTeeTimes(rows: { season: number; golfer1Id: number | null }[]): number | null {
  const seasons = [...new Set(rows.map((r) => r.season))];
  const holder = rows.find((r) => r.golfer1Id !== null)?.golfer1Id;
  const holderSeason = Object.entries(golferIds).find(([, id]) => id === holder)?.[0];
  return seasons.length === 1 && Number(holderSeason) === seasons[0] ? seasons[0] : null;
}

/** Each public page and API without `?season=`, and how to read which season it shows. */
const DEFAULTS: Record<string, () => Promise<number | null>> = {
  '/public/tee-times': async () => {
    const { text } = await page('/public/tee-times', '_public.public.tee-times', 'public/tee-times', teeTimesPage);
    const year = yearIn(text, /Standing Monday tee times for the (\d{4}) season\./);
    const holder = Object.entries(golferIds).filter(([season]) => text.includes(`Golfer ${season}`));
    return holder.length === 1 && Number(holder[0][0]) === year ? year : null;
  },
  'GET /api/public/tee-times': async () => seasonOfTeeTimes(await apiJson(teeTimesApi, '/api/public/tee-times')),
  'GET /api/available-tee-times': async () =>
    seasonOfTeeTimes(await apiJson(availableTeeTimesApi, '/api/available-tee-times')),
  '/join': async () => {
    const { text } = await page('/join', '_public.join', 'join', joinPage);
    const year = yearIn(text, /The season fee for the (\d{4}) season is/);
    return seasonOfFee(text) === year ? year : null;
  },
  '/rules': async () => seasonOfFee((await page('/rules', '_public.rules', 'rules', rulesPage)).text),
  '/terms': async () => seasonOfFee((await page('/terms', '_public.terms', 'terms', termsPage)).text),
  '/register': async () => {
    const { text } = await page('/register', '_public.register', 'register', registerPage);
    const year = yearIn(text, /Register and pay the (\d{4}) season fee/);
    return seasonOfFee(text) === year ? year : null;
  },
  '/schedule': async () =>
    yearIn((await page('/schedule', '_public.schedule', 'schedule', schedulePage)).text, /(\d{4}) Season · /),
  'GET /api/public/schedule': async () => (await apiJson(scheduleApi, '/api/public/schedule')).season,
  'GET /schedule.ics': async () => {
    const res = await call(leagueCalendar.loader, request('/schedule.ics'));
    expect(res.status).toBe(200);
    return yearIn(res.headers.get('Content-Disposition') ?? '', /schedule-(\d{4})\.ics/);
  },
  '/stats': async () =>
    yearIn((await page('/stats', '_public.stats._index', 'stats', standingsPage)).text, /(\d{4}) season\. Points/),
  'GET /api/public/standings': async () => (await apiJson(standingsApi, '/api/public/standings')).season,
  '/stats/golfers/{id}': async () => {
    const path = `/stats/golfers/${bothSeasonsGolfer}`;
    const { text } = await page(path, '_public.stats.golfers.$id', 'stats/golfers/:id', golferPage);
    return yearIn(text, /Flight \((\d{4})\)/);
  },
  'GET /api/public/golfers/{id}': async () =>
    (await apiJson(golferApi, `/api/public/golfers/${bothSeasonsGolfer}`, { id: String(bothSeasonsGolfer) })).season,
  '/stats/playoffs': async () =>
    yearIn(
      (await page('/stats/playoffs', '_public.stats.playoffs', 'stats/playoffs', playoffsPage)).text,
      /(\d{4}) season\. The top/,
    ),
  'GET /api/public/playoffs': async () => (await apiJson(playoffsApi, '/api/public/playoffs')).season,
};

/** The route module of each address above. */
const ROUTE_FILES: Record<keyof typeof DEFAULTS, string> = {
  '/public/tee-times': '_public.public.tee-times.tsx',
  'GET /api/public/tee-times': 'api.public.tee-times.ts',
  'GET /api/available-tee-times': 'api.available-tee-times.ts',
  '/join': '_public.join.tsx',
  '/rules': '_public.rules.tsx',
  '/terms': '_public.terms.tsx',
  '/register': '_public.register.tsx',
  '/schedule': '_public.schedule.tsx',
  'GET /api/public/schedule': 'api.public.schedule.ts',
  'GET /schedule.ics': 'schedule[.ics].ts',
  '/stats': '_public.stats._index.tsx',
  'GET /api/public/standings': 'api.public.standings.ts',
  '/stats/golfers/{id}': '_public.stats.golfers.$id.tsx',
  'GET /api/public/golfers/{id}': 'api.public.golfers.$id.ts',
  '/stats/playoffs': '_public.stats.playoffs.tsx',
  'GET /api/public/playoffs': 'api.public.playoffs.ts',
};

/** The public routes that never choose a season themselves, and why. */
const NO_SEASON_DEFAULT: Record<string, string> = {
  '_public.tsx': 'the layout of the public pages',
  '_public.answer.$token.tsx': "the token names the golfer and the night ('Are you in?')",
  '_public.confirm-contact.$token.tsx': 'the token names the change',
  '_public.unsubscribe.$token.tsx': 'the token names the golfer',
  '_public.subs.take.$token.tsx': 'the token names the spot and its night',
  '_public.registration-confirmation.$sessionId.tsx': 'the season of the registration paid for',
  '_public.stats.results.$date.tsx': 'the date names the season',
  'api.public.results.$date.ts': 'the date names the season',
  'schedule.$year[.ics].ts': 'the path names the season',
  '_public.me.sign-in.tsx': 'signing in shows no season',
  '_public.me._index.tsx': "a golfer's own page: always the league season (getLeagueSeason), golfer-sign-in tests",
  '_public.me.texts.tsx': "a golfer's texts settings (their number and its code): no season",
};

beforeAll(async () => {
  // The calendar year's season was played and its registration has closed; next season's is open from January.
  await createSeason(
    {
      year: calendarYear,
      feeCents: FEES[calendarYear],
      registrationOpens: `${calendarYear}-01-01`,
      registrationCloses: `${calendarYear}-01-01`,
      copyFrom: 2025,
    },
    null,
  );
  await createSeason(
    {
      year: leagueYear,
      feeCents: FEES[leagueYear],
      registrationOpens: `${calendarYear}-01-01`,
      registrationCloses: `${leagueYear}-12-31`,
      copyFrom: 2025,
    },
    null,
  );
  bothSeasonsGolfer = (await createGolfer({ firstName: 'Both', lastName: unique('Seasons') }, null)).id;
  for (const season of [calendarYear, leagueYear]) {
    await generateSeasonTeeTimes(season, null);
    const golfer = await createGolfer({ firstName: 'Golfer', lastName: String(season) }, null);
    golferIds[season] = golfer.id;
    const [first] = await listTeeTimes(season);
    await assignGolferToTeeTime({ teeTimeId: first.id, position: 1, golferId: golfer.id, season }, null);
    await createFlightAssignment(
      { golferId: bothSeasonsGolfer, season, flightNo: season === leagueYear ? '2' : '3' },
      null,
    );
  }
});

describe('public pages and APIs without ?season=', () => {
  it('show the league season, not the calendar year, when the two differ (November: next season is on sale)', async () => {
    expect((await getLeagueSeason()).year).toBe(leagueYear);
    const shown: Record<string, number | null> = {};
    for (const [address, read] of Object.entries(DEFAULTS)) shown[address] = await read();
    expect(shown).toEqual(Object.fromEntries(Object.keys(DEFAULTS).map((address) => [address, leagueYear])));
  });

  it('still show the calendar year when the address names it', async () => {
    const listed = await apiJson(teeTimesApi, `/api/public/tee-times?season=${calendarYear}`);
    expect(seasonOfTeeTimes(listed)).toBe(calendarYear);
    const available = await apiJson(availableTeeTimesApi, `/api/available-tee-times?season=${calendarYear}`);
    expect(seasonOfTeeTimes(available)).toBe(calendarYear);
    const bad = await call(teeTimesApi.loader, request('/api/public/tee-times?season=abc'));
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ message: 'Invalid season: "abc"' });
  });

  it('are every public page and API: a new one must be added above, or say why it has no season default', () => {
    const publicRoutes = fs
      .readdirSync('app/routes')
      .filter((file) => /^(_public\.|api\.public\.|api\.available-|schedule)/.test(file))
      .sort();
    expect(publicRoutes).toEqual([...Object.values(ROUTE_FILES), ...Object.keys(NO_SEASON_DEFAULT)].sort());
  });

  it('but the stats pages open on the season just finished once its Grand Championship was played (docs/product/playoffs.md)', async () => {
    // Runs last: it plays the calendar year's Grand Championship. Between it and next season's first night, /stats and
    // /stats/playoffs (and their JSON twins) open on the season just finished; every other page keeps the league season.
    const grand = (await getSchedule(calendarYear)).find((e) => e.kind === 'grand-championship')!.date;
    await createRounds([{ golferId: bothSeasonsGolfer, date: grand, season: calendarYear, grossScore: 40 }], null);
    const finished = grand <= todayInLeague() ? calendarYear : leagueYear;
    const stats = new Set(['/stats', 'GET /api/public/standings', '/stats/playoffs', 'GET /api/public/playoffs']);
    const shown: Record<string, number | null> = {};
    for (const [address, read] of Object.entries(DEFAULTS)) shown[address] = await read();
    expect(shown).toEqual(
      Object.fromEntries(Object.keys(DEFAULTS).map((address) => [address, stats.has(address) ? finished : leagueYear])),
    );
  });
});
