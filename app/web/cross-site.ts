import type { IncomingHttpHeaders } from 'node:http';

/** What a refused cross-site write is answered (403). */
export const CROSS_SITE_MESSAGE = 'Cross-site requests are not allowed';

function originHost(origin: string): string | null {
  try {
    return new URL(origin).host;
  } catch {
    return null;
  }
}

/**
 * A write that comes from another site (docs/product/accounts.md): the browser says so (Sec-Fetch-Site), or its
 * Origin is not this host (an Origin that is not a URL at all, or 'null', is not this site either). server.js refuses
 * such writes for every route but the few that prove themselves (the Stripe webhook, one-click unsubscribe).
 */
export function isCrossSite(headers: IncomingHttpHeaders): boolean {
  const site = headers['sec-fetch-site'];
  const origin = headers.origin;
  const host = headers.host;
  return (
    site === 'cross-site' ||
    site === 'same-site' ||
    origin === 'null' ||
    Boolean(origin && host && originHost(origin) !== host)
  );
}
