import { formatScheduleDate } from '~/domain/schedule';
import { registrationState, type SeasonSummary } from '~/domain/seasons';

/**
 * The Registration column of /seasons (docs/product/seasons.md#season-screens): 'Open until {MMM d}', 'Opens
 * {MMM d}', 'Closed', or 'Not set' for a season with neither a window nor a schedule to take one from. Worked out
 * by the loader with the league's today, so what the page says does not depend on the browser's clock.
 */
export function registrationText(season: SeasonSummary, today: string): string {
  if (season.registrationOpens === null && season.registrationCloses === null && season.lastDate === null)
    return 'Not set';
  const state = registrationState(season, today);
  if (state.status === 'opens-later') return `Opens ${formatScheduleDate(state.opens, 'MMM d')}`;
  if (state.status === 'closed') return 'Closed';
  // Without a closing date the window ends with the season's year (registrationState).
  return `Open until ${formatScheduleDate(state.closes ?? `${season.year}-12-31`, 'MMM d')}`;
}

/** Seasons set fees and decide which rounds count, so only administrators change them (decision 051). */
export const SEASONS_ADMIN_ONLY = 'Only an administrator can change seasons';

/** What a signed-in user who is not an administrator reads above the seasons pages. */
export function ViewOnlyNote() {
  return (
    <p role="note" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
      You can view the seasons. {SEASONS_ADMIN_ONLY}.
    </p>
  );
}
