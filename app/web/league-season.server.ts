import { getLeagueSeason } from '~/models/seasons.server';
import { seasonParam } from '~/web/http.server';

/**
 * The `?season=` of a public page or public API: the league season when absent or empty, the season every public
 * page shows (docs/product/seasons.md#the-league-season), not the calendar year: in November a golfer who has just
 * registered for next season must find next season. A value that is not a year is a 400, as with `seasonParam`.
 */
export async function publicSeasonParam(request: Request | URL): Promise<number> {
  const url = request instanceof URL ? request : new URL(request.url);
  const raw = url.searchParams.get('season');
  if (raw === null || raw === '') return (await getLeagueSeason()).year;
  return seasonParam(url);
}
