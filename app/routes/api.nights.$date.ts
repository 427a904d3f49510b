import type { LoaderFunctionArgs } from '@remix-run/node';
import { nightView } from '~/features/subs/night-view.server';
import { requireApiAdmin } from '~/web/auth.server';
import { apiHandler, getOnlyAction } from '~/web/http.server';

/**
 * GET /api/nights/{yyyy-MM-dd} (administrators): the night view of /tee-times?date= — every standing tee time with
 * each golfer In, Out or replaced by a sub ('sub-found', with the sub), and the available subs with their handicaps.
 */
export function loader({ request, params }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    await requireApiAdmin(request);
    return Response.json(await nightView(params.date ?? ''));
  });
}

export const action = getOnlyAction;
