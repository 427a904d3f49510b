import type { LoaderFunctionArgs } from '@remix-run/node';
import { listTeeTimes } from '~/models/tee-times.server';
import { requireApiUser } from '~/web/auth.server';
import { apiHandler, getOnlyAction, seasonParam } from '~/web/http.server';

export const action = getOnlyAction;

/** GET /api/tee-times?season=YYYY (signed in): the season's standing tee times, sorted by time. */
export function loader({ request }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    await requireApiUser(request);
    return Response.json(await listTeeTimes(seasonParam(request)));
  });
}
