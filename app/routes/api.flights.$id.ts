import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { deleteFlightAssignment, requireFlightAssignment, updateFlightAssignment } from '~/models/flights.server';
import { flightJsonSchema } from '~/schemas/flight';
import { requireApiUser } from '~/web/auth.server';
import { apiHandler, methodNotAllowed, noContent, parseBody, readJson } from '~/web/http.server';
import { idParam } from '~/web/id-param';

/** GET /api/flights/:id */
export function loader({ request, params }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    await requireApiUser(request);
    return Response.json(await requireFlightAssignment(idParam(params.id, 'flight assignment id')));
  });
}

/** PUT /api/flights/:id {golferId, season, flightNo} and DELETE /api/flights/:id. */
export function action({ request, params }: ActionFunctionArgs) {
  return apiHandler(async () => {
    const user = await requireApiUser(request);
    const id = idParam(params.id, 'flight assignment id');
    if (request.method === 'PUT') {
      const input = parseBody(flightJsonSchema, await readJson(request, 10_000), 'Invalid flight assignment');
      const { golferName: _name, ...assignment } = await updateFlightAssignment(id, input, user);
      return Response.json(assignment);
    }
    if (request.method === 'DELETE') {
      await deleteFlightAssignment(id, user);
      return noContent();
    }
    return methodNotAllowed(['GET', 'PUT', 'DELETE']);
  });
}
