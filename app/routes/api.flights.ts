import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { json } from '@remix-run/node';

import { createFlightAssignment, listFlightAssignments } from '~/models/flights.server';
import { parseFlightInput } from '~/schemas/flight';
import { requireApiUser } from '~/utils/auth.server';
import { apiHandler, HttpError, readJson, zodFieldErrors, seasonParam } from '~/utils/http.server';

/** GET /api/flights?season=2025: the season's assignments (the current season without a parameter). */
export function loader({ request }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    await requireApiUser(request);
    const season = seasonParam(request);
    return json(await listFlightAssignments(season));
  });
}

/** POST /api/flights {golferId, season, flightNo}: one assignment per golfer and season (409 for a second). */
export function action({ request }: ActionFunctionArgs) {
  return apiHandler(async () => {
    await requireApiUser(request);
    if (request.method !== 'POST')
      return json({ message: 'Use POST' }, { status: 405, headers: { Allow: 'GET, POST' } });
    const parsed = parseFlightInput(await readJson(request, 10_000));
    if (!parsed.success) throw new HttpError(400, 'Invalid flight assignment', zodFieldErrors(parsed.error));
    const { golferName: _name, ...assignment } = await createFlightAssignment(parsed.data);
    return json(assignment, { status: 201 });
  });
}
