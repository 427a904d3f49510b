import { isRouteErrorResponse, Link, useRouteError } from '@remix-run/react';
import { formatScheduleDate } from '~/domain/schedule';
import { cn } from '~/utils/cn';

/**
 * The building blocks of the stats pages (docs/product/stats.md): compact tables that fit a 375 px phone without
 * sideways scrolling, the season links, and the 404 page in the site's words.
 */

export const statsLink = 'font-medium text-emerald-700 underline underline-offset-2 hover:text-emerald-900';

/**
 * The look of every cell and link of a stats table, set once on the `<table>`: a row is plain `<tr><td>…</td></tr>`,
 * so a page of many rows stays small (docs/decisions/076-stats-pages-at-scale.md). Headers wrap and are smaller on a
 * phone, so six columns fit 375 px; a row marked `data-playoff-line` is the playoff line.
 */
const tableClass =
  'w-full divide-y divide-slate-200 text-left text-sm [&_th]:px-1.5 [&_th]:py-2 [&_th]:align-bottom [&_th]:text-xs [&_th]:font-semibold [&_th]:text-slate-900 sm:[&_th]:px-3 sm:[&_th]:text-sm [&_tbody]:divide-y [&_tbody]:divide-slate-100 [&_td]:px-1.5 [&_td]:py-2 [&_td]:tabular-nums [&_td]:text-slate-800 sm:[&_td]:px-3 [&_td_a]:font-medium [&_td_a]:text-emerald-700 [&_td_a]:underline [&_td_a]:underline-offset-2 [&_td_a:hover]:text-emerald-900 [&_tr[data-playoff-line]]:border-b-2 [&_tr[data-playoff-line]]:border-emerald-700';

/** A long name may break anywhere in its column (the second), never the numbers beside it. */
const nameColumnClass = '[&_td:nth-child(2)]:[overflow-wrap:anywhere]';

/** A compact table: headers wrap and are smaller on a phone, so six columns fit 375 px. */
export function StatsTable({
  caption,
  headers,
  nameColumn = false,
  children,
}: {
  caption: string;
  headers: string[];
  /** The second column holds golfers' names. */
  nameColumn?: boolean;
  children: React.ReactNode;
}) {
  return (
    // Edge to edge on a phone: six columns get the whole 375 px.
    <div className="-mx-4 overflow-x-auto border-y border-slate-200 bg-white shadow-sm sm:mx-0 sm:rounded-lg sm:border-x">
      <table className={cn(tableClass, nameColumn && nameColumnClass)}>
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50">
          <tr>
            {headers.map((header) => (
              <th key={header} scope="col">
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/**
 * 'Showing 51–100 of 250' with Previous and Next for one flight's table (`?flight=&page=`): plain links, so paging
 * works without JavaScript. `base` is the flight's own address (its first page). Nothing when it all fits.
 */
export function TablePager({
  label,
  base,
  page,
  pageCount,
  first,
  shown,
  total,
  noun,
}: {
  label: string;
  base: string;
  page: number;
  pageCount: number;
  first: number;
  shown: number;
  total: number;
  noun: string;
}) {
  if (pageCount < 2) return null;
  const to = (n: number) => (n === 1 ? base : `${base}&page=${n}`);
  const count = (n: number) => n.toLocaleString('en-US');
  return (
    <nav aria-label={`${label} pages`} className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-700">
      <span>{`Showing ${count(first + 1)}–${count(first + shown)} of ${count(total)} ${noun}`}</span>
      {page > 1 ? (
        <Link to={to(page - 1)} rel="prev" className={statsLink}>
          Previous
        </Link>
      ) : null}
      <span>{`Page ${page} of ${pageCount}`}</span>
      {page < pageCount ? (
        <Link to={to(page + 1)} rel="next" className={statsLink}>
          Next
        </Link>
      ) : null}
    </nav>
  );
}

/** The stats pages' dates, drawn by the platform's formatter (no date library reaches the browser). */
export const dayAndDate = (date: string) => `${formatScheduleDate(date, 'EEEE, MMMM d')}, ${date.slice(0, 4)}`;
export const longDate = (date: string) => `${formatScheduleDate(date, 'MMMM d')}, ${date.slice(0, 4)}`;

/** Links to the other seasons (`?season=`), the shown one marked as the current page. */
export function SeasonLinks({ seasons, season, to }: { seasons: number[]; season: number; to: string }) {
  if (seasons.length < 2) return null;
  return (
    <nav aria-label="Seasons" className="flex flex-wrap items-center gap-2 text-sm">
      <span className="font-medium text-slate-700">Seasons:</span>
      {seasons.map((year) =>
        year === season ? (
          <span
            key={year}
            aria-current="page"
            className="rounded-full bg-emerald-700 px-3 py-1 font-semibold text-white"
          >
            {year}
          </span>
        ) : (
          <Link
            key={year}
            to={`${to}?season=${year}`}
            className="rounded-full border border-emerald-200 bg-emerald-50 px-3 py-1 text-emerald-800 hover:bg-emerald-100"
          >
            {year}
          </Link>
        ),
      )}
    </nav>
  );
}

/** A badge for a night that counts for nothing. */
export function NightBadge({ status }: { status: 'counts' | 'special-event' | 'rain-out' }) {
  if (status === 'counts') return null;
  return (
    <span
      className={cn(
        'rounded-full px-2 py-0.5 text-xs font-medium text-white',
        status === 'rain-out' ? 'bg-amber-700' : 'bg-emerald-700',
      )}
    >
      {status === 'rain-out' ? 'Rain-out' : 'Special event'}
    </span>
  );
}

/**
 * The error boundary of the stats pages, inside the public layout: an address that is not a golfer, a league night
 * or a season (and the whole website while it is not published) reads as the site's 404 page.
 */
export function StatsError() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const data = isRouteErrorResponse(error) ? (error.data as { message?: string } | null) : null;
  const notFound = status === 404;
  const message = data?.message ?? 'Page not found';
  // While the website is unpublished its pages are simply not found: send the visitor home, not to /stats.
  const home = message === 'Page not found';
  return (
    <div className="mx-auto max-w-xl space-y-4 py-8 text-center">
      <h1 className="text-2xl font-bold text-slate-900">{notFound ? '404 Page Not Found' : `Error ${status}`}</h1>
      <p className="text-slate-700">
        {notFound ? `${message}.` : 'Something went wrong on our side. Please try again.'}
      </p>
      <Link to={home ? '/join' : '/stats'} className={statsLink}>
        {home ? 'Back to the league home page' : 'See the standings'}
      </Link>
    </div>
  );
}
