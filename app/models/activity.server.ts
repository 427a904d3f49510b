import { db, type Tx } from '~/db/db.server';

/*
 * The audit log (docs/product/accounts.md#audit-log). Rows are written by each write function itself, in the
 * transaction of each change (app/db/audit.server.ts, docs/decisions/111-explicit-audit-entries.md); this module reads
 * them for Settings → Activity and GET /api/activity.
 */

const ACTIVITY_PAGE_SIZE = 100;

type ActivityEntry = {
  id: number;
  userId: number | null;
  username: string;
  action: string;
  entity: string;
  entityId: string | null;
  summary: string;
  createdAt: Date;
};

export type ActivityPage = { rows: ActivityEntry[]; total: number; page: number; pageCount: number; pageSize: number };

/** One page of the log, newest first (a page past the last shows the last), in two queries. */
export async function pageActivity(page: number, client: Tx = db): Promise<ActivityPage> {
  const total = await client.auditEntry.count();
  const pageCount = Math.max(1, Math.ceil(total / ACTIVITY_PAGE_SIZE));
  const current = Math.min(Math.max(1, Math.floor(page)), pageCount);
  const rows = await client.auditEntry.findMany({
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    skip: (current - 1) * ACTIVITY_PAGE_SIZE,
    take: ACTIVITY_PAGE_SIZE,
  });
  return { rows, total, page: current, pageCount, pageSize: ACTIVITY_PAGE_SIZE };
}
