import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A proxy in front of the app that sends each page's HTML in two parts, with a pause between them, the way a phone on
 * a slow connection at the course receives it: the browser draws the first part before the rest arrives. Everything
 * else (styles, scripts) passes through whole. `splitAt` says where a page's HTML is cut.
 */
export async function arrivingInTwoParts(origin: string, splitAt: (html: string) => number) {
  const server = http.createServer((req, res) => {
    void (async () => {
      // Node's fetch undoes the app's compression, so the parts are cut in plain HTML.
      const upstream = await fetch(new URL(req.url ?? '/', origin), { redirect: 'manual' });
      const type = upstream.headers.get('content-type') ?? 'application/octet-stream';
      const body = Buffer.from(await upstream.arrayBuffer());
      res.writeHead(upstream.status, { 'content-type': type, 'cache-control': 'no-store' });
      if (!type.startsWith('text/html')) return void res.end(body);
      const html = body.toString('utf8');
      const at = splitAt(html);
      res.write(html.slice(0, at));
      // Long enough for the browser to draw what it has; the page is judged after both parts.
      setTimeout(() => res.end(html.slice(at)), 400);
    })().catch((error: unknown) => res.destroy(error as Error));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Cut a page inside its first table's first row, after the row's first cell: the rest of the row arrives later. */
export const afterFirstCell = (html: string) => {
  const cell = html.indexOf('</td>', html.indexOf('<tbody'));
  if (cell < 0) throw new Error('The page has no table rows to cut.');
  return cell + '</td>'.length;
};

/**
 * Cut inside its first table's header row, after the first header: the browser paints a long page in parts even when
 * it arrived whole, and the headers still to come may wrap to a second line.
 */
export const afterFirstHeader = (html: string) => {
  const header = html.indexOf('</th>', html.indexOf('<thead'));
  if (header < 0) throw new Error('The page has no table headers to cut.');
  return header + '</th>'.length;
};

/** Cut right after `marker` (its first occurrence): what follows it arrives later. */
export const after = (marker: string) => (html: string) => {
  const at = html.indexOf(marker);
  if (at < 0) throw new Error(`The page has no ${marker} to cut after.`);
  return at + marker.length;
};

/**
 * Cut right after the start tag of the `nth` link after `marker`: the link is drawn empty, with whatever stands before
 * it on its line, and its text arrives later (where the browser pauses between two parts of a page it has in full).
 */
export const afterLinkOpens =
  (marker: string, nth = 1) =>
  (html: string) => {
    let at = html.indexOf(marker);
    if (at < 0) throw new Error(`The page has no ${marker} to cut after.`);
    for (let i = 0; i < nth; i++) {
      at = html.indexOf('<a ', at + 1);
      if (at < 0) throw new Error(`The page has no link ${nth} after ${marker}.`);
    }
    return html.indexOf('>', at) + 1;
  };
