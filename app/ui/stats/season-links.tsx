import { Link } from '@remix-run/react';

/**
 * Links to the other seasons (`?season=`), the shown one marked as the current page: the stats pages' and the
 * schedule's. Nothing while there is no other season.
 *
 * The label and every pill are the same height (a border and `py-1` each) and sit at the top of their row, not centred
 * in it: a page drawn before the pills have arrived, or while a pill is still empty, keeps the label and the pills
 * drawn where they are when the rest comes (docs/decisions/063-no-layout-shift.md).
 */
export function SeasonLinks({ seasons, season, to }: { seasons: number[]; season: number; to: string }) {
  if (!seasons.some((year) => year !== season)) return null;
  return (
    <nav aria-label="Seasons" className="flex flex-wrap items-start gap-2 text-sm">
      <span className="border border-transparent py-1 font-medium text-slate-700">Seasons:</span>
      {seasons.map((year) =>
        year === season ? (
          <span
            key={year}
            aria-current="page"
            className="rounded-full border border-emerald-700 bg-emerald-700 px-3 py-1 font-semibold text-white"
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
