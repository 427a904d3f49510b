import type { ActionFunctionArgs } from '@remix-run/node';
import { json } from '@remix-run/node';
import { asPosition, assignGolferToTeeTime } from '~/models/tee-times.server';
import { addGolferSchema } from '~/schemas/tee-time';
import { requireApiAdmin } from '~/utils/auth.server';
import { apiHandler, HttpError, parseId, readJson, zodFieldErrors } from '~/utils/http.server';
import { postOnlyLoader } from '~/utils/api-input.server';

/**
 * POST /api/tee-times/:teeTimeId/add-golfer {golferId, position} (isAdmin): puts the golfer in that
 * position, replacing whoever held it and moving the golfer from any other slot this season.
 */

/** Only POST does anything here; a GET gets 405 in JSON. */
export const loader = postOnlyLoader;

export function action({ request, params }: ActionFunctionArgs) {
  return apiHandler(async () => {
    await requireApiAdmin(request);
    const teeTimeId = parseId(params.teeTimeId, 'tee time id');
    const parsed = addGolferSchema.safeParse(await readJson(request, 10_000));
    if (!parsed.success) throw new HttpError(400, 'Invalid golfer or position', zodFieldErrors(parsed.error));
    const { golferId, position } = parsed.data;
    const result = await assignGolferToTeeTime({ teeTimeId, position: asPosition(position), golferId, replace: true });
    return json({ teeTimeId, position, golferId, time: result.time, season: result.season, changed: result.changed });
  });
}
