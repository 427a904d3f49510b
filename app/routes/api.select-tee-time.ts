import type { ActionFunctionArgs } from '@remix-run/node';
import { selectTeeTimeForSession } from '~/features/registration/standing-tee-time.server';
import { asPosition } from '~/models/tee-times.server';
import { selectTeeTimeSchema } from '~/schemas/tee-time';
import { apiHandler, methodNotAllowed, parseBody, postOnlyLoader, readJson, siteOrigin } from '~/web/http.server';

export const loader = postOnlyLoader;

/**
 * POST /api/select-tee-time {sessionId, teeTimeId, position} (public, proven by the paid checkout session):
 * the session's golfer takes that position. 409 "That tee time was just taken" when someone was quicker.
 */
export function action({ request }: ActionFunctionArgs) {
  return apiHandler(async () => {
    if (request.method !== 'POST') return methodNotAllowed(['POST']);
    const input = parseBody(selectTeeTimeSchema, await readJson(request, 10_000), 'Please choose a tee time');
    const result = await selectTeeTimeForSession({
      ...input,
      position: asPosition(input.position),
      origin: siteOrigin(request),
    });
    return Response.json({ success: true, ...result });
  });
}
