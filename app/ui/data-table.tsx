import { cn } from '~/ui/cn';

/**
 * A plain, responsive table: header labels and rows of cells. A table with nothing to focus in it (no link, no button)
 * takes a `label`: on a phone it scrolls sideways, and a keyboard can scroll only a region it can focus.
 */
export function DataTable({
  headers,
  children,
  className,
  label,
}: {
  headers: string[];
  children: React.ReactNode;
  className?: string;
  label?: string;
}) {
  return (
    <div
      // relative: the containing block of its screen-reader-only labels (position: absolute), so they scroll with the
      // table instead of widening the page on a phone.
      className={cn('relative overflow-x-auto rounded-lg border bg-white shadow-sm', className)}
      {...(label ? { role: 'group', 'aria-label': label, tabIndex: 0 } : {})}
    >
      <table className="min-w-full divide-y divide-slate-200 text-sm">
        <thead className="bg-slate-50">
          <tr>
            <ColumnHeaders
              labels={headers}
              className="whitespace-nowrap px-3 py-3 text-left font-semibold text-slate-700"
            />
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">{children}</tbody>
      </table>
    </div>
  );
}

/**
 * A header row's column headers: one `<th scope="col">` a label, each with the table's own classes. The `<tr>`, and
 * any header that is not a plain label (a column per hole, a wider first column), stay with the table.
 */
export function ColumnHeaders({ labels, className }: { labels: readonly string[]; className?: string }) {
  return (
    <>
      {labels.map((label) => (
        <th key={label} scope="col" className={className}>
          {label}
        </th>
      ))}
    </>
  );
}

export function Td({ children, className }: { children?: React.ReactNode; className?: string }) {
  return <td className={cn('whitespace-nowrap px-3 py-3 text-slate-800', className)}>{children}</td>;
}
