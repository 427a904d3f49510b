import type { ActionFunctionArgs } from '@remix-run/node';
import { json } from '@remix-run/node';
import { asPosition, removeGolferFromTeeTime } from '~/models/tee-times.server';
import { removeGolferSchema } from '~/schemas/tee-time';
import { requireApiAdmin } from '~/utils/auth.server';
import { apiHandler, HttpError, parseId, readJson, zodFieldErrors } from '~/utils/http.server';
import { postOnlyLoader } from '~/utils/api-input.server';

/** Only POST does anything here; a GET gets 405 in JSON. */
export const loader = postOnlyLoader;

/** POST /api/tee-times/:teeTimeId/remove-golfer {position} (isAdmin): empties that position. */
export function action({ request, params }: ActionFunctionArgs) {
  return apiHandler(async () => {
    await requireApiAdmin(request);
    const teeTimeId = parseId(params.teeTimeId, 'tee time id');
    const parsed = removeGolferSchema.safeParse(await readJson(request, 10_000));
    if (!parsed.success) throw new HttpError(400, 'Invalid position', zodFieldErrors(parsed.error));
    await removeGolferFromTeeTime(teeTimeId, asPosition(parsed.data.position));
    return json({ teeTimeId, position: parsed.data.position });
  });
}
