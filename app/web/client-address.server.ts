import type { AppLoadContext } from '@remix-run/node';

/**
 * The address of the client a request came from, as server.js's `getLoadContext` gives it (the connection's, or the
 * proxy's X-Forwarded-For with `TRUST_PROXY=1`: Express's `req.ip`). Login throttling and the registration rate limit
 * count per address (docs/decisions/112-public-action-and-client-address.md). It travels in Remix's load context, out
 * of the client's reach: no request header, whatever its name, can choose the bucket a request is counted in.
 */
class MissingClientAddressError extends Error {
  constructor() {
    super(
      'Misconfigured server: the load context has no clientAddress. Start the site with server.js, whose ' +
        'getLoadContext passes the client address (req.ip) to Remix; login throttling and the registration rate ' +
        'limit refuse to count every request in one shared bucket.',
    );
    this.name = 'MissingClientAddressError';
  }
}

/**
 * The request's client address from the load context. Without one the server was started some other way than
 * server.js: a defect, answered 500 (and logged with this message), never a silent shared or unlimited bucket.
 */
export function clientAddress(context: AppLoadContext): string {
  const address = context.clientAddress;
  if (typeof address !== 'string' || address.trim() === '') throw new MissingClientAddressError();
  return address.trim();
}
