import { DataTable, Td } from '~/ui/data-table';
import { Pager } from '~/ui/pager';
import { LEAGUE_TZ } from '~/domain/season';

type ActivityRow = { id: number; username: string; summary: string; createdAt: Date };

const when = new Intl.DateTimeFormat('en-US', { timeZone: LEAGUE_TZ, dateStyle: 'medium', timeStyle: 'short' });

/**
 * Settings → Activity: the audit log newest first, one page of the server's at a time (`?page=N` on `base`, plain
 * links, so paging works without JavaScript). Times are the league's (America/Detroit).
 */
export function ActivityList({
  activity,
  base,
}: {
  /** The page shown, as the model's paged list gives it. */
  activity: { rows: ActivityRow[]; page: number; pageCount: number; total: number; pageSize: number };
  base: string;
}) {
  if (activity.total === 0) return <p className="text-sm text-slate-600">No changes have been recorded yet.</p>;
  return (
    <div className="space-y-3">
      <DataTable headers={['When', 'Who', 'Change']} label="Recorded changes">
        {activity.rows.map((row) => (
          <tr key={row.id}>
            <Td>
              <time dateTime={row.createdAt.toISOString()}>{when.format(row.createdAt)}</time>
            </Td>
            <Td className="font-medium">{row.username}</Td>
            <Td className="min-w-[20rem] whitespace-normal break-words">{row.summary}</Td>
          </tr>
        ))}
      </DataTable>
      <Pager base={base} list={activity} noun="changes" />
    </div>
  );
}
