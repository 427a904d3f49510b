import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { db } from '~/db/db.server';
import { currentSeason, todayInLeague } from '~/domain/season';
import { createCourse } from '~/models/courses.server';
import { createGolfer } from '~/models/golfers.server';
import { setCourseHoles } from '~/models/holes.server';
import { createScheduleEntry } from '~/models/schedule-entries.server';
import { createSeason } from '~/models/seasons.server';
import { createUser } from '~/models/users.server';
import { golferCookieValue } from '../golfer-cookie';
import { startBuiltServer, stopBuiltServers } from './built-server';
import { unique } from './helpers';
import { Client } from './http-client';

/*
 * What the real server (scripts/start.mjs, then server.js, on the production build) refuses, over HTTP alone:
 * cross-site writes, wrong methods, malformed requests, a client's claimed address, a forwarded https it does not trust,
 * an administrator's change from a user who is not one, and a registration while registration is closed; and the
 * security headers it sends. One server of this file's own, on this file's database (setup-env.ts), without
 * TRUST_PROXY. These were browser specs, or their checks that used no page (docs/decisions/185-http-checks-in-vitest.md).
 */

const EVIL = 'https://evil.example';
const ADMIN = { username: 'securityadmin', password: 'security-admin-password' };
const SECRET = process.env.SESSION_SECRET!;
const LOCKED = 'Too many failed attempts. Try again in 15 minutes.';

let base = '';
const client = () => new Client(base);

beforeAll(async () => {
  const server = await startBuiltServer({
    DATABASE_URL: process.env.DATABASE_URL!,
    SESSION_SECRET: SECRET,
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    BCRYPT_COST: '4',
    STRIPE_SECRET_KEY: '',
  });
  base = server.url;
});

afterAll(() => stopBuiltServers());

async function newUser(opts: { prefix?: string; isAdmin?: boolean } = {}) {
  const username = unique(opts.prefix ?? 'sec').toLowerCase();
  const password = 'security-password';
  await createUser(
    {
      username,
      password,
      email: `${username}@example.org`,
      firstName: 'Sec',
      lastName: 'Urity',
      isAdmin: opts.isAdmin ?? false,
    },
    null,
  );
  return { username, password };
}

/** Signs the client in through POST /api/login: it keeps the cookie for the requests that follow. */
async function signInApi(request: Client, user?: { username: string; password: string }) {
  const { username, password } = user ?? (await newUser());
  const res = await request.post('/api/login', { data: { username, password } });
  expect(res.status).toBe(200);
  return { username };
}

/** A nine of par 4s, two golfers in a tee-time group, and their card of tonight (as tests/e2e/scorecard-data.ts). */
async function cardTonight(prefix: string) {
  const date = todayInLeague();
  const season = Number(date.slice(0, 4));
  const course = await createCourse(
    { courseName: unique(`${prefix} Links`), coursePar: 36, courseLength: '3 miles' },
    null,
  );
  await setCourseHoles(
    course.id,
    Array.from({ length: 9 }, (_, i) => ({ number: i + 1, par: 4, strokeIndex: i + 1 })),
    null,
  );
  const ann = await createGolfer({ firstName: 'Ann', lastName: unique(prefix) }, null);
  const bob = await createGolfer({ firstName: 'Bob', lastName: unique(prefix) }, null);
  const group = await db.teeTime.create({ data: { time: unique('T'), season, golfer1Id: ann.id, golfer2Id: bob.id } });
  const card = await db.scorecard.create({ data: { date, teeTimeId: group.id, courseId: course.id } });
  return { date, ann, card };
}

async function storedScores(scorecardId: number) {
  return { count: await db.holeScore.count({ where: { scorecardId } }) };
}

// From tests/e2e/auth.spec.ts: the redirect of an anonymous visitor, and the sign-in page it leads to. Signing in
// through that page, and a browser sent on to it, stay there.
describe('the admin pages send anonymous visitors to the sign-in', () => {
  for (const route of [
    '/golfers',
    '/rounds',
    '/flights',
    '/memberships',
    '/courses',
    '/tee-times',
    '/import',
    '/email-list',
    '/settings',
    '/standings',
  ]) {
    test(`${route} sends anonymous visitors to /auth`, async () => {
      const request = client();
      const redirect = await request.get(route, { maxRedirects: 0 });
      expect(redirect.status).toBe(302);
      expect(redirect.headers['location']).toBe(`/auth?redirectTo=${encodeURIComponent(route)}`);
      const page = await request.get(route);
      expect(page.status).toBe(200);
      expect(page.text()).toMatch(/<button[^>]*type="submit"[^>]*>Sign In<\/button>/);
    });
  }
});

