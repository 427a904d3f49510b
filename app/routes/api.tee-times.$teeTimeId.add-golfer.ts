import type { ActionFunctionArgs } from '@remix-run/node';
import { json } from '@remix-run/node';
import { asPosition, assignGolferToTeeTime } from '~/models/tee-times.server';
import { addGolferSchema } from '~/schemas/tee-time';
import { requireApiAdmin } from '~/web/auth.server';
import { apiHandler, methodNotAllowed, parseBody, postOnlyLoader, readJson } from '~/web/http.server';
import { idParam } from '~/web/id-param';

export const loader = postOnlyLoader;

/**
 * POST /api/tee-times/:teeTimeId/add-golfer {golferId, position} (isAdmin): puts the golfer in that
 * position, replacing whoever held it and moving the golfer from any other slot this season.
 */
export function action({ request, params }: ActionFunctionArgs) {
  return apiHandler(async () => {
    await requireApiAdmin(request);
    if (request.method !== 'POST') return methodNotAllowed(['POST']);
    const teeTimeId = idParam(params.teeTimeId, 'tee time id');
    const { golferId, position } = parseBody(
      addGolferSchema,
      await readJson(request, 10_000),
      'Invalid golfer or position',
    );
    const result = await assignGolferToTeeTime({ teeTimeId, position: asPosition(position), golferId, replace: true });
    return json({ teeTimeId, position, golferId, time: result.time, season: result.season, changed: result.changed });
  });
}
