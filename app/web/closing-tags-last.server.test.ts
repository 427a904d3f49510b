import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { closingTagsLast } from './closing-tags-last.server';

async function through(chunks: string[]): Promise<string> {
  const out: Buffer[] = [];
  for await (const chunk of Readable.from(chunks.map((c) => Buffer.from(c))).pipe(closingTagsLast()))
    out.push(chunk as Buffer);
  return Buffer.concat(out).toString('utf8');
}

describe('closingTagsLast', () => {
  it('moves the document’s closing tags after what React streams past them (single fetch’s data scripts)', async () => {
    expect(await through(['<html><body><p>é</p></body></html>', '<script>a</script>', '<script>b</script>'])).toBe(
      '<html><body><p>é</p><script>a</script><script>b</script></body></html>',
    );
  });

  it('finds the closing tags split between chunks, and cuts no character of several bytes', async () => {
    const page = '<html><body><p>→ é</p></body></html><script>x</script>';
    const bytes = Buffer.from(page);
    for (let cut = 1; cut < bytes.length; cut++) {
      const out: Buffer[] = [];
      for await (const chunk of Readable.from([bytes.subarray(0, cut), bytes.subarray(cut)]).pipe(closingTagsLast()))
        out.push(chunk as Buffer);
      expect(Buffer.concat(out).toString('utf8'), `cut at ${cut}`).toBe(
        '<html><body><p>→ é</p><script>x</script></body></html>',
      );
    }
  });

  it('leaves a page without them as it is', async () => {
    expect(await through(['<p>a</p>', '<p>b</p>'])).toBe('<p>a</p><p>b</p>');
  });
});
