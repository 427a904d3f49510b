import type { ActionFunctionArgs } from '@remix-run/node';
import { setMySideGames } from '~/features/money/my-side-games.server';
import { entriesSchema } from '~/schemas/side-games';
import { golferWriteApi } from '~/web/golfer-api.server';
import { methodNotAllowed, parseBody } from '~/web/http.server';

export function loader() {
  return methodNotAllowed(['PUT']);
}

/**
 * PUT /api/me/side-games/{yyyy-MM-dd} `{skins, closestToPin, lowNet}` with the golfer's session (401 without): 'Play
 * the side games' of /me (docs/product/money.md#entries). Answers the entries and the message; 409 after the night's
 * cut-off or for a night the golfer does not play, 404 for a date that is not a league night.
 */
export function action({ request, params }: ActionFunctionArgs) {
  return golferWriteApi(request, 'PUT', 1_000, async (golferId, body) => {
    const input = parseBody(entriesSchema, body, 'Invalid side game entries');
    const { entries, message } = await setMySideGames(golferId, params.date ?? '', input);
    return Response.json({ ...entries, message });
  });
}
