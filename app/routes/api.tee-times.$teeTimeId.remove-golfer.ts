import type { ActionFunctionArgs } from '@remix-run/node';
import { json } from '@remix-run/node';
import { asPosition, removeGolferFromTeeTime } from '~/models/tee-times.server';
import { removeGolferSchema } from '~/schemas/tee-time';
import { requireApiAdmin } from '~/web/auth.server';
import { apiHandler, methodNotAllowed, parseBody, postOnlyLoader, readJson } from '~/web/http.server';
import { idParam } from '~/web/id-param';

export const loader = postOnlyLoader;

/** POST /api/tee-times/:teeTimeId/remove-golfer {position} (isAdmin): empties that position. */
export function action({ request, params }: ActionFunctionArgs) {
  return apiHandler(async () => {
    await requireApiAdmin(request);
    if (request.method !== 'POST') return methodNotAllowed(['POST']);
    const teeTimeId = idParam(params.teeTimeId, 'tee time id');
    const { position } = parseBody(removeGolferSchema, await readJson(request, 10_000), 'Invalid position');
    await removeGolferFromTeeTime(teeTimeId, asPosition(position));
    return json({ teeTimeId, position });
  });
}
