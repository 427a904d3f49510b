import { OUTBOX_STATUSES, type OutboxStatus } from '~/models/outbox.server';
import { HttpError, pageParam } from './http.server';

/** One page of the outbox: 50 messages. */
const OUTBOX_PAGE_SIZE = 50;

function isOutboxStatus(value: string): value is OutboxStatus {
  return (OUTBOX_STATUSES as readonly string[]).includes(value);
}

/**
 * The list /outbox and `GET /api/outbox` show (docs/product/email.md#outbox-screen): `?status=` (queued, sent,
 * failed or not-sent; absent or empty for all) and `?page=`. Anything else is a 400 that names the value.
 */
export function outboxQuery(url: URL): { status?: OutboxStatus; page: number; pageSize: number } {
  const page = pageParam(url);
  const raw = url.searchParams.get('status');
  if (!raw) return { page, pageSize: OUTBOX_PAGE_SIZE };
  if (!isOutboxStatus(raw))
    throw new HttpError(400, `Invalid status: "${raw}". Use one of ${OUTBOX_STATUSES.join(', ')}.`);
  return { status: raw, page, pageSize: OUTBOX_PAGE_SIZE };
}
