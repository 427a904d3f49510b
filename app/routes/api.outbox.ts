import type { LoaderFunctionArgs } from '@remix-run/node';
import { listOutbox } from '~/models/outbox.server';
import { requireApiAdmin } from '~/web/auth.server';
import { apiHandler, getOnlyAction } from '~/web/http.server';
import { outboxQuery } from '~/web/outbox-query.server';

/**
 * GET /api/outbox?status=&page= (admin): what /outbox lists, newest first, 50 a page — each message without its
 * bodies — with `total`, `page`, `pageSize` and `pageCount`. An unknown status or page is a 400.
 */
export function loader({ request }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    await requireApiAdmin(request);
    const { rows, total, page, pageSize } = await listOutbox(outboxQuery(new URL(request.url)));
    return Response.json({ rows, total, page, pageSize, pageCount: Math.max(1, Math.ceil(total / pageSize)) });
  });
}

export const action = getOnlyAction;
