import type { LoaderFunctionArgs } from '@remix-run/node';
import { getPublicPlayoffs } from '~/models/stats.server';
import { getOnlyAction } from '~/web/http.server';
import { statsApi, statsSeasonParam } from '~/web/stats-access.server';

export const action = getOnlyAction;

/**
 * GET /api/public/playoffs[?season=YYYY] (no login): what /stats/playoffs shows (docs/product/playoffs.md#api):
 * `{season, seasons, locked, nights, flights: [{flight, field: [{seed, golferId, name, points, status, net, champion}],
 * decidedBy, race}], grandChampionship: {entrants, champion}}`. Without a season, between seasons the one just finished.
 * A malformed season is 400, a season without stats 404; 404 while the stats website is not published.
 */
export function loader({ request }: LoaderFunctionArgs) {
  return statsApi(request, async () => Response.json(await getPublicPlayoffs(statsSeasonParam(request))));
}
