import type { ActionFunctionArgs } from '@remix-run/node';
import { setEntries } from '~/models/side-games.server';
import { entriesSchema } from '~/schemas/side-games';
import { requireApiAdmin } from '~/web/auth.server';
import { apiHandler, methodNotAllowed, parseBody, readJson } from '~/web/http.server';
import { idParam } from '~/web/id-param';

export function loader() {
  return methodNotAllowed(['PUT']);
}

/**
 * PUT /api/nights/{yyyy-MM-dd}/side-games/{golferId} `{skins, closestToPin, lowNet}` (administrators): the golfer's
 * entries that night, as the night view marks them (docs/product/money.md#entries). Answers the entries; 404 for a
 * date that is not a league night or an unknown golfer, 400 for a game the season does not play.
 */
export function action({ request, params }: ActionFunctionArgs) {
  return apiHandler(async () => {
    const user = await requireApiAdmin(request);
    if (request.method !== 'PUT') return methodNotAllowed(['PUT']);
    const golferId = idParam(params.golferId, 'golfer id');
    const input = parseBody(entriesSchema, await readJson(request, 1_000), 'Invalid side game entries');
    return Response.json(await setEntries(params.date ?? '', golferId, input, user));
  });
}
