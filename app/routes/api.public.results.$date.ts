import type { LoaderFunctionArgs } from '@remix-run/node';
import { nightSkins } from '~/models/skins.server';
import { getNightResults } from '~/models/stats.server';
import { getOnlyAction } from '~/web/http.server';
import { nightDateParam, statsApi } from '~/web/stats-access.server';

export const action = getOnlyAction;

/**
 * GET /api/public/results/{yyyy-MM-dd} (no login): what /stats/results/{date} shows (docs/product/stats.md#stats-api).
 * A malformed date is 400, a date that is not a league night 404; 404 while the stats website is not published.
 * With hole scores and 'Skins' on, `skins`: per flight, the gross and net skins won and any left unclaimed.
 */
export function loader({ request, params }: LoaderFunctionArgs) {
  return statsApi(request, async () => {
    const date = nightDateParam(params.date);
    const [night, skins] = await Promise.all([getNightResults(date), nightSkins(date)]);
    // `skins` only on a night that has some (docs/decisions/124-live-results-and-skins.md).
    return Response.json(skins ? { ...night, skins } : night);
  });
}
