import type { LoaderFunctionArgs } from '@remix-run/node';

import { getFlightDetails } from '~/models/flights.server';
import { requireApiUser } from '~/web/auth.server';
import { apiHandler, getOnlyAction, seasonParam } from '~/web/http.server';

export const action = getOnlyAction;

/** GET /api/flights/details?season=2025: {assigned, unassigned} with handicaps (docs/product/api.md#flights). */
export function loader({ request }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    await requireApiUser(request);
    const season = seasonParam(request);
    return Response.json(await getFlightDetails(season));
  });
}
