import { isRouteErrorResponse, Link, useRouteError } from '@remix-run/react';
import { formatScheduleDate } from '~/domain/schedule';
import { cn } from '~/ui/cn';
import { formatCount } from '~/domain/format';

/**
 * The building blocks of the stats pages (docs/product/stats.md): compact tables that fit a 375 px phone without
 * sideways scrolling, the season links, and the 404 page in the site's words.
 */

export const statsLink = 'font-medium text-emerald-700 underline underline-offset-2 hover:text-emerald-900';

/** The way back from a golfer's, a night's or the playoffs page to its season's standings. */
export function StandingsLink({ season }: { season: number }) {
  return (
    <Link to={`/stats?season=${season}`} className={`${statsLink} text-sm`}>
      ← {season} standings
    </Link>
  );
}

/**
 * The look of every cell and link of a stats table, set once on the `<table>`: a row is plain `<tr><td>…</td></tr>`,
 * so a page of many rows stays small (docs/decisions/076-stats-pages-at-scale.md). Headers wrap and are smaller on a
 * phone, so six columns fit 375 px; a row marked `data-playoff-line` is the playoff line.
 *
 * A table is laid out from its column widths alone (`table-fixed`), and its cells, the headers too, sit at the top of
 * their row: a page drawn before all its rows (or all its headers) have arrived, as on a slow connection or when the
 * browser paints a long page in parts, keeps what it drew where it is when the rest comes; a header that wraps to a
 * second line below never moves the ones drawn beside it (docs/decisions/063-no-layout-shift.md). A long word (a golfer's name) breaks anywhere rather than overflow.
 */
const tableClass =
  'w-full table-fixed divide-y divide-slate-200 text-left text-sm [&_th]:px-1.5 [&_th]:py-2 [&_th]:align-top [&_th]:text-xs [&_th]:font-semibold [&_th]:text-slate-900 sm:[&_th]:px-3 sm:[&_th]:text-sm [&_tbody]:divide-y [&_tbody]:divide-slate-100 [&_td]:px-1.5 [&_td]:py-2 [&_td]:align-top [&_td]:tabular-nums [&_td]:text-slate-800 [&_td]:[overflow-wrap:anywhere] sm:[&_td]:px-3 [&_td_a]:font-medium [&_td_a]:text-emerald-700 [&_td_a]:underline [&_td_a]:underline-offset-2 [&_td_a:hover]:text-emerald-900 [&_tr[data-playoff-line]]:border-b-2 [&_tr[data-playoff-line]]:border-emerald-700';

/**
 * The columns of the stats tables: a header, and a width on a phone and from `sm:` up that fits the header's longest
 * word in the widest common sans-serif font (DejaVu Sans). The column without a width (the golfer, the date) takes
 * what the others leave (the playoff race's status shares it with the golfer).
 */
const columns = {
  rank: ['Rank', 'w-12 sm:w-[4.25rem]'],
  seed: ['Seed', 'w-12 sm:w-[4.25rem]'],
  place: ['Place', 'w-[3.25rem] sm:w-[4.5rem]'],
  golfer: ['Golfer', undefined],
  date: ['Date', undefined],
  thru: ['Thru', 'w-10 sm:w-14'],
  gross: ['Gross', 'w-[3.25rem] sm:w-[4.5rem]'],
  par: ['Par', 'w-10 sm:w-14'],
  differential: ['Differential', 'w-[5.75rem] sm:w-[7.25rem]'],
  hcp: ['HCP', 'w-11 sm:w-[3.75rem]'],
  net: ['Net', 'w-10 sm:w-14'],
  points: ['Points', 'w-14 sm:w-[4.75rem]'],
  rounds: ['Rounds', 'w-16 sm:w-[5.5rem]'],
  qualifierWeeks: ['Qualifier Weeks', 'w-[4.5rem] sm:w-24'],
  qualified: ['Qualified', 'w-[4.625rem] sm:w-[6.25rem]'],
  status: ['Status', undefined],
  flight: ['Flight', 'w-14 sm:w-[4.5rem]'],
  result: ['Result', undefined],
} as const satisfies Record<string, readonly [header: string, width: string | undefined]>;

/** A compact table of the stats pages, with these columns in this order. */
export function StatsTable({
  caption,
  columns: shown,
  children,
}: {
  caption: string;
  columns: (keyof typeof columns)[];
  children: React.ReactNode;
}) {
  return (
    // Edge to edge on a phone: six columns get the whole 375 px.
    <div className="-mx-4 overflow-x-auto border-y border-slate-200 bg-white shadow-sm sm:mx-0 sm:rounded-lg sm:border-x">
      <table className={tableClass}>
        <caption className="sr-only">{caption}</caption>
        <colgroup>
          {shown.map((key) => (
            <col key={key} className={columns[key][1]} />
          ))}
        </colgroup>
        <thead className="bg-slate-50">
          <tr>
            {shown.map((key) => (
              <th key={key} scope="col">
                {columns[key][0]}
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
  table: { page, pageCount, first, total, rows },
}: {
  label: string;
  base: string;
  /** The page of the table shown, as the stats model gives it. */
  table: { page: number; pageCount: number; first: number; total: number; rows: readonly unknown[] };
}) {
  if (pageCount < 2) return null;
  const to = (n: number) => (n === 1 ? base : `${base}&page=${n}`);
  return (
    <nav aria-label={`${label} pages`} className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-700">
      <span>{`Showing ${formatCount(first + 1)}–${formatCount(first + rows.length)} of ${formatCount(total)} golfers`}</span>
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

/**
 * A finished season's champions (/stats and /stats/playoffs): the league champion, with `leagueNote` after the name
 * where the page says more, then each flight's champion, each linked to the golfer's page for the season.
 *
 * Each line's words come as whole text nodes, each with the space after it, never a space on its own before the link
 * or a word cut in two (React separates `{season}` from the text around it): a page drawn before a link's name has
 * arrived keeps still when it does (docs/decisions/063-no-layout-shift.md).
 */
export function ChampionsSection({
  season,
  league,
  leagueNote,
  flights,
}: {
  season: number;
  league: { golferId: number; name: string } | null;
  /** Said after the league champion's name, from its own space on: ' (Flight 1, net 37)'. */
  leagueNote?: string;
  flights: readonly { golferId: number; flightNo: string; name: string }[];
}) {
  return (
    <section
      aria-labelledby="champions-heading"
      className="space-y-2 rounded-lg border border-emerald-200 bg-emerald-50 p-4"
    >
      <h2 id="champions-heading" className="text-xl font-semibold text-emerald-800">
        Champions {season}
      </h2>
      <ul className="space-y-1 text-slate-800">
        {league ? (
          <li>
            <strong>{`League champion ${season}: `}</strong>
            <Link className={statsLink} to={`/stats/golfers/${league.golferId}?season=${season}`}>
              {league.name}
            </Link>
            {leagueNote}
          </li>
        ) : null}
        {flights.map((c) => (
          <li key={c.golferId}>
            {`Flight ${c.flightNo} champion: `}
            <Link className={statsLink} to={`/stats/golfers/${c.golferId}?season=${season}`}>
              {c.name}
            </Link>
          </li>
        ))}
      </ul>
    </section>
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