// From tests/e2e/golfer-sign-out.spec.ts (decision 120): a golfer's browser signs out of 'My league' on the server,
// and only its own sign-in ends.
test("'Sign out' ends the golfer's session on the server and clears the cookie", async () => {
  const golfer = await createGolfer({ firstName: 'Olive', lastName: unique('Out') }, null);
  const { name, value } = await golferCookieValue(golfer.id, SECRET);
  const request = client();
  request.cookies.set(name, value);
  expect(await db.golferSession.count({ where: { golferId: golfer.id } })).toBe(1);
  const out = await request.post('/me/sign-out', { form: {}, maxRedirects: 0 });
  expect(out.status).toBe(302);
  expect(out.headers['location']).toBe('/me/sign-in');
  expect(await db.golferSession.count({ where: { golferId: golfer.id } })).toBe(0);
  expect(request.cookies.has('__league_golfer')).toBe(false);
});

// From tests/e2e/security.spec.ts.
describe('cross-site requests are refused by the real server', () => {
  test('a JSON write from another origin is refused and changes nothing', async () => {
    const request = client();
    await signInApi(request);
    const lastName = unique('Crosssite');
    const crossSite: Record<string, string>[] = [
      { Origin: EVIL },
      { 'Sec-Fetch-Site': 'cross-site' },
      { Origin: 'null' },
    ];
    for (const headers of crossSite) {
      const res = await request.post('/api/golfers', {
        headers,
        data: { firstName: 'Mallory', lastName, email: `${lastName}@example.org`, phone: '' },
      });
      expect(res.status, JSON.stringify(headers)).toBe(403);
      expect(res.json()).toEqual({ message: 'Cross-site requests are not allowed' });
    }
    expect(await db.golfer.count({ where: { lastName } })).toBe(0);
  });

  test('a multipart upload from another origin is refused', async () => {
    const request = client();
    await signInApi(request);
    const multipart = new FormData();
    multipart.set('file', new Blob(['firstName,lastName\nEve,Evil\n'], { type: 'text/csv' }), 'golfers.csv');
    const res = await request.post('/api/import/golfers', { headers: { Origin: EVIL }, multipart });
    expect(res.status).toBe(403);
    expect(res.json()).toEqual({ message: 'Cross-site requests are not allowed' });
  });

  test("a phone's hole entries from another origin are refused (by the same check as every write) and store nothing", async () => {
    const request = client();
    const { date, ann, card } = await cardTonight('Crosssite');
    const { name, value } = await golferCookieValue(ann.id, SECRET);
    const entries = [{ clientId: unique('xsite'), golferId: ann.id, hole: 1, strokes: 4, enteredAt: Date.now() }];
    const crossSite: Record<string, string>[] = [
      { Origin: EVIL },
      { 'Sec-Fetch-Site': 'cross-site' },
      { Origin: 'null' },
    ];
    for (const headers of crossSite) {
      const res = await request.post(`/api/me/scorecard/${date}`, {
        headers: { ...headers, Cookie: `${name}=${value}` },
        data: { entries },
      });
      expect(res.status, JSON.stringify(headers)).toBe(403);
      expect(res.json()).toEqual({ message: 'Cross-site requests are not allowed' });
    }
    expect((await storedScores(card.id)).count).toBe(0);
    // From this site the same entry is taken.
    const ok = await request.post(`/api/me/scorecard/${date}`, {
      headers: { Cookie: `${name}=${value}` },
      data: { entries },
    });
    expect(ok.status).toBe(200);
    expect((await storedScores(card.id)).count).toBe(1);
  });

  test("a phone's queue over 100 KB gets 413 through the real server, and nothing is stored", async () => {
    const request = client();
    const { date, ann, card } = await cardTonight('Toolarge');
    const { name, value } = await golferCookieValue(ann.id, SECRET);
    const entries = [{ clientId: unique('big'), golferId: ann.id, hole: 1, strokes: 4, enteredAt: Date.now() }];
    const res = await request.post(`/api/me/scorecard/${date}`, {
      headers: { Cookie: `${name}=${value}` },
      data: { entries, padding: 'x'.repeat(100_001) },
    });
    expect(res.status).toBe(413);
    expect(res.json()).toEqual({ message: 'Request body is too large.' });
    expect((await storedScores(card.id)).count).toBe(0);
  });

  test('a logout from another origin is refused and the session goes on; from this site it ends', async () => {
    const request = client();
    await signInApi(request);
    for (const url of ['/logout', '/api/logout']) {
      const res = await request.post(url, { headers: { Origin: EVIL }, maxRedirects: 0 });
      expect(res.status, url).toBe(403);
      expect((await request.get('/api/user')).status, url).toBe(200);
    }
    const ok = await request.post('/api/logout', { headers: { Origin: base } });
    expect(ok.status).toBe(200);
    expect((await request.get('/api/user')).status).toBe(401);
  });
});

