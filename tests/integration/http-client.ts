import http from 'node:http';
import zlib from 'node:zlib';

/*
 * An HTTP client for the tests that check the built server over the wire (built-server.ts) and need no page, in place
 * of Playwright's `request` fixture: node:http, so every header sent is one the test chose (fetch adds a Sec-Fetch-Mode,
 * an Accept-Encoding and others of its own). Like Playwright's request context it keeps the cookies the server
 * sets, follows redirects unless told `maxRedirects: 0`, asks for gzip, deflate and brotli unless the test names an
 * Accept-Encoding, and decompresses the body it reads (`raw` is the body as it came over the wire).
 */

export type Answer = {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** Each Set-Cookie header, as sent. */
  setCookies: string[];
  /** The body as it came over the wire. */
  raw: Buffer;
  /** The body decoded as its Content-Encoding says. */
  body: Buffer;
  text: () => string;
  json: <T = unknown>() => T;
};

export type RequestOptions = {
  headers?: Record<string, string>;
  /** A JSON body (Content-Type: application/json). */
  data?: unknown;
  /** A body sent as it is. */
  body?: string | Buffer;
  /** A form body (application/x-www-form-urlencoded). */
  form?: Record<string, string>;
  /** A multipart/form-data body. */
  multipart?: FormData;
  /** 0: a redirect is answered as it is. Otherwise followed, 20 at most. */
  maxRedirects?: number;
};

function decode(raw: Buffer, encoding: string | undefined): Buffer {
  if (encoding === 'br') return zlib.brotliDecompressSync(raw);
  if (encoding === 'gzip') return zlib.gunzipSync(raw);
  if (encoding === 'deflate') return zlib.inflateSync(raw);
  return raw;
}

/**
 * One request, exactly these headers (and Content-Length), nothing followed, on a connection of its own. Node's client
 * keeps connections alive, and the server closes one idle for 5 s: a test process busy that long (a cold Prisma client
 * on a loaded machine) sees the server's close only after it has sent its next request on that connection, which then
 * fails with 'socket hang up'.
 */
function send(method: string, url: string, headers: Record<string, string>, body?: Buffer): Promise<Answer> {
  return new Promise((resolve, reject) => {
    let answered = false;
    const req = http.request(
      url,
      {
        method,
        agent: false,
        headers: { ...headers, ...(body === undefined ? {} : { 'Content-Length': String(body.length) }) },
      },
      (res) => {
        answered = true;
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const raw = Buffer.concat(chunks);
          let decoded: Buffer | undefined;
          const body = () => (decoded ??= decode(raw, res.headers['content-encoding']));
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            setCookies: res.headers['set-cookie'] ?? [],
            raw,
            get body() {
              return body();
            },
            text: () => body().toString('utf8'),
            json: <T>() => JSON.parse(body().toString('utf8')) as T,
          });
        });
      },
    );
    // A server that answers before it has read a large body (413) may close the connection while it is still being
    // sent: the answer counts, not the broken write.
    req.on('error', (error) => {
      if (!answered) reject(new Error(`${method} ${url}: ${error.message}`, { cause: error }));
    });
    req.end(body);
  });
}

/** A client with a cookie jar of its own, against `base` (http://127.0.0.1:PORT). */
export class Client {
  readonly cookies = new Map<string, string>();

  constructor(readonly base: string) {}

  get(path: string, options: RequestOptions = {}) {
    return this.fetch(path, { ...options, method: 'GET' });
  }

  post(path: string, options: RequestOptions = {}) {
    return this.fetch(path, { ...options, method: 'POST' });
  }

  put(path: string, options: RequestOptions = {}) {
    return this.fetch(path, { ...options, method: 'PUT' });
  }

  async fetch(path: string, options: RequestOptions & { method?: string }): Promise<Answer> {
    let method = options.method ?? 'GET';
    let url = new URL(path, this.base).href;
    const headers: Record<string, string> = { 'Accept-Encoding': 'gzip, deflate, br' };
    let body: Buffer | undefined;
    if (options.data !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = Buffer.from(JSON.stringify(options.data));
    } else if (options.form) {
      headers['Content-Type'] = 'application/x-www-form-urlencoded';
      body = Buffer.from(new URLSearchParams(options.form).toString());
    } else if (options.multipart) {
      const encoded = new Request('http://multipart.invalid/', { method: 'POST', body: options.multipart });
      headers['Content-Type'] = encoded.headers.get('content-type')!;
      body = Buffer.from(await encoded.arrayBuffer());
    } else if (options.body !== undefined) {
      body = Buffer.from(options.body);
    }
    // The test's own headers win, whatever their case.
    for (const [name, value] of Object.entries(options.headers ?? {})) {
      for (const key of Object.keys(headers)) if (key.toLowerCase() === name.toLowerCase()) delete headers[key];
      headers[name] = value;
    }
    for (let redirects = 0; ; redirects++) {
      const own = Object.keys(headers).some((name) => name.toLowerCase() === 'cookie');
      const jar = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
      const answer = await send(method, url, own || !jar ? headers : { ...headers, Cookie: jar }, body);
      this.keep(answer.setCookies);
      const location = answer.headers.location;
      if (answer.status < 300 || answer.status >= 400 || !location || options.maxRedirects === 0) return answer;
      if (redirects >= (options.maxRedirects ?? 20)) throw new Error(`Too many redirects at ${url}`);
      url = new URL(location, url).href;
      if (answer.status === 303 || ((answer.status === 301 || answer.status === 302) && method === 'POST')) {
        method = 'GET';
        body = undefined;
        for (const key of Object.keys(headers)) if (key.toLowerCase() === 'content-type') delete headers[key];
      }
    }
  }

  /** Keeps the cookies set, and forgets those the server ends (Max-Age=0, an Expires in the past, or no value). */
  private keep(setCookies: string[]) {
    for (const line of setCookies) {
      const [pair, ...attributes] = line.split(';');
      const name = pair.slice(0, pair.indexOf('=')).trim();
      const value = pair.slice(pair.indexOf('=') + 1).trim();
      const ended = attributes.some((attribute) => {
        const [key, val = ''] = attribute.trim().split('=');
        if (key.toLowerCase() === 'max-age') return Number(val) <= 0;
        if (key.toLowerCase() === 'expires') return Date.parse(val) <= Date.now();
        return false;
      });
      if (ended || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}

/**
 * A GET with exactly this Accept-Encoding (none when undefined), its body as it came over the wire: for the checks
 * of what the server sent, compressed or not.
 */
export async function rawGet(
  url: string,
  acceptEncoding?: string,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  const answer = await send('GET', url, acceptEncoding === undefined ? {} : { 'Accept-Encoding': acceptEncoding });
  return { status: answer.status, headers: answer.headers, body: answer.raw };
}
