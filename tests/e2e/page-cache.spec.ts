import http from 'node:http';
import zlib from 'node:zlib';
import { request as newRequest } from '@playwright/test';
import { ADMIN } from '../../playwright.config';
import { createCourse } from '../../app/models/courses.server';
import { createGolfer } from '../../app/models/golfers.server';
import { signInGolfer } from './golfer-session';
import { createSeason, deleteSeason, updateSeason } from '../../app/models/seasons.server';
import { claimYear, expect, test, unique } from './fixtures';
import { rawGet } from './raw-get';

/**
 * The public page cache through the real server (docs/decisions/068-public-page-cache.md): an anonymous visitor's
 * second visit is answered from memory with an ETag, a revalidation gets 304, any committed write (here one made by
 * another process, as the tests' own writes are) empties it, and signed-in visitors are never served from it.
 */
test('answers anonymous visits from the cache, revalidates with 304, and forgets everything on a write', async ({
  baseURL,
}) => {
  const anonymous = await newRequest.newContext({ baseURL });
  // A key of this test's own (the query is part of it); other tests' writes may empty the cache at any moment, so
  // each check is retried until it ran between two of them.
  const url = `/rules?cache=${unique('c')}`;
  const nonceOf = (csp: string | undefined) => /'nonce-([^']+)'/.exec(csp ?? '')?.[1];
  await expect(async () => {
    const first = await anonymous.get(url);
    expect(first.status()).toBe(200);
    expect(first.headers()['cache-control']).toBe('public, max-age=0, s-maxage=10, must-revalidate');
    const second = await anonymous.get(url);
    expect(second.headers()['x-page-cache']).toBe('hit');
    const etag = second.headers()['etag'];
    expect(etag).toMatch(/^W\/".+"$/);
    // Answers from the cache keep the security headers, each with a nonce of its own that the page's scripts carry.
    const third = await anonymous.get(url);
    expect(third.headers()['x-page-cache']).toBe('hit');
    const [n2, n3] = [
      nonceOf(second.headers()['content-security-policy']),
      nonceOf(third.headers()['content-security-policy']),
    ];
    expect(n2).toBeTruthy();
    expect(n3).not.toBe(n2);
    expect(await third.text()).toContain(`nonce="${n3}"`);
    expect(third.headers()['x-content-type-options']).toBe('nosniff');
    const revalidated = await anonymous.get(url, { headers: { 'If-None-Match': etag } });
    expect(revalidated.status()).toBe(304);
  }).toPass({ timeout: 30_000 });

  await anonymous.get(url);
  await createCourse({ courseName: unique('Cache Course'), coursePar: 36, courseLength: '3,000 yards' }, null);
  expect((await anonymous.get(url)).headers()['x-page-cache']).toBe('miss');
  await anonymous.dispose();
});

test('never serves a signed-in visitor from the cache, nor caches their page', async ({ baseURL }) => {
  const visitor = await newRequest.newContext({ baseURL });
  const url = `/terms?cache=${unique('c')}`;
  await expect(async () => {
    await visitor.get(url);
    expect((await visitor.get(url)).headers()['x-page-cache']).toBe('hit');
  }).toPass({ timeout: 30_000 });
  const signedIn = await newRequest.newContext({ baseURL });
  const login = await signedIn.post('/api/login', {
    data: ADMIN,
  });
  expect(login.status()).toBe(200);
  const page = await signedIn.get(url);
  expect(page.status()).toBe(200);
  expect(page.headers()['x-page-cache']).toBeUndefined();
  await visitor.dispose();
  await signedIn.dispose();
});

