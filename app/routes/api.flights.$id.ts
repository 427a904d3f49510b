import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { json } from '@remix-run/node';
import { deleteFlightAssignment, getFlightAssignment, updateFlightAssignment } from '~/models/flights.server';
import { parseFlightInput } from '~/schemas/flight';
import { requireApiUser } from '~/utils/auth.server';
import { apiHandler, HttpError, parseId, readJson, zodFieldErrors } from '~/utils/http.server';

/** GET /api/flights/:id */
export function loader({ request, params }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    await requireApiUser(request);
    const found = await getFlightAssignment(parseId(params.id, 'flight assignment id'));
    if (!found) throw new HttpError(404, 'Flight assignment not found');
    const { golfer: _golfer, ...assignment } = found;
    return json(assignment);
  });
}

/** PUT /api/flights/:id {golferId, season, flightNo} and DELETE /api/flights/:id. */
export function action({ request, params }: ActionFunctionArgs) {
  return apiHandler(async () => {
    await requireApiUser(request);
    const id = parseId(params.id, 'flight assignment id');
    if (request.method === 'PUT') {
      const parsed = parseFlightInput(await readJson(request, 10_000));
      if (!parsed.success) throw new HttpError(400, 'Invalid flight assignment', zodFieldErrors(parsed.error));
      const { golferName: _name, ...assignment } = await updateFlightAssignment(id, parsed.data);
      return json(assignment);
    }
    if (request.method === 'DELETE') {
      await deleteFlightAssignment(id);
      return new Response(null, { status: 204 });
    }
    return json({ message: 'Use PUT or DELETE' }, { status: 405, headers: { Allow: 'GET, PUT, DELETE' } });
  });
}
