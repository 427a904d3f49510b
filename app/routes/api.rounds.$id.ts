import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { json } from '@remix-run/node';
import { deleteRound, getRound, updateRound } from '~/models/rounds.server';
import { parseRoundInput } from '~/schemas/round';
import { requireApiUser } from '~/utils/auth.server';
import { apiHandler, HttpError, parseId, readJson, zodFieldErrors } from '~/utils/http.server';

/** GET /api/rounds/:id */
export function loader({ request, params }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    await requireApiUser(request);
    const round = await getRound(parseId(params.id, 'round id'));
    if (!round) throw new HttpError(404, 'Round not found');
    return json(round);
  });
}

/** PUT /api/rounds/:id (the later rounds of the golfer are recomputed) and DELETE /api/rounds/:id. */
export function action({ request, params }: ActionFunctionArgs) {
  return apiHandler(async () => {
    await requireApiUser(request);
    const id = parseId(params.id, 'round id');
    if (request.method === 'PUT') {
      const parsed = parseRoundInput(await readJson(request, 20_000));
      if (!parsed.success) throw new HttpError(400, 'Invalid round', zodFieldErrors(parsed.error));
      return json(await updateRound(id, parsed.data));
    }
    if (request.method === 'DELETE') {
      await deleteRound(id);
      return new Response(null, { status: 204 });
    }
    return json({ message: 'Use PUT or DELETE' }, { status: 405, headers: { Allow: 'GET, PUT, DELETE' } });
  });
}