test("a signed-in golfer's header has 'My league' without 'Login', never from nor into the cache", async ({
  page,
  context,
  baseURL,
}) => {
  // docs/product/my-league.md#the-header: the administrators' 'Login' is not shown to a golfer signed in to My league,
  // and the page made for them is their own: an anonymous visitor of the same URL still gets 'Login'.
  const anonymous = await newRequest.newContext({ baseURL });
  const url = `/rules?cache=${unique('c')}`;
  await expect(async () => {
    await anonymous.get(url);
    expect((await anonymous.get(url)).headers()['x-page-cache']).toBe('hit');
  }).toPass({ timeout: 30_000 });
  const golfer = await createGolfer({ firstName: 'Header', lastName: unique('Golfer') }, null);
  await signInGolfer(context, baseURL!, golfer.id);
  const answer = await page.goto(url);
  expect(answer?.headers()['x-page-cache']).toBeUndefined();
  const banner = page.getByRole('banner');
  await expect(banner.getByRole('link', { name: 'My league' })).toBeVisible();
  await expect(banner.getByRole('link', { name: 'Login' })).toHaveCount(0);
  // Not kept for the next visitor either: the anonymous page still has both.
  const again = await anonymous.get(url);
  const html = await again.text();
  expect(html).toContain('>Login</a>');
  expect(html).toContain('>My league</a>');
  await anonymous.dispose();
});

test("a write to no public page's data (an administrator's sign-in, a job's setting) keeps the cache", async ({
  baseURL,
}) => {
  // The server's own commit of a session row: on SQLite it used to empty the cache like any commit
  // (docs/decisions/068-public-page-cache.md). A league write in between (another test's) empties it: tried again.
  const anonymous = await newRequest.newContext({ baseURL });
  const url = `/schedule?cache=${unique('c')}`;
  await expect(async () => {
    await anonymous.get(url);
    expect((await anonymous.get(url)).headers()['x-page-cache']).toBe('hit');
    const admin = await newRequest.newContext({ baseURL });
    expect((await admin.post('/api/login', { data: ADMIN })).status()).toBe(200);
    expect((await anonymous.get(url)).headers()['x-page-cache']).toBe('hit');
    // The scheduled jobs' bookkeeping (a job's setting here; a run's and its deliveries' rows alike) is no public
    // page's either: a reminder run for the whole league must not empty the cache batch after batch. The digest is
    // off on this server, so moving its time and back sends nothing.
    const digest = (await (await admin.get('/api/automation/digest')).json()) as { daysBefore: number; time: string };
    const schedule = (time: string) => ({
      days: Math.abs(digest.daysBefore),
      direction: digest.daysBefore < 0 ? 'after' : 'before',
      time,
    });
    const moved = await admin.put('/api/automation/digest', {
      data: schedule(digest.time === '05:55' ? '05:56' : '05:55'),
    });
    expect(moved.status(), await moved.text()).toBe(200);
    const hit = (await anonymous.get(url)).headers()['x-page-cache'];
    expect((await admin.put('/api/automation/digest', { data: schedule(digest.time) })).status()).toBe(200);
    expect(hit).toBe('hit');
    await admin.dispose();
    expect((await anonymous.get(url)).headers()['x-page-cache']).toBe('hit');
  }).toPass({ timeout: 30_000 });
  await anonymous.dispose();
});

test('admin pages and writes are never cached', async ({ baseURL }) => {
  const anonymous = await newRequest.newContext({ baseURL });
  const admin = await anonymous.get('/golfers', { maxRedirects: 0 });
  expect(admin.headers()['x-page-cache']).toBeUndefined();
  await anonymous.dispose();
});

/** The body decompressed as its Content-Encoding says. */
function decoded(answer: { headers: http.IncomingHttpHeaders; body: Buffer }): string {
  const encoding = answer.headers['content-encoding'];
  if (encoding === 'br') return zlib.brotliDecompressSync(answer.body).toString('utf8');
  if (encoding === 'gzip') return zlib.gunzipSync(answer.body).toString('utf8');
  expect(encoding).toBeUndefined();
  return answer.body.toString('utf8');
}

