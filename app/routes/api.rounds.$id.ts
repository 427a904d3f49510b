import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { deleteRound, requireRound, updateRound } from '~/models/rounds.server';
import { roundJsonSchema } from '~/schemas/round';
import { requireApiUser } from '~/web/auth.server';
import { apiHandler, methodNotAllowed, noContent, parseBody, readJson } from '~/web/http.server';
import { idParam } from '~/web/id-param';
import { lockFieldWhenDue } from '~/features/playoffs/field.server';

/** GET /api/rounds/:id */
export function loader({ request, params }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    await requireApiUser(request);
    return Response.json(await requireRound(idParam(params.id, 'round id')));
  });
}

/**
 * PUT /api/rounds/:id (the later rounds of the golfer are recomputed; 409 when the golfer already has another round on
 * that date) and DELETE /api/rounds/:id.
 */
export function action({ request, params }: ActionFunctionArgs) {
  return apiHandler(async () => {
    const user = await requireApiUser(request);
    const id = idParam(params.id, 'round id');
    if (request.method === 'PUT') {
      const input = parseBody(roundJsonSchema, await readJson(request, 20_000), 'Invalid round');
      const round = await updateRound(id, input, user);
      await lockFieldWhenDue(round.season);
      return Response.json(round);
    }
    if (request.method === 'DELETE') {
      await deleteRound(id, user);
      return noContent();
    }
    return methodNotAllowed(['GET', 'PUT', 'DELETE']);
  });
}
