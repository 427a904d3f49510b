import type { LoaderFunctionArgs } from '@remix-run/node';
import { json } from '@remix-run/node';
import { getNightResults } from '~/models/stats.server';
import { getOnlyAction } from '~/web/http.server';
import { nightDateParam, statsApi } from '~/web/stats-access.server';

export const action = getOnlyAction;

/**
 * GET /api/public/results/{yyyy-MM-dd} (no login): what /stats/results/{date} shows (docs/product/stats.md#stats-api).
 * A malformed date is 400, a date that is not a league night 404; 404 while the stats website is not published.
 */
export function loader({ request, params }: LoaderFunctionArgs) {
  return statsApi(request, async () => json(await getNightResults(nightDateParam(params.date))));
}