/** The page with its answer's own CSP nonce taken out, so answers with different nonces compare. */
function withoutNonce(answer: { headers: http.IncomingHttpHeaders; body: Buffer }): string {
  const page = decoded(answer);
  const nonce = /'nonce-([^']+)'/.exec(String(answer.headers['content-security-policy'] ?? ''))?.[1];
  return nonce ? page.replaceAll(nonce, 'NONCE') : page;
}

// docs/decisions/119-cache-compresses-once.md: each answer from the cache is its page compressed when it was cached.
const ENCODINGS = [
  { acceptEncoding: 'br, gzip', contentEncoding: 'br' },
  { acceptEncoding: 'gzip', contentEncoding: 'gzip' },
  { acceptEncoding: undefined, contentEncoding: undefined },
  { acceptEncoding: 'br;q=0, gzip;q=0', contentEncoding: undefined },
] as const;

test('a cached page answers brotli, gzip or the page itself as its client accepts, each the same page', async ({
  baseURL,
}) => {
  for (const path of [`/rules?cache=${unique('c')}`, `/api/public/schedule?cache=${unique('c')}`]) {
    const url = `${baseURL}${path}`;
    await expect(async () => {
      await rawGet(url);
      const answers: string[] = [];
      for (const { acceptEncoding, contentEncoding } of ENCODINGS) {
        const answer = await rawGet(url, acceptEncoding);
        expect(answer.status, path).toBe(200);
        expect(answer.headers['x-page-cache'], path).toBe('hit');
        expect(answer.headers['content-encoding'], `${path} for '${acceptEncoding}'`).toBe(contentEncoding);
        expect(answer.headers['vary']?.toLowerCase(), path).toContain('accept-encoding');
        expect(Number(answer.headers['content-length']), path).toBe(answer.body.length);
        answers.push(withoutNonce(answer));
      }
      // Each answer is the whole page (the HTML ends with its closing tag, the JSON parses), the same in every encoding.
      if (path.startsWith('/rules')) expect(answers[0]).toContain('</html>');
      else expect(() => JSON.parse(answers[0]) as unknown).not.toThrow();
      for (const answer of answers.slice(1)) expect(answer).toBe(answers[0]);
    }).toPass({ timeout: 30_000 });
  }
  // A hit has a nonce of its own in every encoding: the page's scripts carry the one of its header.
  const hit = await rawGet(`${baseURL}/join`, 'br');
  const nonce = /'nonce-([^']+)'/.exec(String(hit.headers['content-security-policy'] ?? ''))?.[1];
  expect(nonce).toBeTruthy();
  expect(decoded(hit)).toContain(`nonce="${nonce}"`);
});

test('after a write, the compressed bodies from the cache carry the new page, never the old one', async ({
  baseURL,
}) => {
  // A past season of this test's own: the league season the other tests see never changes.
  const { year, release } = await claimYear(Array.from({ length: 12 }, (_, i) => 2001 + i));
  try {
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
    await expect(async () => {
      for (const { acceptEncoding, contentEncoding } of compressed) {
        await rawGet(url, acceptEncoding);
        const answer = await rawGet(url, acceptEncoding);
        expect(answer.headers['x-page-cache']).toBe('hit');
        expect(answer.headers['content-encoding']).toBe(contentEncoding);
        expect(decoded(answer)).toContain(`"${year}-04-01"`);
      }
    }).toPass({ timeout: 30_000 });

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
    await expect(async () => {
      for (const { acceptEncoding, contentEncoding } of compressed) {
        const answer = await rawGet(url, acceptEncoding);
        expect(answer.headers['x-page-cache']).toBe('hit');
        expect(answer.headers['content-encoding']).toBe(contentEncoding);
        const page = decoded(answer);
        expect(page).toContain(`"${year}-04-15"`);
        expect(page).not.toContain(`"${year}-04-01"`);
      }
    }).toPass({ timeout: 30_000 });
  } finally {
    await deleteSeason(year, null);
    release();
  }
});