// From tests/e2e/security.spec.ts.
test('wrong methods on the JSON API answer 405 with Allow through the real server', async () => {
  const request = client();
  const cases: [string, string, string][] = [
    ['PUT', '/api/login', 'POST'],
    ['PATCH', '/api/login', 'POST'],
    ['DELETE', '/api/login', 'POST'],
    ['PUT', '/api/logout', 'POST'],
    ['DELETE', '/api/register-golfer', 'POST'],
    ['PUT', '/api/select-tee-time', 'POST'],
    ['POST', '/api/user', 'GET'],
    ['PATCH', '/api/golfers-public', 'GET'],
    ['DELETE', '/api/public/schedule', 'GET'],
    ['PUT', '/webhooks/stripe', 'POST'],
  ];
  for (const [method, url, allow] of cases) {
    const res = await request.fetch(url, { method, data: {} });
    expect(res.status, `${method} ${url}`).toBe(405);
    expect(res.headers['allow'], `${method} ${url}`).toBe(allow);
    expect(res.json<{ message: string }>().message, `${method} ${url}`).toMatch(/^Method not allowed/);
  }
});

// From tests/e2e/security.spec.ts; the same server with TRUST_PROXY=1 is server-behind-proxy.test.ts.
test('without TRUST_PROXY, a forwarded https is not believed: the cookie over plain http is not Secure', async () => {
  const { username, password } = await newUser();
  const res = await client().post('/api/login', {
    data: { username, password },
    headers: { 'X-Forwarded-Proto': 'https' },
  });
  expect(res.status).toBe(200);
  const cookie = res.setCookies.join('\n');
  expect(cookie).toContain('__league_session=');
  expect(cookie).not.toMatch(/;\s*Secure/i);
});

// From tests/e2e/auth.spec.ts.
describe('the sign-in form and the API refuse what they cannot take', () => {
  test('a cross-site form post is refused', async () => {
    const res = await client().post('/auth', {
      headers: { Origin: 'https://evil.example' },
      form: { username: ADMIN.username, password: ADMIN.password },
      maxRedirects: 0,
    });
    expect(res.status).toBe(403);
  });

  test('a 10 MB login body gets 413, not a 500', async () => {
    const res = await client().post('/auth', {
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'username=' + 'a'.repeat(10 * 1024 * 1024),
      maxRedirects: 0,
    });
    expect(res.status).toBe(413);
  });

  test('an Origin header that is not a URL is refused as cross-site, not a 500', async () => {
    const res = await client().post('/auth', {
      headers: { Origin: 'garbage' },
      form: { username: 'x', password: 'y' },
      maxRedirects: 0,
    });
    expect(res.status).toBe(403);
  });

  test('a path with broken percent-encoding gets 400, not a 500', async () => {
    const request = client();
    for (const path of ['/%', '/golfers/%ZZ', '/api/%', '/%E0%A4%A']) {
      const res = await request.get(path, { maxRedirects: 0 });
      expect(res.status, path).toBe(400);
    }
  });

  test('the API answers JSON: 404 for an unknown endpoint, 405 for a GET of a POST-only one', async () => {
    const request = client();
    const unknown = await request.get('/api/nope');
    expect(unknown.status).toBe(404);
    expect(unknown.json()).toEqual({ message: 'No such API endpoint' });
    for (const path of [
      '/api/logout',
      '/api/register',
      '/api/tee-times/generate',
      '/api/import/golfers',
      '/api/import/golfers/json',
      '/api/select-tee-time',
      '/api/register-golfer',
      '/webhooks/stripe',
    ]) {
      const res = await request.get(path);
      expect(res.status, path).toBe(405);
      expect(res.headers['allow'], path).toBe('POST');
      expect(res.json<{ message: string }>().message, path).toMatch(/Use POST/);
    }
    const exportPost = await request.post('/export/golfers', { maxRedirects: 0 });
    expect(exportPost.status).toBe(405);
    expect(exportPost.headers['allow']).toBe('GET');
  });
});

