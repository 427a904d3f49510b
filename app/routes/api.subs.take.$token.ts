import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { spotOffer, takeSpot } from '~/features/subs/take-spot.server';
import { apiHandler, methodNotAllowed, siteOrigin } from '~/web/http.server';

/** GET /api/subs/take/{token}: what the link offers (`state`: open, yours, taken, expired, withdrawn); 404 if not ours. */
export function loader({ params }: LoaderFunctionArgs) {
  return apiHandler(async () => Response.json(await spotOffer(params.token ?? '')));
}

/**
 * POST /api/subs/take/{token}: 'Take the spot', with the link's token and no sign-in. 200 `{ state: 'yours', message:
 * 'You have the spot: …' }` for the first taker; 409 'This spot has been taken. Thank you!' for everyone later (and
 * for an expired or withdrawn offer, in its words); 404 for a token that is not ours.
 */
export function action({ request, params }: ActionFunctionArgs) {
  return apiHandler(async () => {
    if (request.method !== 'POST') return methodNotAllowed(['GET', 'POST']);
    return Response.json(await takeSpot({ token: params.token ?? '', origin: siteOrigin(request) }));
  });
}
