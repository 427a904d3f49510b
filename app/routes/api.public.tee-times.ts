import type { LoaderFunctionArgs } from '@remix-run/node';
import { json } from '@remix-run/node';
import { listTeeTimes } from '~/models/tee-times.server';
import { apiHandler, getOnlyAction, seasonParam } from '~/web/http.server';

export const action = getOnlyAction;

/** GET /api/public/tee-times?season=YYYY (no login): slots with golfer names, read-only. */
export function loader({ request }: LoaderFunctionArgs) {
  return apiHandler(async () => json(await listTeeTimes(seasonParam(request))));
}
