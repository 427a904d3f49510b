import { Transform } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';

const PRELOAD = '<link rel="modulepreload"';
const LOW = `${PRELOAD} fetchpriority="low"`;

/** How many characters at the end of `text` could begin a preload tag that the next chunk completes. */
function partialTag(text: string): number {
  for (let length = Math.min(PRELOAD.length - 1, text.length); length > 0; length--)
    if (text.endsWith(PRELOAD.slice(0, length))) return length;
  return 0;
}

/**
 * A page's HTML with the scripts that hydrate it preloaded at low priority (docs/decisions/062-lighthouse-in-the-bench.md):
 * a phone on a slow line then fetches the stylesheet and draws the page before it downloads the scripts, instead of
 * sharing the line with some two dozen of them first. Remix's `<Scripts/>` renders its `<link rel="modulepreload">`
 * tags with no way to set their priority, so the document stream is rewritten as it goes; a tag cut between two chunks
 * is held back until the next one completes it. React escapes `<` in anything a user wrote, so only Remix's own tags
 * match.
 */
export function lowPriorityModulePreloads(): Transform {
  const decoder = new StringDecoder('utf8');
  let held = '';
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      const text = (held + decoder.write(chunk)).replaceAll(PRELOAD, LOW);
      const keep = partialTag(text);
      held = text.slice(text.length - keep);
      done(null, text.slice(0, text.length - keep));
    },
    flush(done) {
      done(null, (held + decoder.end()).replaceAll(PRELOAD, LOW));
    },
  });
}
