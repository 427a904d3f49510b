import type { HeadersFunction, LoaderFunctionArgs } from '@remix-run/node';
import { findGolferNames } from '~/models/golfers.server';
import { apiHandler, getOnlyAction } from '~/web/http.server';

export const action = getOnlyAction;

/**
 * GET /api/golfers-public?q=smi, the name search of the public registration page as the golfer types: at most 20
 * golfers whose name contains every word of `q` (2 letters or more, else 400), as ids and names only, and whether more
 * matched (`{ golfers: [{ id, firstName, lastName, fullName }], more }`). Golfers are hospital staff, so anonymous
 * visitors never receive anyone's email or phone (docs/product/privacy-and-access.md#contact-details), nor the whole
 * list of names.
 */
export function loader({ request }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    const q = new URL(request.url).searchParams.get('q') ?? '';
    return Response.json(await findGolferNames(q), { headers: { 'Cache-Control': 'no-store' } });
  });
}

/**
 * /register's name search asks through a Remix fetcher, which single fetch sends as /api/golfers-public.data?q=
 * (docs/decisions/194-single-fetch.md); that answer's headers are the routes' `headers`, so this keeps the loader's
 * `Cache-Control: no-store` on it too.
 */
export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;
