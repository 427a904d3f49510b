import { Transform } from 'node:stream';

const CLOSING_TAGS = Buffer.from('</body></html>');

/**
 * A page's HTML with its closing `</body></html>` moved to the very end. With single fetch (docs/decisions/194-single-fetch.md)
 * `<RemixServer>` renders the scripts that stream the page's data to the browser after the app, and React 18 closes
 * the document's `<html>` when the app's shell is done, so those scripts came after `</html>`: a "stray start tag"
 * to the HTML checker, put back in the body by every browser (React 19 holds the closing tags back itself). The first
 * `</body></html>` is the document's own: React escapes `<` in text and attributes, and the data's JSON in scripts as
 * `\u003c`. Up to 13 bytes are held back until it is found, in case it is split between two chunks.
 */
export function closingTagsLast(): Transform {
  let held = Buffer.alloc(0);
  let moved = false;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      if (moved) return done(null, chunk);
      const text = Buffer.concat([held, chunk]);
      const at = text.indexOf(CLOSING_TAGS);
      if (at >= 0) {
        moved = true;
        held = Buffer.alloc(0);
        return done(null, Buffer.concat([text.subarray(0, at), text.subarray(at + CLOSING_TAGS.length)]));
      }
      const keep = Math.min(text.length, CLOSING_TAGS.length - 1);
      held = text.subarray(text.length - keep);
      done(null, text.subarray(0, text.length - keep));
    },
    flush(done) {
      done(null, moved ? CLOSING_TAGS : held);
    },
  });
}
