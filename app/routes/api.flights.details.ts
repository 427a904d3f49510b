import type { LoaderFunctionArgs } from '@remix-run/node';
import { json } from '@remix-run/node';

import { getFlightDetails } from '~/models/flights.server';
import { requireApiUser } from '~/utils/auth.server';
import { apiHandler, seasonParam } from '~/utils/http.server';

/** GET /api/flights/details?season=2025: {assigned, unassigned} with handicaps (SPEC §3). */
export function loader({ request }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    await requireApiUser(request);
    const season = seasonParam(request);
    return json(await getFlightDetails(season));
  });
}
