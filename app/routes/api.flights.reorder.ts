import type { ActionFunctionArgs } from '@remix-run/node';
import { moveFlightAssignment } from '~/models/flights.server';
import { flightMoveJsonSchema } from '~/schemas/flight';
import { requireApiUser } from '~/web/auth.server';
import { apiHandler, methodNotAllowed, parseBody, postOnlyLoader, readJson } from '~/web/http.server';

export const loader = postOnlyLoader;

/** POST /api/flights/reorder {flightId, newFlightNo}: a drag move; answers the moved assignment. */
export function action({ request }: ActionFunctionArgs) {
  return apiHandler(async () => {
    const user = await requireApiUser(request);
    if (request.method !== 'POST') return methodNotAllowed(['POST']);
    const move = parseBody(flightMoveJsonSchema, await readJson(request, 10_000), 'Invalid move');
    const { golferName: _name, ...assignment } = await moveFlightAssignment(move.flightId, move.newFlightNo, user);
    return Response.json(assignment);
  });
}
