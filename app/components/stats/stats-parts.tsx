import { isRouteErrorResponse, Link, useRouteError } from '@remix-run/react';
import { cn } from '~/utils/cn';

/**
 * The building blocks of the stats pages (docs/product/stats.md): compact tables that fit a 375 px phone without
 * sideways scrolling, the season links, and the 404 page in the site's words.
 */

export const statsLink = 'font-medium text-emerald-700 underline underline-offset-2 hover:text-emerald-900';

/** A compact table: headers wrap and are smaller on a phone, so six columns fit 375 px. */
export function StatsTable({
  caption,
  headers,
  children,
}: {
  caption: string;
  headers: string[];
  children: React.ReactNode;
}) {
  return (
    // Edge to edge on a phone: six columns get the whole 375 px.
    <div className="-mx-4 overflow-x-auto border-y border-slate-200 bg-white shadow-sm sm:mx-0 sm:rounded-lg sm:border-x">
      <table className="w-full divide-y divide-slate-200 text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50">
          <tr>
            {headers.map((header) => (
              <th
                key={header}
                scope="col"
                className="px-1.5 py-2 align-bottom text-xs font-semibold text-slate-900 sm:px-3 sm:text-sm"
              >
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">{children}</tbody>
      </table>
    </div>
  );
}

export function Cell({ children, className }: { children?: React.ReactNode; className?: string }) {
  return <td className={cn('px-1.5 py-2 tabular-nums text-slate-800 sm:px-3', className)}>{children}</td>;
}

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
