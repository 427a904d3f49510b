import type { LoaderFunctionArgs } from '@remix-run/node';
import { listTeeTimes } from '~/models/tee-times.server';
import { apiHandler, getOnlyAction } from '~/web/http.server';
import { publicSeasonParam } from '~/web/league-season.server';

export const action = getOnlyAction;

/**
 * GET /api/available-tee-times[?season=YYYY] (public): the season's slots with golfer ids and names, for the
 * confirmation page's choice. Names only, as on the public tee-time page. Without ?season= it is the league season
 * (docs/product/seasons.md#the-league-season).
 */
export function loader({ request }: LoaderFunctionArgs) {
  return apiHandler(async () => Response.json(await listTeeTimes(await publicSeasonParam(request))));
}
