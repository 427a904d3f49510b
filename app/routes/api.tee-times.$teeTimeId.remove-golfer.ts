import type { ActionFunctionArgs } from '@remix-run/node';
import { json } from '@remix-run/node';
import { asPosition, removeGolferFromTeeTime } from '~/models/tee-times.server';
import { removeGolferSchema } from '~/schemas/tee-time';
import { requireApiAdmin } from '~/web/auth.server';
import { apiHandler, methodNotAllowed, parseBody, parseId, postOnlyLoader, readJson } from '~/web/http.server';

export const loader = postOnlyLoader;

/** POST /api/tee-times/:teeTimeId/remove-golfer {position} (isAdmin): empties that position. */
export function action({ request, params }: ActionFunctionArgs) {
  return apiHandler(async () => {
    const user = await requireApiAdmin(request);
    if (request.method !== 'POST') return methodNotAllowed(['POST']);
    const teeTimeId = parseId(params.teeTimeId, 'tee time id');
    const { position } = parseBody(removeGolferSchema, await readJson(request, 10_000), 'Invalid position');
    await removeGolferFromTeeTime(teeTimeId, asPosition(position), user);
    return json({ teeTimeId, position });
  });
}
