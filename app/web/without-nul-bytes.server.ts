import { Transform } from 'node:stream';

/**
 * A page's HTML without NUL bytes. React 18's `renderToPipeableStream` fills a 2 KB buffer with `encodeInto`; when a
 * character of 2 or more bytes (the → of an activity line) does not fit at its end, it still sends the whole buffer, so
 * one to three 0x00 bytes the page never had reach the browser (facebook/react#26228, fixed only in React 19). HTML
 * forbids them. They are never the page's own: React writes a user's text as it is, and no form or import keeps a
 * NUL, while JSON in scripts escapes it as `\u0000`. UTF-8 never uses the byte 0x00 inside another character, so
 * dropping every one cuts nothing.
 */
export function withoutNulBytes(): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      done(null, chunk.includes(0) ? Buffer.from(chunk.filter((byte) => byte !== 0)) : chunk);
    },
  });
}
