import type { ActionFunctionArgs } from '@remix-run/node';
import { asPosition, assignGolferToTeeTime } from '~/models/tee-times.server';
import { addGolferSchema } from '~/schemas/tee-time';
import { parseBody, postOnlyLoader } from '~/web/http.server';
import { teeTimeApi } from '~/web/tee-time-api.server';

export const loader = postOnlyLoader;

/**
 * POST /api/tee-times/:teeTimeId/add-golfer {golferId, position} (isAdmin): puts the golfer in that
 * position, replacing whoever held it and moving the golfer from any other slot this season.
 */
export function action({ request, params }: ActionFunctionArgs) {
  return teeTimeApi(request, params.teeTimeId, async (teeTimeId, body, user) => {
    const { golferId, position } = parseBody(addGolferSchema, body, 'Invalid golfer or position');
    const result = await assignGolferToTeeTime(
      { teeTimeId, position: asPosition(position), golferId, replace: true },
      user,
    );
    return Response.json({
      teeTimeId,
      position,
      golferId,
      time: result.time,
      season: result.season,
      changed: result.changed,
    });
  });
}
