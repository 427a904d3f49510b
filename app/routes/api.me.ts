import type { LoaderFunctionArgs } from '@remix-run/node';
import { myLeague } from '~/features/my-league/my-league.server';
import { golferNights } from '~/features/subs/golfer-nights.server';
import { requireGolferApi } from '~/web/golfer-session.server';
import { apiHandler, getOnlyAction } from '~/web/http.server';

export const action = getOnlyAction;

/**
 * GET /api/me (a golfer's session, else 401): what /me shows, the golfer's own contact details only, and its
 * 'Upcoming nights' (`nights`: the same function and data as /me and /me/nights, docs/product/my-league.md#api).
 */
export function loader({ request }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    const { golferId } = await requireGolferApi(request);
    const [data, nights] = await Promise.all([myLeague(golferId), golferNights(golferId)]);
    return Response.json({ ...data, nights });
  });
}
