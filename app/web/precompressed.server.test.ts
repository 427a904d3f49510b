import zlib from 'node:zlib';
import { describe, expect, test } from 'vitest';
import { answerBody, chooseEncoding, encodingFor, newNonce, precompress } from './precompressed.server';

/** A page like the cache keeps: HTML split around its CSP nonce, in several places. */
function page(text: string): { parts: Buffer[]; withNonce: (nonce: string) => string } {
  const pieces = [
    `<!DOCTYPE html><html><head><script nonce="`,
    `">window.__ctx = ${JSON.stringify({ text })};</script></head><body><main>${text}</main><script nonce="`,
    `" type="module">import "/build/entry.js";</script></body></html>`,
  ];
  return { parts: pieces.map((p) => Buffer.from(p, 'utf8')), withNonce: (nonce) => pieces.join(nonce) };
}

const LONG = Array.from({ length: 200 }, (_, i) => `Golfer ${i} shot ${36 + (i % 9)} on the front nine – été`).join(
  ' ',
);

describe('chooseEncoding', () => {
  test.each([
    ['gzip, deflate, br', 'br'],
    ['br, gzip', 'br'],
    ['gzip', 'gzip'],
    ['gzip;q=0.5, br;q=0.1', 'br'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0, gzip;q=0', 'identity'],
    ['BR;Q=0, GZIP;q=0.000', 'identity'],
    ['*', 'br'],
    ['*;q=0, gzip', 'gzip'],
    ['deflate', 'identity'],
    ['', 'identity'],
    [undefined, 'identity'],
  ])('Accept-Encoding %j gets %s', (header, expected) => {
    expect(chooseEncoding(header)).toBe(expected);
  });
});

describe('a page compressed once', () => {
  test('decompresses to the page with each answer’s own nonce, in brotli and gzip alike', async () => {
    const { parts, withNonce } = page(LONG);
    const kept = await precompress(parts);
    expect(kept.br).not.toBeNull();
    expect(kept.gzip).not.toBeNull();
    for (let i = 0; i < 20; i++) {
      const nonce = newNonce();
      expect(zlib.brotliDecompressSync(answerBody(kept, 'br', nonce)).toString('utf8')).toBe(withNonce(nonce));
      expect(zlib.gunzipSync(answerBody(kept, 'gzip', nonce)).toString('utf8')).toBe(withNonce(nonce));
      expect(answerBody(kept, 'identity', nonce).toString('utf8')).toBe(withNonce(nonce));
    }
    // Compressed, and counted: the page and its two compressed bodies.
    const identity = Buffer.byteLength(withNonce(newNonce()));
    expect(answerBody(kept, 'br', newNonce()).length).toBeLessThan(identity / 3);
    expect(kept.bytes).toBeGreaterThan(identity);
  });

  test('a page without a nonce (JSON) is one piece', async () => {
    const json = JSON.stringify({ schedule: LONG.split(' ') });
    const kept = await precompress([Buffer.from(json)]);
    expect(zlib.brotliDecompressSync(answerBody(kept, 'br', null)).toString()).toBe(json);
    expect(zlib.gunzipSync(answerBody(kept, 'gzip', null)).toString()).toBe(json);
  });

  test('a page under 1 KB is kept as it is and answered so', async () => {
    const kept = await precompress([Buffer.from('{"ok":true}')]);
    expect(encodingFor(kept, 'br, gzip')).toBe('identity');
    expect(answerBody(kept, 'identity', null).toString()).toBe('{"ok":true}');
  });

  test('a page holding the control characters of the brotli stand-in still answers right, in every encoding', async () => {
    // Raw control characters can reach a page through a golfer's name: the brotli pieces may then be wrong, and the
    // check keeps the page without them rather than answer a broken body.
    const stand = String.fromCharCode(
      ...[1, 2, 3, 4, 5, 6, 7, 8, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27],
    );
    const { parts, withNonce } = page(`${LONG} ${stand}== ${stand}== ${LONG}`);
    const kept = await precompress(parts);
    const nonce = newNonce();
    const encoding = encodingFor(kept, 'br, gzip');
    const body = answerBody(kept, encoding, nonce);
    const text = encoding === 'br' ? zlib.brotliDecompressSync(body) : zlib.gunzipSync(body);
    expect(text.toString('utf8')).toBe(withNonce(nonce));
  });
});
