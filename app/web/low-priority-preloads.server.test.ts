import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { lowPriorityModulePreloads } from './low-priority-preloads.server';

/** The stream's output when `html` arrives in these pieces (byte offsets), as React's renderer may cut it. */
async function rewritten(html: string, cuts: number[]): Promise<string> {
  const bytes = Buffer.from(html, 'utf8');
  const edges = [0, ...cuts, bytes.length];
  const chunks = edges.slice(1).map((end, i) => bytes.subarray(edges[i], end));
  return text(Readable.from(chunks).pipe(lowPriorityModulePreloads()));
}

const page =
  '<!DOCTYPE html><html><head><link rel="stylesheet" href="/a.css"/></head><body><p>Golfer “Zoë” &lt;link rel=&quot;modulepreload&quot;</p>' +
  '<link rel="modulepreload" href="/build/manifest.js"/><link rel="modulepreload" href="/build/entry.client.js"/>' +
  '<script type="module">import "/build/entry.client.js";</script></body></html>';
const expected = page
  .replace(
    '<link rel="modulepreload" href="/build/manifest.js"/>',
    '<link rel="modulepreload" fetchpriority="low" href="/build/manifest.js"/>',
  )
  .replace(
    '<link rel="modulepreload" href="/build/entry.client.js"/>',
    '<link rel="modulepreload" fetchpriority="low" href="/build/entry.client.js"/>',
  );

describe('lowPriorityModulePreloads', () => {
  it('marks every module preload low priority and changes nothing else, in one chunk', async () => {
    expect(await rewritten(page, [])).toBe(expected);
  });

  it('gives the same page wherever the HTML is cut, inside a tag or inside a character of several bytes', async () => {
    const length = Buffer.byteLength(page);
    for (let cut = 1; cut < length; cut++) expect(await rewritten(page, [cut]), `cut at ${cut}`).toBe(expected);
    // Many small pieces: a tag spread over several chunks.
    expect(
      await rewritten(
        page,
        Array.from({ length: length - 1 }, (_, i) => i + 1),
      ),
    ).toBe(expected);
  });

  it('passes through a page without preloads, and an escaped tag a user typed stays as it was', async () => {
    const plain = '<p>&lt;link rel=&quot;modulepreload&quot; href=x&gt; and <link rel="modulepre</p>';
    expect(await rewritten(plain, [20, 60])).toBe(plain);
  });
});
