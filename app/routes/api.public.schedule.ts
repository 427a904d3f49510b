import type { LoaderFunctionArgs } from '@remix-run/node';
import { NotFoundError } from '~/domain/errors';
import { todayInLeague } from '~/domain/season';
import { registrationState, registrationWindow, type SeasonSummary } from '~/domain/seasons';
import { getLeagueSeason, getSeason, getSchedule } from '~/models/seasons.server';
import { apiHandler, getOnlyAction, yearParam } from '~/web/http.server';

export const action = getOnlyAction;

/**
 * GET /api/public/schedule[?season=YYYY] (no login): {season, registration: {open, opens, closes}, schedule}. Without
 * ?season= it is the league season, the one the public pages show (docs/product/seasons.md#the-league-season); a
 * year without a season record is 404.
 */
export function loader({ request }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    const raw = new URL(request.url).searchParams.get('season');
    const today = todayInLeague();
    let season: SeasonSummary | null;
    if (raw === null || raw === '') {
      season = await getLeagueSeason(undefined, today);
    } else {
      season = await getSeason(yearParam(raw));
    }
    if (!season) throw new NotFoundError('Season not found');
    const schedule = await getSchedule(season.year);
    const { opens, closes } = registrationWindow(season);
    return Response.json({
      season: season.year,
      registration: { open: registrationState(season, today).status === 'open', opens, closes },
      schedule: schedule.map(({ date, weekNumber, event, kind, rainOut }) => ({
        date,
        weekNumber,
        event,
        kind,
        rainOut,
      })),
    });
  });
}
