import type { LoaderFunctionArgs } from '@remix-run/node';
import { json } from '@remix-run/node';
import { listTeeTimes } from '~/models/tee-times.server';
import { apiHandler, getOnlyAction, seasonParam } from '~/web/http.server';

export const action = getOnlyAction;

/**
 * GET /api/available-tee-times?season=YYYY (public): the season's slots with golfer ids and names, for the
 * confirmation page's choice. Names only, as on the public tee-time page.
 */
export function loader({ request }: LoaderFunctionArgs) {
  return apiHandler(async () => json(await listTeeTimes(seasonParam(request))));
}