// From tests/e2e/throttles.spec.ts (docs/decisions/091, 112): this server has no TRUST_PROXY, so the address is the
// connection's.
test('a client-address header the client sends does not change the bucket its guesses are counted in', async () => {
  const { username, password } = await newUser({ prefix: 'thr' });
  const spoofer = client();
  // Every guess claims another address, in the header server.js once set and in a proxy's; none is believed.
  const claiming = (i: number) => ({ 'X-Client-Address': `203.0.113.${i}`, 'X-Forwarded-For': `198.51.100.${i}` });
  for (let i = 1; i <= 5; i++) {
    const res = await spoofer.post('/auth', {
      form: { username, password: `guess-${i}` },
      headers: claiming(i),
      maxRedirects: 0,
    });
    expect(res.status).toBe(401);
  }
  const locked = await spoofer.post('/auth', { form: { username, password }, headers: claiming(6), maxRedirects: 0 });
  expect(locked.status).toBe(429);
  expect(locked.text()).toContain(LOCKED);
  const file = new Database(process.env.DATABASE_URL!.replace(/^file:/, ''), { readonly: true, fileMustExist: true });
  let keys: string[];
  try {
    keys = file
      .prepare('SELECT key FROM login_throttles')
      .all()
      .map((row) => (row as { key: string }).key);
  } finally {
    file.close();
  }
  expect(keys.filter((key) => key.includes(username))).toEqual([expect.stringMatching(/@(::ffff:)?127\.0\.0\.1$/)]);
  expect(keys.filter((key) => /203\.0\.113|198\.51\.100/.test(key))).toEqual([]);
});

// From tests/e2e/public.spec.ts.
test('pages send security headers', async () => {
  const response = await client().get('/join');
  expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(response.headers['x-content-type-options']).toBe('nosniff');
});

/** A user who is not an administrator, signed in through POST /api/login. */
async function viewer(): Promise<Client> {
  const request = client();
  await signInApi(request, await newUser({ prefix: 'viewer' }));
  return request;
}

// The server's half of the 'not an administrator' tests of tests/e2e/seasons.spec.ts, settings.spec.ts and
// tee-times.spec.ts, whose pages (what such a user sees) stay there.
describe('a user who is not an administrator cannot change anything: the server refuses too, whatever the page shows', () => {
  test('a user who is not an administrator sees the seasons but cannot change them', async () => {
    // A past season: no season ahead announces its registration here (the closed registration below).
    const year = 2012;
    await createSeason({ year, feeCents: 15_000, registrationOpens: null, registrationCloses: null }, null);
    const entry = await createScheduleEntry(
      year,
      { date: `${year}-06-02`, weekNumber: 2, event: 'League Play', kind: 'regular-round', rainOut: false },
      null,
    );
    const request = await viewer();
    const res = await request.post(`/seasons/${year}`, {
      form: { intent: 'rain-out', id: String(entry.id) },
      maxRedirects: 0,
    });
    expect(res.status).toBe(403);
    const create = await request.post('/seasons?index', {
      form: { intent: 'create', year: '2098', fee: '150' },
      maxRedirects: 0,
    });
    expect(create.status).toBe(403);
    expect(await db.season.findUnique({ where: { year: 2098 } })).toBeNull();
    expect((await db.scheduleEntry.findUniqueOrThrow({ where: { id: entry.id } })).rainOut).toBe(false);
  });

  test('a user who is not an administrator can look but not change anything (Settings)', async () => {
    const request = await viewer();
    const res = await request.post('/settings', {
      form: { intent: 'settings', leagueName: 'Hijacked' },
      maxRedirects: 0,
    });
    expect(res.status).toBe(403);
  });

  test('a signed-in user who is not an administrator sees the tee-time table but cannot change it', async () => {
    const golfer = await createGolfer({ firstName: 'Vera', lastName: unique('Viewer') }, null);
    const slot = await db.teeTime.create({ data: { time: '09:41', season: currentSeason(), golfer1Id: golfer.id } });
    const request = await viewer();
    const res = await request.post('/tee-times', {
      form: { intent: 'remove', teeTimeId: String(slot.id), position: '1' },
    });
    expect(res.status).toBe(403);
    expect((await db.teeTime.findUniqueOrThrow({ where: { id: slot.id } })).golfer1Id).toBe(golfer.id);
  });
});

// The server's half of "while registration is closed, /register says so, shows no form and refuses a post with 409"
// (tests/e2e/registration-window.spec.ts, docs/product/seasons.md#registration-follows-the-season), whose page stays
// there. This file's database holds only the 2025 season (as a fresh one does) and the past seasons its tests make, so
// registration is closed.
describe('while registration is closed', () => {
  test('a complete registration posted anyway is refused with 409, and no checkout starts', async () => {
    const CLOSED = 'Registration is closed. Please contact the league administrator.';
    // A complete registration posted anyway (a page loaded before registration closed): 409, no checkout.
    const response = await client().post('/register', {
      form: {
        registrationType: 'new',
        firstName: 'Clara',
        lastName: 'Closed',
        email: 'clara.closed@example.org',
        phone: '231-555-0142',
        estimatedScore: '45',
        termsAccepted: 'on',
      },
      headers: { Origin: base },
      maxRedirects: 0,
    });
    expect(response.status).toBe(409);
    expect(response.headers['location']).toBeUndefined();
    expect(response.text()).toContain(CLOSED);
  });
});
