import zlib from 'node:zlib';
import { describe, expect, test } from 'vitest';
import { chooseEncoding, compressOnce, storedBodyFor } from './precompressed.server';

const LONG = Array.from({ length: 200 }, (_, i) => `Golfer ${i} shot ${36 + (i % 9)} on the front nine – été`).join(
  ' ',
);
const PAGE = `<!DOCTYPE html><html><head><script>window.__ctx = ${JSON.stringify({ LONG })};</script></head><body><main>${LONG}</main></body></html>`;

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
  test('its brotli and gzip bodies decompress to the page, and the client gets the best one it accepts', async () => {
    const stored = await compressOnce(Buffer.from(PAGE, 'utf8'));
    const br = storedBodyFor(stored, 'gzip, deflate, br');
    expect(br.encoding).toBe('br');
    expect(zlib.brotliDecompressSync(br.body).toString('utf8')).toBe(PAGE);
    const gzip = storedBodyFor(stored, 'gzip');
    expect(gzip.encoding).toBe('gzip');
    expect(zlib.gunzipSync(gzip.body).toString('utf8')).toBe(PAGE);
    const identity = storedBodyFor(stored, undefined);
    expect(identity).toEqual({ encoding: 'identity', body: Buffer.from(PAGE, 'utf8') });
    // Compressed for real: the repeated text shrinks to a fraction.
    expect(br.body.length).toBeLessThan(Buffer.byteLength(PAGE) / 3);
  });

  test('each answer is the same stored bytes, never compressed again', async () => {
    const stored = await compressOnce(Buffer.from(PAGE, 'utf8'));
    expect(storedBodyFor(stored, 'br').body).toBe(stored.br);
    expect(storedBodyFor(stored, 'br').body).toBe(storedBodyFor(stored, 'br, gzip').body);
    expect(storedBodyFor(stored, 'gzip').body).toBe(stored.gzip);
  });

  test('a body under 1 KB is kept and sent as it is, whatever the client accepts', async () => {
    const stored = await compressOnce(Buffer.from('{"ok":true}'));
    expect(stored.gzip).toBeNull();
    expect(stored.br).toBeNull();
    expect(storedBodyFor(stored, 'br, gzip')).toEqual({ encoding: 'identity', body: Buffer.from('{"ok":true}') });
  });
});
