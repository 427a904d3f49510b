import { request as newRequest } from '@playwright/test';
import { ADMIN } from '../../playwright.config';
import { createCourse } from '../../app/models/courses.server';
import { expect, test, unique } from './fixtures';

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

test('admin pages and writes are never cached', async ({ baseURL }) => {
  const anonymous = await newRequest.newContext({ baseURL });
  const admin = await anonymous.get('/golfers', { maxRedirects: 0 });
  expect(admin.headers()['x-page-cache']).toBeUndefined();
  await anonymous.dispose();
});
