import type { LoaderFunctionArgs } from '@remix-run/node';
import { seasonMoney } from '~/models/money.server';
import { requireApiAdmin } from '~/web/auth.server';
import { apiHandler, getOnlyAction, seasonParam } from '~/web/http.server';

export const action = getOnlyAction;

/**
 * GET /api/money?season= (administrators): what /money shows (docs/product/money.md#api): per night the pots, what
 * was carried over and the payouts; per golfer owed, won, paid and the balance. Whole cents.
 */
export function loader({ request }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    await requireApiAdmin(request);
    const money = await seasonMoney(seasonParam(request));
    return Response.json({
      nights: money.nights.map((n) => ({
        date: n.date,
        pots: n.pots,
        carriedOver: n.carriedOver,
        payouts: n.payouts.map((p) => ({ golferId: p.golferId, game: p.game, cents: p.cents })),
      })),
      golfers: money.golfers,
    });
  });
}
