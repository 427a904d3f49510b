import crypto from 'node:crypto';
import type http from 'node:http';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createCourse } from '~/models/courses.server';
import { createGolfer } from '~/models/golfers.server';
import { createSeason, updateSeason } from '~/models/seasons.server';
import { golferCookieValue } from '../golfer-cookie';
import { startBuiltServer, stopBuiltServers } from './built-server';
import { unique } from './helpers';
import { Client, rawGet } from './http-client';

/*
 * How the real server serves its public pages, over HTTP alone: the public page cache and compression. One server of
 * this file's own, on this file's database, so nothing but these tests writes while they run: the cache is emptied
 * only by the writes the tests make, and each check is made once, exactly when it should hold (on the shared browser
 * tests' server, other tests' writes emptied it at any moment, so each check was retried until it ran between two of
 * them). A page is kept once its compressed bodies are made, after its first answer has gone out: `kept` waits for
 * that. From tests/e2e/page-cache.spec.ts and compression.js.spec.ts (docs/decisions/185-http-checks-in-vitest.md).
 */

const ADMIN = { username: 'cacheadmin', password: 'cache-admin-password' };
const SECRET = process.env.SESSION_SECRET!;
let baseURL = '';
const client = () => new Client(baseURL);

beforeAll(async () => {
  const server = await startBuiltServer({
    DATABASE_URL: process.env.DATABASE_URL!,
    SESSION_SECRET: SECRET,
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    BCRYPT_COST: '4',
    STRIPE_SECRET_KEY: '',
  });
  baseURL = server.url;
});

afterAll(() => stopBuiltServers());

/**
 * Waits until the cache answers `get` (a page asked for once already): the server keeps a page when its gzip and
 * brotli bodies are made, off the request (`store` in app/web/page-cache.server.ts), so the very next request may
 * still be made by the app. Nothing else writes to this server's database meanwhile: once kept, it stays kept until
 * a test writes.
 */
async function kept(get: () => Promise<{ headers: http.IncomingHttpHeaders }>): Promise<void> {
  await expect.poll(async () => (await get()).headers['x-page-cache'], { timeout: 10_000, interval: 20 }).toBe('hit');
}

/**
 * The public page cache (docs/decisions/068-public-page-cache.md): an anonymous visitor's second visit is answered from
 * memory with an ETag, a revalidation gets 304, any committed write (here one made by another process, this test's)
 * empties it, and signed-in visitors are never served from it.
 */
