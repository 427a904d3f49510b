import { PassThrough, type Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { createElement, Suspense } from 'react';
import { renderToPipeableStream, renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { withoutNulBytes } from './without-nul-bytes.server';

/** An activity list: many short lines with arrows, after `shift` x's that move where React's 2 KB buffers end. */
function activity(shift: number) {
  const lines = Array.from({ length: 400 }, (_, i) => createElement('li', { key: i }, `Round ${i}: 44 → 38`));
  return createElement(Suspense, null, createElement('p', null, 'x'.repeat(shift)), createElement('ul', null, lines));
}

/** The bytes React streams for `activity(shift)`, through `through` when given. */
function streamed(shift: number, through?: () => NodeJS.ReadWriteStream): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const { pipe } = renderToPipeableStream(activity(shift), {
      onAllReady() {
        const out = new PassThrough();
        buffer(out).then(resolve, reject);
        if (through) pipe(through()).pipe(out);
        else pipe(out);
      },
      onError: reject,
    });
  });
}

const SHIFTS = [0, 1, 2, 3, 4, 5];

describe('withoutNulBytes', () => {
  it('React 18 streams NUL bytes when a character straddles its buffer (else this transform could go)', async () => {
    const outputs = await Promise.all(SHIFTS.map((shift) => streamed(shift)));
    expect(outputs.some((bytes) => bytes.includes(0))).toBe(true);
  });

  it('leaves the page React would have written in one piece, every character whole', async () => {
    for (const shift of SHIFTS) {
      const bytes = await streamed(shift, withoutNulBytes);
      expect(bytes.includes(0)).toBe(false);
      expect(bytes.toString('utf8')).toBe(renderToString(activity(shift)));
    }
  });

  it('passes a chunk without NUL bytes through as it is', async () => {
    const chunk = Buffer.from('<p>Zoë → 45</p>', 'utf8');
    const stream = withoutNulBytes();
    stream.end(chunk);
    expect(await buffer(stream as Readable)).toEqual(chunk);
  });
});
