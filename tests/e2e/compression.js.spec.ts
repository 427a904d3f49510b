// Only HTTP here, so it runs in the JavaScript project alone (a .js.spec.ts file; playwright.config.ts).
import { expect, test } from './fixtures';
import { rawGet } from './raw-get';

// docs/product/performance.md#compression: HTML, JSON, JS (and CSS, SVG) are compressed with gzip or brotli when
// the client accepts it, and sent as they are when it does not. Playwright's request client decompresses the body,
// but the Content-Encoding header shows what the server sent.

/** The stylesheet the /join page links (Tailwind's build, well over the 1 KB threshold). */
async function stylesheet(baseURL: string): Promise<string> {
  const html = (await rawGet(`${baseURL}/join`)).body.toString('utf8');
  const href = /<link[^>]+rel="stylesheet"[^>]+href="(\/[^"]+\.css)"/.exec(html)?.[1];
  expect(href).toBeTruthy();
  return href!;
}

/** A script the /join page loads that is big enough to be worth compressing (over the 1 KB threshold). */
async function bigScript(baseURL: string): Promise<string> {
  const html = (await rawGet(`${baseURL}/join`)).body.toString('utf8');
  const scripts = [...new Set([...html.matchAll(/(?:src|href)="(\/[^"]+\.js)"/g)].map((m) => m[1]))];
  expect(scripts.length).toBeGreaterThan(0);
  for (const script of scripts) {
    const res = await rawGet(`${baseURL}${script}`);
    if (res.status === 200 && res.body.length > 4096) return script;
  }
  throw new Error(`No script over 4 KB among ${scripts.join(', ')}`);
}

test.describe('compression', () => {
  for (const encoding of ['br', 'gzip'] as const) {
    test(`HTML, JS, CSS and JSON are sent ${encoding}-compressed to a client that accepts ${encoding}`, async ({
      request,
      baseURL,
    }) => {
      const script = await bigScript(baseURL!);
      for (const [url, type] of [
        ['/join', 'text/html'],
        [script, 'javascript'],
        [await stylesheet(baseURL!), 'text/css'],
        ['/api/public/schedule', 'application/json'],
      ] as const) {
        const res = await request.get(url, { headers: { 'Accept-Encoding': encoding } });
        expect(res.status(), url).toBe(200);
        expect(res.headers()['content-type'], url).toContain(type);
        expect(res.headers()['content-encoding'], url).toBe(encoding);
        expect(res.headers()['vary']?.toLowerCase(), url).toContain('accept-encoding');
        // The decompressed body is the page itself.
        expect((await res.body()).length, url).toBeGreaterThan(1024);
      }
    });
  }

  test('a client that sends no Accept-Encoding gets the body as it is', async ({ baseURL }) => {
    const script = await bigScript(baseURL!);
    for (const url of ['/join', script, await stylesheet(baseURL!), '/api/public/schedule']) {
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
