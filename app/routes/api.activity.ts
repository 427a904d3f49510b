import type { LoaderFunctionArgs } from '@remix-run/node';
import { pageActivity } from '~/models/activity.server';
import { requireApiAdmin } from '~/web/auth.server';
import { apiHandler, getOnlyAction, pageParam } from '~/web/http.server';

export const action = getOnlyAction;

/**
 * GET /api/activity?page=N (admin): the audit log newest first, 100 entries a page, as
 * `{ entries, page, pageCount, total, pageSize }`; 401 signed out, 403 for a user who is not an administrator.
 */
export function loader({ request }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    await requireApiAdmin(request);
    const { rows, ...paging } = await pageActivity(pageParam(new URL(request.url)));
    return Response.json({ entries: rows, ...paging });
  });
}
