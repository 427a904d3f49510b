import type { LoaderFunctionArgs } from '@remix-run/node';
import { getPublicStandings } from '~/models/stats.server';
import { getOnlyAction } from '~/web/http.server';
import { statsApi, statsSeasonParam } from '~/web/stats-access.server';

export const action = getOnlyAction;

/**
 * GET /api/public/standings[?season=YYYY] (no login): what /stats shows (docs/product/stats.md#stats-api). A malformed
 * season is 400, a season without stats 404; 404 while the stats website is not published.
 */
export function loader({ request }: LoaderFunctionArgs) {
  return statsApi(request, async () => Response.json(await getPublicStandings(statsSeasonParam(request))));
}
