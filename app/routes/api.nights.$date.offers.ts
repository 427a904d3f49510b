import type { ActionFunctionArgs } from '@remix-run/node';
import { offerSpot } from '~/features/subs/offers.server';
import { offerSchema } from '~/schemas/availability';
import { requireApiAdmin } from '~/web/auth.server';
import { apiHandler, methodNotAllowed, parseBody, postOnlyLoader, readJson, siteOrigin } from '~/web/http.server';

export const loader = postOnlyLoader;

/**
 * POST /api/nights/{yyyy-MM-dd}/offers `{ "golferId": 12 }` (administrators): 'Offer spot to subs' for a golfer who
 * is Out. Answers 201 `{ offered }` (the emails queued); 409 for a golfer who is In, a spot already taken or after the
 * cut-off, 400 for a past night, 404 for a date that is not a league night.
 */
export function action({ request, params }: ActionFunctionArgs) {
  return apiHandler(async () => {
    const user = await requireApiAdmin(request);
    if (request.method !== 'POST') return methodNotAllowed(['POST']);
    const { golferId } = parseBody(offerSchema, await readJson(request, 1_000), 'Invalid offer');
    const result = await offerSpot({ golferId, date: params.date ?? '', actor: user, origin: siteOrigin(request) });
    return Response.json(result, { status: 201 });
  });
}
