import { leagueSeasonCalendar } from '~/models/schedule-calendar.server';
import { apiHandler, getOnlyAction } from '~/web/http.server';

/**
 * GET /schedule.ics: the league season's schedule as a calendar, which follows the league season from year to
 * year (docs/product/seasons.md#public-schedule-and-calendar). The same file per year: /schedule/{year}.ics.
 */
export function loader() {
  return apiHandler(async () => {
    const { year, ics } = await leagueSeasonCalendar();
    return new Response(ics, {
      headers: {
        'Content-Type': 'text/calendar; charset=utf-8',
        'Content-Disposition': `attachment; filename="schedule-${year}.ics"`,
      },
    });
  });
}

export const action = getOnlyAction;
