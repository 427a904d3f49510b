import type { ActionFunctionArgs } from '@remix-run/node';
import { lockField } from '~/features/playoffs/field.server';
import { requireSeasonForPlayoffs } from '~/models/playoff-field.server';
import { postOnlyLoader, siteOrigin } from '~/web/http.server';
import { seasonPostApi } from '~/web/season-api.server';

export const loader = postOnlyLoader;

/**
 * POST /api/seasons/{year}/playoffs/lock (administrators; docs/product/playoffs.md#api): locks the season's playoff
 * field and queues each seeded golfer's email. `{season, locked: true, newlyLocked}`: locking a locked field changes
 * nothing (`newlyLocked: false`). 404 for a season that does not exist, 409 when its schedule has no qualifier weeks.
 */
export function action({ request, params }: ActionFunctionArgs) {
  return seasonPostApi(request, params.year, async (year, user) => {
    await requireSeasonForPlayoffs(year);
    const result = await lockField(year, user, { origin: siteOrigin(request) });
    return Response.json({
      season: year,
      locked: true,
      newlyLocked: result.locked,
      seeds: result.seeds,
      emails: result.emails,
    });
  });
}
