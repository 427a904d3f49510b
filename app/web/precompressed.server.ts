import crypto from 'node:crypto';
import type { TransformOptions } from 'node:stream';
import zlib from 'node:zlib';

/*
 * A cached page compressed once, answered many times (docs/decisions/119-cache-compresses-once.md). The page cache
 * keeps every page split around its CSP nonce, and each answer carries a fresh nonce, so a compressed body cannot be
 * kept whole. It is kept in pieces made when the page is cached, and each answer only joins them around its nonce,
 * which goes in uncompressed (24 bytes):
 *  - gzip: every piece of the page is a raw deflate stream of its own, ended by a sync flush (byte-aligned, and its
 *    back-references never reach outside it); a nonce is a stored block between two pieces. Each answer adds the gzip
 *    header, a final empty block and the CRC-32 of the page with its nonce (combined from the pieces' CRCs, kept).
 *  - brotli: one encoder reads the whole page, with a stand-in for each nonce, flushed before and after each
 *    stand-in. Each answer puts an uncompressed meta-block holding the nonce where the stand-in's meta-blocks were.
 *    The stand-in has the nonce's length, so every later back-reference still points at the same place, and ends
 *    with the nonce's own last two bytes ('==', as the literals after it are coded in the context of the two bytes
 *    before them). Its other bytes are control characters that no page holds, so no later back-reference copies
 *    from it. That is an argument, not a proof: the pieces are checked by decompressing them with a nonce they were
 *    not made with, and a page whose check fails is kept without brotli (its visitors get gzip).
 */

export type Encoding = 'br' | 'gzip' | 'identity';

/** A page ready to be answered in every encoding. `parts` are the page's bytes between its nonces. */
export type Precompressed = {
  parts: Buffer[];
  /** The CRC-32 of each part, for gzip's trailer. */
  crcs: number[];
  gzip: Buffer[] | null;
  br: Buffer[] | null;
  /** Bytes held: the page and its compressed pieces. */
  bytes: number;
};

/** Bodies smaller than this gain nothing from compression (the threshold of the compression middleware in server.js). */
const THRESHOLD = 1024;
/** Measured on /join, /rules, /schedule, /stats (the decision record): near quality 9's size at a fraction of its time. */
const BROTLI_QUALITY = 6;
const GZIP_LEVEL = 6;
/** The length of every nonce (16 random bytes in base64, as server.js and the page cache make them). */
const NONCE_LENGTH = 24;

/** A fresh CSP nonce: 16 random bytes, 24 base64 characters ending in '=='. */
export function newNonce(): string {
  return crypto.randomBytes(16).toString('base64');
}

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

/** The page with its nonce: a fresh nonce of the same shape goes where the page had its own. */
function join(parts: Buffer[], nonce: Buffer | null): Buffer {
  if (parts.length === 1 || nonce === null) return parts.length === 1 ? parts[0] : Buffer.concat(parts);
  const pieces: Buffer[] = [];
  parts.forEach((part, i) => {
    if (i > 0) pieces.push(nonce);
    pieces.push(part);
  });
  return Buffer.concat(pieces);
}

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xff]);
/** A final, empty block with the fixed Huffman codes: BFINAL=1, BTYPE=01, end-of-block. */
const DEFLATE_END = Buffer.from([0x03, 0x00]);

function storedBlock(bytes: Buffer): Buffer {
  const head = Buffer.alloc(5);
  head[0] = 0x00; // BFINAL=0, BTYPE=00 (stored), then padding to the byte
  head.writeUInt16LE(bytes.length, 1);
  head.writeUInt16LE(~bytes.length & 0xffff, 3);
  return Buffer.concat([head, bytes]);
}

/*
 * CRC-32 of two pieces joined, from the CRC of each and the second's length: zlib's crc32_combine (crc32.c,
 * multiplication modulo the CRC polynomial), so an answer never runs the CRC over the page again.
 */
const CRC_POLY = 0xedb88320;
function multModP(a: number, b: number): number {
  let m = 0x80000000;
  let p = 0;
  for (;;) {
    if (a & m) {
      p ^= b;
      if ((a & (m - 1)) === 0) break;
    }
    m >>>= 1;
    b = b & 1 ? (b >>> 1) ^ CRC_POLY : b >>> 1;
  }
  return p >>> 0;
}
/** x^(2^k) modulo the polynomial, for k = 0..31. */
const X2N: number[] = [];
for (let k = 0, p = 0x40000000; k < 32; k++, p = multModP(p, p)) X2N.push(p);
function crc32Combine(crc1: number, crc2: number, length2: number): number {
  // x^(8 * length2) modulo the polynomial
  let p = 0x80000000;
  for (let n = length2, k = 3; n > 0; n >>>= 1, k++) if (n & 1) p = multModP(X2N[k & 31], p);
  return (multModP(p, crc1) ^ crc2) >>> 0;
}