describe('the public page cache', () => {
  test('answers anonymous visits from the cache, revalidates with 304, and forgets everything on a write', async () => {
    const anonymous = client();
    const url = `/rules?cache=${unique('c')}`;
    const first = await anonymous.get(url);
    expect(first.status).toBe(200);
    expect(first.headers['cache-control']).toBe('public, max-age=0, s-maxage=10, must-revalidate');
    await kept(() => anonymous.get(url));
    const second = await anonymous.get(url);
    expect(second.headers['x-page-cache']).toBe('hit');
    const etag = second.headers['etag']!;
    expect(etag).toMatch(/^W\/".+"$/);
    // Answers from the cache keep the security headers; their CSP allows the page's own inline scripts by their hashes
    // (no nonce: the page is sent as stored), the same in every answer (docs/decisions/187-cached-pages-sent-as-stored.md).
    const third = await anonymous.get(url);
    expect(third.headers['x-page-cache']).toBe('hit');
    expect(third.headers['x-content-type-options']).toBe('nosniff');
    expectPolicyOfStoredPage(String(third.headers['content-security-policy']), third.text());
    expect(third.headers['content-security-policy']).toBe(second.headers['content-security-policy']);
    const revalidated = await anonymous.get(url, { headers: { 'If-None-Match': etag } });
    expect(revalidated.status).toBe(304);

    expect((await anonymous.get(url)).headers['x-page-cache']).toBe('hit');
    await createCourse({ courseName: unique('Cache Course'), coursePar: 36, courseLength: '3,000 yards' }, null);
    expect((await anonymous.get(url)).headers['x-page-cache']).toBe('miss');
  });

  test('never serves a signed-in visitor from the cache, nor caches their page', async () => {
    const visitor = client();
    const url = `/terms?cache=${unique('c')}`;
    await visitor.get(url);
    await kept(() => visitor.get(url));
    const signedIn = client();
    const login = await signedIn.post('/api/login', { data: ADMIN });
    expect(login.status).toBe(200);
    const page = await signedIn.get(url);
    expect(page.status).toBe(200);
    expect(page.headers['x-page-cache']).toBeUndefined();
  });

  // The header's links as a browser shows them stay in tests/e2e/page-cache.spec.ts.
  test("a signed-in golfer's page is never from nor into the cache: an anonymous visitor still gets 'Login'", async () => {
    // docs/product/my-league.md#the-header: the page made for a golfer signed in to My league is their own: an
    // anonymous visitor of the same URL still gets 'Login'.
    // The golfer and their sign-in first: this process's writes empty the cache (as another process's would).
    const golfer = await createGolfer({ firstName: 'Header', lastName: unique('Golfer') }, null);
    const { name, value } = await golferCookieValue(golfer.id, SECRET);
    const anonymous = client();
    const url = `/rules?cache=${unique('c')}`;
    await anonymous.get(url);
    await kept(() => anonymous.get(url));
    const answer = await client().get(url, { headers: { Cookie: `${name}=${value}` } });
    expect(answer.status).toBe(200);
    expect(answer.headers['x-page-cache']).toBeUndefined();
    // Not kept for the next visitor either: the anonymous page still has both.
    const again = await anonymous.get(url);
    const html = again.text();
    expect(html).toContain('>Login</a>');
    expect(html).toContain('>My league</a>');
  });

  test("a write to no public page's data (an administrator's sign-in, a job's setting) keeps the cache", async () => {
    // The server's own commit of a session row: on SQLite it used to empty the cache like any commit
    // (docs/decisions/068-public-page-cache.md).
    const anonymous = client();
    const url = `/schedule?cache=${unique('c')}`;
    await anonymous.get(url);
    await kept(() => anonymous.get(url));
    const admin = client();
    expect((await admin.post('/api/login', { data: ADMIN })).status).toBe(200);
    expect((await anonymous.get(url)).headers['x-page-cache']).toBe('hit');
    // The scheduled jobs' bookkeeping (a job's setting here; a run's and its deliveries' rows alike) is no public
    // page's either: a reminder run for the whole league must not empty the cache batch after batch. The digest is
    // off on this server, so moving its time and back sends nothing.
    const digest = (await admin.get('/api/automation/digest')).json<{ daysBefore: number; time: string }>();
    const schedule = (time: string) => ({
      days: Math.abs(digest.daysBefore),
      direction: digest.daysBefore < 0 ? 'after' : 'before',
      time,
    });
    const moved = await admin.put('/api/automation/digest', {
      data: schedule(digest.time === '05:55' ? '05:56' : '05:55'),
    });
    expect(moved.status, moved.text()).toBe(200);
    const hit = (await anonymous.get(url)).headers['x-page-cache'];
    expect((await admin.put('/api/automation/digest', { data: schedule(digest.time) })).status).toBe(200);
    expect(hit).toBe('hit');
    expect((await anonymous.get(url)).headers['x-page-cache']).toBe('hit');
  });

  test('admin pages and writes are never cached', async () => {
    const admin = await client().get('/golfers', { maxRedirects: 0 });
    expect(admin.headers['x-page-cache']).toBeUndefined();
  });
});

/** The body decompressed as its Content-Encoding says. */
function decoded(answer: { headers: http.IncomingHttpHeaders; body: Buffer }): string {
  const encoding = answer.headers['content-encoding'];
  if (encoding === 'br') return zlib.brotliDecompressSync(answer.body).toString('utf8');
  if (encoding === 'gzip') return zlib.gunzipSync(answer.body).toString('utf8');
  expect(encoding).toBeUndefined();
  return answer.body.toString('utf8');
}

