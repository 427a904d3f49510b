import type { ActionFunctionArgs } from '@remix-run/node';
import { asPosition, removeGolferFromTeeTime } from '~/models/tee-times.server';
import { removeGolferSchema } from '~/schemas/tee-time';
import { parseBody, postOnlyLoader } from '~/web/http.server';
import { teeTimeApi } from '~/web/tee-time-api.server';

export const loader = postOnlyLoader;

/** POST /api/tee-times/:teeTimeId/remove-golfer {position} (isAdmin): empties that position. */
export function action({ request, params }: ActionFunctionArgs) {
  return teeTimeApi(request, params.teeTimeId, async (teeTimeId, body, user) => {
    const { position } = parseBody(removeGolferSchema, body, 'Invalid position');
    await removeGolferFromTeeTime(teeTimeId, asPosition(position), user);
    return Response.json({ teeTimeId, position });
  });
}
