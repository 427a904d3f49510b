import type { ActionFunctionArgs } from '@remix-run/node';
import { changeMyTeeTime } from '~/features/my-league/my-league.server';
import { asPosition } from '~/models/tee-times.server';
import { changeTeeTimeSchema } from '~/schemas/tee-time';
import { golferWriteApi } from '~/web/golfer-api.server';
import { parseBody, postOnlyLoader, siteOrigin } from '~/web/http.server';

export const loader = postOnlyLoader;

/**
 * POST /api/me/tee-time {teeTimeId, position} (a golfer's session, else 401): the golfer's new standing tee time in
 * the league season, with the confirmation page's rules (409 'That tee time was just taken', or after the first
 * league night) and a new confirmation email.
 */
export function action({ request }: ActionFunctionArgs) {
  return golferWriteApi(request, 'POST', 10_000, async (golferId, body) => {
    const input = parseBody(changeTeeTimeSchema, body, 'Please choose a tee time');
    const result = await changeMyTeeTime(golferId, input.teeTimeId, asPosition(input.position), siteOrigin(request));
    return Response.json(result);
  });
}
