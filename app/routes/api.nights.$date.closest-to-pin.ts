import type { ActionFunctionArgs } from '@remix-run/node';
import { setClosestToPin } from '~/models/side-games.server';
import { closestToPinSchema } from '~/schemas/side-games';
import { requireApiAdmin } from '~/web/auth.server';
import { apiHandler, methodNotAllowed, parseBody, readJson } from '~/web/http.server';

export function loader() {
  return methodNotAllowed(['PUT']);
}

/**
 * PUT /api/nights/{yyyy-MM-dd}/closest-to-pin `{golferId, feet, inches}` (administrators), as /scores enters it
 * (docs/product/money.md#payouts): 400 for a golfer who did not play that night or did not enter the game.
 */
export function action({ request, params }: ActionFunctionArgs) {
  return apiHandler(async () => {
    const user = await requireApiAdmin(request);
    if (request.method !== 'PUT') return methodNotAllowed(['PUT']);
    const input = parseBody(closestToPinSchema, await readJson(request, 1_000), 'Invalid closest to the pin');
    return Response.json(await setClosestToPin(params.date ?? '', input, user));
  });
}
