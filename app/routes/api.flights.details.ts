import type { LoaderFunctionArgs } from '@remix-run/node';
import { json } from '@remix-run/node';
import { currentSeason, parseSeason } from '~/domain/season';
import { getFlightDetails } from '~/models/flights.server';
import { requireApiUser } from '~/utils/auth.server';
import { apiHandler, HttpError } from '~/utils/http.server';

/** GET /api/flights/details?season=2025: {assigned, unassigned} with handicaps (SPEC §3). */
export function loader({ request }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    await requireApiUser(request);
    const param = new URL(request.url).searchParams.get('season');
    const season = param === null ? currentSeason() : parseSeason(param);
    if (season === null) throw new HttpError(400, `Invalid season: "${param}"`);
    return json(await getFlightDetails(season));
  });
}
