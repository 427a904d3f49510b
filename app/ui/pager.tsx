import { Link } from '@remix-run/react';
import { buttonClass } from '~/ui/primitives/button';
import { withParam } from '~/ui/list-url';
import { formatCount } from '~/domain/format';

/**
 * 'Showing 51–100 of 10,000' with Previous and Next links for a list paged on the server (`?page=N`). `base` is the
 * list's URL with the parameters that shape it (?q, ?season); plain links, so paging works without JavaScript.
 */
export function Pager({
  base,
  list: { page, pageCount, total, pageSize },
  noun,
}: {
  base: string;
  /** The page shown, as the model's paged list gives it. */
  list: { page: number; pageCount: number; total: number; pageSize: number };
  noun: string;
}) {
  if (total === 0) return null;
  const first = (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  const to = (n: number) => (n === 1 ? base : withParam(base, 'page', n));
  return (
    <nav aria-label="Pages" className="flex flex-wrap items-center justify-between gap-2 text-sm text-slate-600">
      <p>
        Showing {formatCount(first)}–{formatCount(last)} of {formatCount(total)} {noun}
      </p>
      {pageCount > 1 ? <PageLinks page={page} pageCount={pageCount} to={to} /> : null}
    </nav>
  );
}

/** Previous, 'Page 2 of 5' and Next, as plain links to `to(n)`: every paged list shows them alike. */
export function PageLinks({ page, pageCount, to }: { page: number; pageCount: number; to: (n: number) => string }) {
  return (
    <div className="flex items-center gap-2">
      {page > 1 ? (
        <Link to={to(page - 1)} rel="prev" className={buttonClass('secondary', 'sm')}>
          Previous
        </Link>
      ) : null}
      <span>
        Page {page} of {pageCount}
      </span>
      {page < pageCount ? (
        <Link to={to(page + 1)} rel="next" className={buttonClass('secondary', 'sm')}>
          Next
        </Link>
      ) : null}
    </div>
  );
}
