import zlib from 'node:zlib';

/*
 * A cached page stored compressed once and sent as stored (docs/decisions/187-cached-pages-sent-as-stored.md): when
 * the page cache keeps a page it keeps three bodies of it, the page itself, gzip and brotli, made then, and each answer
 * from the cache is one of them, whole, chosen by the client's Accept-Encoding.
 */

export type Encoding = 'br' | 'gzip' | 'identity';

/** A page as stored: its bytes, and its gzip and brotli bodies (null under the compression threshold). */
export type StoredBodies = { identity: Buffer; gzip: Buffer | null; br: Buffer | null };

/** Bodies smaller than this gain nothing from compression (the threshold of the compression middleware in server.js). */
const THRESHOLD = 1024;
/** Measured on /join, /rules, /schedule, /stats (decision 119): near quality 9's size at a fraction of its time. */
const BROTLI_QUALITY = 6;
const GZIP_LEVEL = 6;

/**
 * The best encoding the client accepts: br, then gzip, then the page as it is. An encoding counts as accepted when
 * Accept-Encoding names it (or `*`) with a q above 0; the order is the server's, whatever the q values.
 */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding {
  const q = new Map<string, number>();
  for (const item of (acceptEncoding ?? '').split(',')) {
    const [name, ...params] = item.split(';').map((s) => s.trim().toLowerCase());
    if (!name) continue;
    const qParam = params.find((p) => p.startsWith('q='));
    const value = qParam === undefined ? 1 : Number(qParam.slice(2));
    q.set(name, Number.isFinite(value) ? value : 0);
  }
  const accepts = (name: string) => (q.get(name) ?? q.get('*') ?? 0) > 0;
  if (accepts('br')) return 'br';
  if (accepts('gzip')) return 'gzip';
  return 'identity';
}

/**
 * Compresses a page once, in gzip and brotli, on the thread pool (the async zlib API), so answering other requests
 * goes on meanwhile.
 */
export async function compressOnce(page: Buffer): Promise<StoredBodies> {
  if (page.length < THRESHOLD) return { identity: page, gzip: null, br: null };
  const [gzip, br] = await Promise.all([
    new Promise<Buffer>((resolve, reject) =>
      zlib.gzip(page, { level: GZIP_LEVEL }, (error, out) => (error ? reject(error) : resolve(out))),
    ),
    new Promise<Buffer>((resolve, reject) =>
      zlib.brotliCompress(
        page,
        {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: page.length,
          },
        },
        (error, out) => (error ? reject(error) : resolve(out)),
      ),
    ),
  ]);
  return { identity: page, gzip, br };
}

/** The stored body for a client: its best choice among the encodings the page was stored in. */
export function storedBodyFor(
  stored: StoredBodies,
  acceptEncoding: string | undefined,
): { encoding: Encoding; body: Buffer } {
  const choice = chooseEncoding(acceptEncoding);
  if (choice === 'br' && stored.br) return { encoding: 'br', body: stored.br };
  if (choice !== 'identity' && stored.gzip) return { encoding: 'gzip', body: stored.gzip };
  return { encoding: 'identity', body: stored.identity };
}
