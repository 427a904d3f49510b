import type { LoaderFunctionArgs } from '@remix-run/node';
import { databaseHealth } from '~/db/health.server';
import { methodNotAllowed } from '~/web/http.server';

const ALLOWED = ['GET', 'HEAD'];
/** Never kept by a proxy or a browser: each answer is the database's state now. */
const NO_STORE = { 'Cache-Control': 'no-store' };

/**
 * GET (and HEAD) /healthz, for load balancers and service monitors (docs/decisions/170-health-check.md): 200
 * `{ "status": "ok" }` when the database answers a trivial query within a second, else 503
 * `{ "status": "unavailable", "reason": … }`. No session is read or made, no page is rendered, and the public page
 * cache never keeps it (it is not a public page).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  // Remix hands OPTIONS (and any method it does not know) to the loader.
  if (!ALLOWED.includes(request.method)) return methodNotAllowed(ALLOWED);
  const health = await databaseHealth();
  return health.ok
    ? Response.json({ status: 'ok' }, { headers: NO_STORE })
    : Response.json({ status: 'unavailable', reason: health.reason }, { status: 503, headers: NO_STORE });
}

/** POST, PUT, PATCH, DELETE: 405 with `Allow`. */
export function action() {
  return methodNotAllowed(ALLOWED);
}