function gzipAnswer(page: Precompressed, nonce: Buffer | null): Buffer {
  const out: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let size = 0;
  const nonceCrc = nonce === null ? 0 : zlib.crc32(nonce);
  page.parts.forEach((part, i) => {
    if (i > 0 && nonce !== null) {
      out.push(storedBlock(nonce));
      crc = crc32Combine(crc, nonceCrc, nonce.length);
      size += nonce.length;
    }
    out.push(page.gzip![i]);
    crc = i === 0 ? page.crcs[0] : crc32Combine(crc, page.crcs[i], part.length);
    size += part.length;
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size >>> 0, 4);
  out.push(DEFLATE_END, trailer);
  return Buffer.concat(out);
}

/** An uncompressed meta-block header for 24 bytes: ISLAST=0, MNIBBLES=4, MLEN-1=23, ISUNCOMPRESSED=1, padding. */
const BROTLI_RAW_NONCE_HEADER = Buffer.from([0xb8, 0x00, 0x08]);

function brotliAnswer(pieces: Buffer[], nonce: Buffer | null): Buffer {
  const out: Buffer[] = [pieces[0]];
  for (let i = 1; i < pieces.length; i++) out.push(BROTLI_RAW_NONCE_HEADER, nonce!, pieces[i]);
  return Buffer.concat(out);
}

/** The answer's body in an encoding the page was kept in (`precompressed` says which: a null is not kept). */
export function answerBody(page: Precompressed, encoding: Encoding, nonce: string | null): Buffer {
  const nonceBytes = nonce === null ? null : Buffer.from(nonce, 'latin1');
  if (encoding === 'gzip' && page.gzip) return gzipAnswer(page, nonceBytes);
  if (encoding === 'br' && page.br) return brotliAnswer(page.br, nonceBytes);
  return join(page.parts, nonceBytes);
}

/** The encoding a page is answered in for a client: its best choice among those the page was kept in. */
export function encodingFor(page: Precompressed, acceptEncoding: string | undefined): Encoding {
  const choice = chooseEncoding(acceptEncoding);
  if (choice === 'br' && !page.br) return page.gzip ? 'gzip' : 'identity';
  if (choice === 'gzip' && !page.gzip) return 'identity';
  return choice;
}

/** Control characters HTML and JSON never hold raw: the stand-in for a nonce while the page is brotli-compressed. */
function standIn(): Buffer {
  const controls = [1, 2, 3, 4, 5, 6, 7, 8, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27];
  return Buffer.from([...controls.slice(0, NONCE_LENGTH - 2), 0x3d, 0x3d]);
}

async function brotliPieces(parts: Buffer[], size: number): Promise<Buffer[]> {
  // Each flush's output is read whole from the readable buffer (take() below). A buffer over its high-water mark
  // would hold the flush's callback back until someone reads, so the mark is far above any page.
  const options: zlib.BrotliOptions & TransformOptions = {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size,
    },
    readableHighWaterMark: 1 << 30,
  };
  const encoder = zlib.createBrotliCompress(options);
  const take = (): Buffer => {
    const out: Buffer[] = [];
    for (let chunk: Buffer | null; (chunk = encoder.read() as Buffer | null) !== null;) out.push(chunk);
    return Buffer.concat(out);
  };
  const flush = () =>
    new Promise<void>((resolve) => encoder.flush(zlib.constants.BROTLI_OPERATION_FLUSH, () => resolve()));
  const pieces: Buffer[] = [];
  const stand = standIn();
  for (const [i, part] of parts.entries()) {
    if (i > 0) {
      encoder.write(stand);
      await flush();
      take(); // the stand-in's meta-blocks: each answer puts its nonce here instead
    }
    encoder.write(part);
    if (i < parts.length - 1) {
      await flush();
      pieces.push(take());
    }
  }
  const rest: Buffer[] = [];
  encoder.on('data', (chunk: Buffer) => rest.push(chunk));
  await new Promise<void>((resolve, reject) => {
    encoder.once('end', resolve).once('error', reject);
    encoder.end();
  });
  pieces.push(Buffer.concat([take(), ...rest]));
  return pieces;
}

/**
 * Compresses a page once, in gzip and brotli, in pieces around its nonces (`parts`, its bytes between them; one part
 * when it has none). Runs on the thread pool (the async zlib API) so answering other requests goes on meanwhile.
 */
export async function precompress(parts: Buffer[]): Promise<Precompressed> {
  const size = parts.reduce((n, part) => n + part.length, 0) + (parts.length - 1) * NONCE_LENGTH;
  const crcs = parts.map((part) => zlib.crc32(part));
  if (size < THRESHOLD) return { parts, crcs, gzip: null, br: null, bytes: size };
  const deflate = (part: Buffer) =>
    new Promise<Buffer>((resolve, reject) =>
      zlib.deflateRaw(part, { level: GZIP_LEVEL, finishFlush: zlib.constants.Z_SYNC_FLUSH }, (error, out) =>
        error ? reject(error) : resolve(out),
      ),
    );
  const [gzip, br] = await Promise.all([Promise.all(parts.map(deflate)), brotliPieces(parts, size)]);
  // The check of the header comment: the pieces with a nonce they were not made with give the page with that nonce.
  const nonce = newNonce();
  const page: Precompressed = { parts, crcs, gzip, br, bytes: 0 };
  const expected = join(parts, Buffer.from(nonce, 'latin1'));
  const sameAs = (decode: (b: Buffer) => Buffer, body: Buffer) => {
    try {
      return decode(body).equals(expected);
    } catch {
      return false;
    }
  };
  if (!sameAs(zlib.gunzipSync, answerBody(page, 'gzip', nonce))) page.gzip = null;
  if (!sameAs(zlib.brotliDecompressSync, answerBody(page, 'br', nonce))) {
    console.warn('The page cache keeps a page without brotli: its brotli pieces did not decompress to the page.');
    page.br = null;
  }
  const held = (pieces: Buffer[] | null) => (pieces ?? []).reduce((n, piece) => n + piece.length, 0);
  page.bytes = held(parts) + held(page.gzip) + held(page.br);
  return page;
}