/**
 * A stored page's policy (docs/decisions/187-cached-pages-sent-as-stored.md): no nonce, this site's scripts, and the
 * hash of each of the page's inline scripts (Remix's context, its module script, the scroll restoration), no other.
 */
function expectPolicyOfStoredPage(policy: string, html: string): void {
  const scriptSrc = /(?:^|;\s*)script-src ([^;]*)/.exec(policy)?.[1]?.split(' ') ?? [];
  expect(policy).not.toContain("'nonce-");
  expect(scriptSrc[0]).toBe("'self'");
  const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter(([, attributes]) => !/\bsrc=/.test(attributes))
    .map(([, , text]) => `'sha256-${crypto.createHash('sha256').update(text, 'utf8').digest('base64')}'`);
  expect(inline.length).toBeGreaterThanOrEqual(2);
  expect(new Set(scriptSrc.slice(1))).toEqual(new Set(inline));
  expect(html).toContain('window.__remixContext');
  expect(html).toContain('type="module"');
}

// docs/decisions/119-cache-compresses-once.md: each answer from the cache is its page compressed when it was cached.
const ENCODINGS = [
  { acceptEncoding: 'br, gzip', contentEncoding: 'br' },
  { acceptEncoding: 'gzip', contentEncoding: 'gzip' },
  { acceptEncoding: undefined, contentEncoding: undefined },
  { acceptEncoding: 'br;q=0, gzip;q=0', contentEncoding: undefined },
] as const;

describe('the public page cache, compressed', () => {
  test('a cached page answers brotli, gzip or the page itself as its client accepts, each the same page', async () => {
    for (const path of [`/rules?cache=${unique('c')}`, `/api/public/schedule?cache=${unique('c')}`]) {
      const url = `${baseURL}${path}`;
      await rawGet(url);
      await kept(() => rawGet(url));
      const answers: string[] = [];
      for (const { acceptEncoding, contentEncoding } of ENCODINGS) {
        const answer = await rawGet(url, acceptEncoding);
        expect(answer.status, path).toBe(200);
        expect(answer.headers['x-page-cache'], path).toBe('hit');
        expect(answer.headers['content-encoding'], `${path} for '${acceptEncoding}'`).toBe(contentEncoding);
        expect(answer.headers['vary']?.toLowerCase(), path).toContain('accept-encoding');
        expect(Number(answer.headers['content-length']), path).toBe(answer.body.length);
        answers.push(decoded(answer));
      }
      // Each answer is the whole page (the HTML ends with its closing tag, the JSON parses), the same in every encoding.
      if (path.startsWith('/rules')) expect(answers[0]).toContain('</html>');
      else expect(() => JSON.parse(answers[0]) as unknown).not.toThrow();
      for (const answer of answers.slice(1)) expect(answer).toBe(answers[0]);
    }
    // A hit's policy allows the inline scripts of the page it sends, in every encoding.
    await rawGet(`${baseURL}/join`);
    await kept(() => rawGet(`${baseURL}/join`));
    for (const encoding of ['br', 'gzip', undefined]) {
      const hit = await rawGet(`${baseURL}/join`, encoding);
      expect(hit.headers['x-page-cache']).toBe('hit');
      expectPolicyOfStoredPage(String(hit.headers['content-security-policy']), decoded(hit));
    }
  });

  test('after a write, the compressed bodies from the cache carry the new page, never the old one', async () => {
    // A past season of this test's own.
    const year = 2005;
    await createSeason(
      {
        year,
        feeCents: 15_000,
        copyFrom: 2025,
        registrationOpens: `${year}-03-01`,
        registrationCloses: `${year}-04-01`,
      },
      null,
    );
    const url = `${baseURL}/api/public/schedule?season=${year}&cache=${unique('c')}`;
    const compressed = ENCODINGS.filter((e) => e.contentEncoding !== undefined);
    await rawGet(url);
    await kept(() => rawGet(url));
    for (const { acceptEncoding, contentEncoding } of compressed) {
      const answer = await rawGet(url, acceptEncoding);
      expect(answer.headers['x-page-cache']).toBe('hit');
      expect(answer.headers['content-encoding']).toBe(contentEncoding);
      expect(decoded(answer)).toContain(`"${year}-04-01"`);
    }

    await updateSeason(
      year,
      {
        feeCents: 15_000,
        registrationOpens: `${year}-03-01`,
        registrationCloses: `${year}-04-15`,
      },
      null,
    );
    // The very next answers, whatever made them, are the new page; and so are the ones the cache makes from it.
    for (const { acceptEncoding } of compressed) {
      const page = decoded(await rawGet(url, acceptEncoding));
      expect(page).toContain(`"${year}-04-15"`);
      expect(page).not.toContain(`"${year}-04-01"`);
    }
    await kept(() => rawGet(url));
    for (const { acceptEncoding, contentEncoding } of compressed) {
      const answer = await rawGet(url, acceptEncoding);
      expect(answer.headers['x-page-cache']).toBe('hit');
      expect(answer.headers['content-encoding']).toBe(contentEncoding);
      const page = decoded(answer);
      expect(page).toContain(`"${year}-04-15"`);
      expect(page).not.toContain(`"${year}-04-01"`);
    }
  });
});

