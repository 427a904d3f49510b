import type { APIRequestContext } from '@playwright/test';
import { request as newRequest } from '@playwright/test';
import { createUser } from '../../app/models/users.server';
import { db } from '../../app/db/db.server';
import { expect, test, unique } from './fixtures';
import { startOwnServer, type OwnServer } from './own-server';
import { E2E_SESSION_SECRET } from '../../playwright.config';
import { golferCookieValue } from '../golfer-cookie';
import { cardTonight, storedScores } from './scorecard-data';

/**
 * Through the real server (server.js in front of the build): cross-site refusal of JSON, multipart and logout
 * requests, 405 with Allow, and the session cookie's Secure flag (docs/product/accounts.md).
 */

const EVIL = 'https://evil.example';

async function newUser() {
  const username = unique('sec').toLowerCase();
  const password = 'security-password';
  await createUser({ username, password, email: `${username}@example.org`, firstName: 'Sec', lastName: 'Urity' }, null);
  return { username, password };
}

/** Signs the request context in through POST /api/login: it keeps the cookie for the requests that follow. */
async function signInApi(request: APIRequestContext) {
  const { username, password } = await newUser();
  const res = await request.post('/api/login', { data: { username, password } });
  expect(res.status()).toBe(200);
  return { username };
}

test.describe('cross-site requests are refused by the real server', () => {
  test('a JSON write from another origin is refused and changes nothing', async ({ request }) => {
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
      expect(res.status(), JSON.stringify(headers)).toBe(403);
      expect(await res.json()).toEqual({ message: 'Cross-site requests are not allowed' });
    }
    expect(await db.golfer.count({ where: { lastName } })).toBe(0);
  });

  test('a multipart upload from another origin is refused', async ({ request }) => {
    await signInApi(request);
    const res = await request.post('/api/import/golfers', {
      headers: { Origin: EVIL },
      multipart: {
        file: { name: 'golfers.csv', mimeType: 'text/csv', buffer: Buffer.from('firstName,lastName\nEve,Evil\n') },
      },
    });
    expect(res.status()).toBe(403);
    expect(await res.json()).toEqual({ message: 'Cross-site requests are not allowed' });
  });

  test("a phone's hole entries from another origin are refused (answered before Express) and store nothing", async ({
    request,
  }) => {
    const { date, ann, card } = await cardTonight('Crosssite');
    const { name, value } = await golferCookieValue(ann.id, E2E_SESSION_SECRET);
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
      expect(res.status(), JSON.stringify(headers)).toBe(403);
      expect(await res.json()).toEqual({ message: 'Cross-site requests are not allowed' });
    }
    expect((await storedScores(card.id)).count).toBe(0);
    // From this site the same entry is taken.
    const ok = await request.post(`/api/me/scorecard/${date}`, {
      headers: { Cookie: `${name}=${value}` },
      data: { entries },
    });
    expect(ok.status()).toBe(200);
    expect((await storedScores(card.id)).count).toBe(1);
  });

  test('a logout from another origin is refused and the session goes on; from this site it ends', async ({
    request,
    baseURL,
  }) => {
    await signInApi(request);
    for (const url of ['/logout', '/api/logout']) {
      const res = await request.post(url, { headers: { Origin: EVIL }, maxRedirects: 0 });
      expect(res.status(), url).toBe(403);
      expect((await request.get('/api/user')).status(), url).toBe(200);
    }
    const ok = await request.post('/api/logout', { headers: { Origin: baseURL! } });
    expect(ok.status()).toBe(200);
    expect((await request.get('/api/user')).status()).toBe(401);
  });
});

test('wrong methods on the JSON API answer 405 with Allow through the real server', async ({ request }) => {
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
    expect(res.status(), `${method} ${url}`).toBe(405);
    expect(res.headers()['allow'], `${method} ${url}`).toBe(allow);
    expect((await res.json()).message, `${method} ${url}`).toMatch(/^Method not allowed/);
  }
});

function setCookieOf(headers: { name: string; value: string }[]): string {
  return headers
    .filter((h) => h.name.toLowerCase() === 'set-cookie')
    .map((h) => h.value)
    .join('\n');
}

test('without TRUST_PROXY, a forwarded https is not believed: the cookie over plain http is not Secure', async ({
  request,
}) => {
  const { username, password } = await newUser();
  const res = await request.post('/api/login', {
    data: { username, password },
    headers: { 'X-Forwarded-Proto': 'https' },
  });
  expect(res.status()).toBe(200);
  const cookie = setCookieOf(res.headersArray());
  expect(cookie).toContain('__league_session=');
  expect(cookie).not.toMatch(/;\s*Secure/i);
});

test.describe('behind a proxy trusted with TRUST_PROXY=1', () => {
  let server: OwnServer | undefined;
  let base = '';

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    server = await startOwnServer('proxy', {
      TRUST_PROXY: '1',
      ADMIN_USERNAME: 'proxyadmin',
      ADMIN_PASSWORD: 'proxy-admin-password',
    });
    base = server.base;
  });

  test.afterAll(() => server?.stop());

  test('the cookie is Secure when the proxy says the request came over https, and not otherwise', async () => {
    const api = await newRequest.newContext({ baseURL: base });
    try {
      const login = (proto?: string) =>
        api.post('/api/login', {
          data: { username: 'proxyadmin', password: 'proxy-admin-password' },
          headers: proto ? { 'X-Forwarded-Proto': proto } : {},
        });
      const https = await login('https');
      expect(https.status()).toBe(200);
      expect(setCookieOf(https.headersArray())).toMatch(/__league_session=.*;\s*Secure/i);
      const http = await login();
      expect(http.status()).toBe(200);
      expect(setCookieOf(http.headersArray())).not.toMatch(/;\s*Secure/i);
      // The flash toast of the sign-in page is Secure over https too.
      const page = await api.post('/auth', {
        form: { username: 'proxyadmin', password: 'proxy-admin-password' },
        headers: { 'X-Forwarded-Proto': 'https' },
        maxRedirects: 0,
      });
      expect(page.status()).toBe(302);
      expect(setCookieOf(page.headersArray())).toMatch(/;\s*Secure/i);
    } finally {
      await api.dispose();
    }
  });
});
