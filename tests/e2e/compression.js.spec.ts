// Only HTTP here, so it runs in the JavaScript project alone (a .js.spec.ts file; playwright.config.ts).
import http from 'node:http';
import { expect, test } from './fixtures';

// docs/product/performance.md#compression: HTML, JSON, JS (and CSS, SVG) are compressed with gzip or brotli when
// the client accepts it, and sent as they are when it does not. Playwright's request client decompresses the body,
// but the Content-Encoding header shows what the server sent.

/** A GET with exactly these headers: Node's http client adds no Accept-Encoding of its own (fetch would). */
function bareGet(url: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

/** The stylesheet the /join page links (Tailwind's build, well over the 1 KB threshold). */
async function stylesheet(baseURL: string): Promise<string> {
  const html = (await bareGet(`${baseURL}/join`)).body.toString('utf8');
  const href = /<link[^>]+rel="stylesheet"[^>]+href="(\/[^"]+\.css)"/.exec(html)?.[1];
  expect(href).toBeTruthy();
  return href!;
}

/** A script the /join page loads that is big enough to be worth compressing (over the 1 KB threshold). */
async function bigScript(baseURL: string): Promise<string> {
  const html = (await bareGet(`${baseURL}/join`)).body.toString('utf8');
  const scripts = [...new Set([...html.matchAll(/(?:src|href)="(\/[^"]+\.js)"/g)].map((m) => m[1]))];
  expect(scripts.length).toBeGreaterThan(0);
  for (const script of scripts) {
    const res = await bareGet(`${baseURL}${script}`);
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
      const res = await bareGet(`${baseURL}${url}`);
      expect(res.status, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBeUndefined();
      expect(res.body.length, url).toBeGreaterThan(1024);
    }
    expect((await bareGet(`${baseURL}/join`)).body.toString('utf8')).toContain('<html');
    const json = (await bareGet(`${baseURL}/api/public/schedule`)).body.toString('utf8');
    expect(() => JSON.parse(json)).not.toThrow();
  });
});