// docs/product/performance.md#compression: HTML, JSON, JS (and CSS, SVG) are compressed with gzip or brotli when the
// client accepts it, and sent as they are when it does not. The client decompresses the body, but the
// Content-Encoding header shows what the server sent.

/** The stylesheet the /join page links (Tailwind's build, well over the 1 KB threshold). */
async function stylesheet(): Promise<string> {
  const html = (await rawGet(`${baseURL}/join`)).body.toString('utf8');
  const href = /<link[^>]+rel="stylesheet"[^>]+href="(\/[^"]+\.css)"/.exec(html)?.[1];
  expect(href).toBeTruthy();
  return href!;
}

/** A script the /join page loads that is big enough to be worth compressing (over the 1 KB threshold). */
async function bigScript(): Promise<string> {
  const html = (await rawGet(`${baseURL}/join`)).body.toString('utf8');
  const scripts = [...new Set([...html.matchAll(/(?:src|href)="(\/[^"]+\.js)"/g)].map((m) => m[1]))];
  expect(scripts.length).toBeGreaterThan(0);
  for (const script of scripts) {
    const res = await rawGet(`${baseURL}${script}`);
    if (res.status === 200 && res.body.length > 4096) return script;
  }
  throw new Error(`No script over 4 KB among ${scripts.join(', ')}`);
}

describe('compression', () => {
  for (const encoding of ['br', 'gzip'] as const) {
    test(`HTML, JS, CSS and JSON are sent ${encoding}-compressed to a client that accepts ${encoding}`, async () => {
      const request = client();
      const script = await bigScript();
      for (const [url, type] of [
        ['/join', 'text/html'],
        [script, 'javascript'],
        [await stylesheet(), 'text/css'],
        ['/api/public/schedule', 'application/json'],
      ] as const) {
        const res = await request.get(url, { headers: { 'Accept-Encoding': encoding } });
        expect(res.status, url).toBe(200);
        expect(res.headers['content-type'], url).toContain(type);
        expect(res.headers['content-encoding'], url).toBe(encoding);
        expect(res.headers['vary']?.toLowerCase(), url).toContain('accept-encoding');
        // The decompressed body is the page itself.
        expect(res.body.length, url).toBeGreaterThan(1024);
      }
    });
  }

  test('a client that sends no Accept-Encoding gets the body as it is', async () => {
    const script = await bigScript();
    for (const url of ['/join', script, await stylesheet(), '/api/public/schedule']) {
      const res = await rawGet(`${baseURL}${url}`);
      expect(res.status, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBeUndefined();
      expect(res.body.length, url).toBeGreaterThan(1024);
    }
    expect((await rawGet(`${baseURL}/join`)).body.toString('utf8')).toContain('<html');
    const json = (await rawGet(`${baseURL}/api/public/schedule`)).body.toString('utf8');
    expect(() => JSON.parse(json)).not.toThrow();
  });
});
