import type { LoaderFunctionArgs } from '@remix-run/node';
import { listTeeTimes } from '~/models/tee-times.server';
import { apiHandler, getOnlyAction } from '~/web/http.server';
import { publicSeasonParam } from '~/web/league-season.server';

export const action = getOnlyAction;

/**
 * GET /api/public/tee-times[?season=YYYY] (no login): slots with golfer names, read-only. Without ?season= it is the
 * league season, the one /public/tee-times shows (docs/product/seasons.md#the-league-season).
 */
export function loader({ request }: LoaderFunctionArgs) {
  return apiHandler(async () => Response.json(await listTeeTimes(await publicSeasonParam(request))));
}
