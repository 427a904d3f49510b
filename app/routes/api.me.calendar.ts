import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { myCalendarLink, newCalendarLink } from '~/features/my-league/my-calendar.server';
import { requireGolferApi } from '~/web/golfer-session.server';
import { apiHandler, methodNotAllowed, siteOrigin } from '~/web/http.server';

/**
 * GET /api/me/calendar: the golfer's calendar address, `{ url, webcal }`, as /me shows it; POST /api/me/calendar:
 * 'New calendar link', the new `{ url, webcal }` (the old address answers 404 from then on). A golfer's session, else
 * 401 (docs/product/my-league.md#my-calendar).
 */
export function loader({ request }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    const { golferId } = await requireGolferApi(request);
    return Response.json(await myCalendarLink(golferId, siteOrigin(request)));
  });
}

export function action({ request }: ActionFunctionArgs) {
  return apiHandler(async () => {
    if (request.method !== 'POST') return methodNotAllowed(['GET', 'POST']);
    const { golferId } = await requireGolferApi(request);
    return Response.json(await newCalendarLink(golferId, siteOrigin(request)));
  });
}
