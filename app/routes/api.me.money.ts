import type { LoaderFunctionArgs } from '@remix-run/node';
import { moneySeason } from '~/features/money/pay-balance.server';
import { golferMoney } from '~/models/money.server';
import { requireGolferApi } from '~/web/golfer-session.server';
import { apiHandler, getOnlyAction } from '~/web/http.server';

export const action = getOnlyAction;

/**
 * GET /api/me/money (a golfer's session, else 401): 'My money' (docs/product/money.md#api): the league season's
 * balance and the lines behind it, the golfer's own only.
 */
export function loader({ request }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    const { golferId } = await requireGolferApi(request);
    const money = await golferMoney(golferId, await moneySeason());
    return Response.json({ season: money.season, balanceCents: money.balanceCents, lines: money.lines });
  });
}
