import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { createFlightAssignment, listFlightAssignments } from '~/models/flights.server';
import { flightJsonSchema } from '~/schemas/flight';
import { requireApiUser } from '~/web/auth.server';
import { apiHandler, methodNotAllowed, parseBody, readJson, seasonParam } from '~/web/http.server';

/** GET /api/flights?season=2025: the season's assignments (the current season without a parameter). */
export function loader({ request }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    await requireApiUser(request);
    return Response.json(await listFlightAssignments(seasonParam(request)));
  });
}

/** POST /api/flights {golferId, season, flightNo}: one assignment per golfer and season (409 for a second). */
export function action({ request }: ActionFunctionArgs) {
  return apiHandler(async () => {
    const user = await requireApiUser(request);
    if (request.method !== 'POST') return methodNotAllowed(['GET', 'POST']);
    const input = parseBody(flightJsonSchema, await readJson(request, 10_000), 'Invalid flight assignment');
    const { golferName: _name, ...assignment } = await createFlightAssignment(input, user);
    return Response.json(assignment, { status: 201 });
  });
}
