import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { deleteGolfer, golferJson, requireGolfer, updateGolfer } from '~/models/golfers.server';
import { golferSchema } from '~/schemas/golfer';
import { requireApiUser } from '~/web/auth.server';
import { apiHandler, methodNotAllowed, noContent, parseBody, readJson } from '~/web/http.server';
import { idParam } from '~/web/id-param';

/** GET /api/golfers/:id */
export function loader({ request, params }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    await requireApiUser(request);
    return Response.json(await requireGolfer(idParam(params.id)));
  });
}

/** PUT /api/golfers/:id (same body as POST) and DELETE /api/golfers/:id (with their memberships, rounds, flights, tee times). */
export function action({ request, params }: ActionFunctionArgs) {
  return apiHandler(async () => {
    const user = await requireApiUser(request);
    const id = idParam(params.id);
    if (request.method === 'PUT') {
      const input = parseBody(golferSchema, await readJson(request), 'Invalid golfer');
      return Response.json(golferJson(await updateGolfer(id, input, user)));
    }
    if (request.method === 'DELETE') {
      await deleteGolfer(id, user);
      return noContent();
    }
    return methodNotAllowed(['GET', 'PUT', 'DELETE']);
  });
}
