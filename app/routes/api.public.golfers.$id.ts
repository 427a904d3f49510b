import type { LoaderFunctionArgs } from '@remix-run/node';
import { golferHoleStats } from '~/models/skins.server';
import { getGolferStats } from '~/models/golfer-stats.server';
import { getOnlyAction } from '~/web/http.server';
import { statsApi, statsSeasonParam } from '~/web/stats-access.server';
import { idParam } from '~/web/id-param';

export const action = getOnlyAction;

/**
 * GET /api/public/golfers/{id}[?season=YYYY] (no login): what /stats/golfers/{id} shows
 * (docs/product/stats.md#stats-api): `{id, name, flight, handicap, breakdown: {rounds, average, percent, handicap},
 * history: [{date, handicap}], rounds, totals}` (plus the season shown and the golfer's seasons). `handicap` is the
 * hcpIndexAfter of the golfer's latest counting round, or the estimate's before any. A malformed id is 400, a golfer
 * without stats 404; 404 while the stats website is not published. With hole scores that season, `holeStats`: the
 * counts of eagles or better, birdies, pars, bogeys and double or worse, and each hole's averages against par.
 */
export function loader({ request, params }: LoaderFunctionArgs) {
  return statsApi(request, async () => {
    const stats = await getGolferStats(idParam(params.id, 'golfer id'), statsSeasonParam(request));
    const holeStats = await golferHoleStats(stats.id, stats.season);
    // `holeStats` only for a golfer with hole scores that season (docs/decisions/124-live-results-and-skins.md).
    return Response.json(holeStats ? { ...stats, holeStats } : stats);
  });
}
