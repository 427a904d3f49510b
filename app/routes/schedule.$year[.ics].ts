import type { LoaderFunctionArgs } from '@remix-run/node';
import { NotFoundError } from '~/domain/errors';
import { parseSeason } from '~/domain/season';
import { seasonCalendar } from '~/models/schedule-calendar.server';
import { apiHandler, getOnlyAction } from '~/web/http.server';

/**
 * GET /schedule/{year}.ics: one season's schedule as a calendar (docs/product/seasons.md#public-schedule-and-calendar).
 * Anything that is not a season, including a path that is not a year (/schedule/abc.ics), is not found.
 */
export function loader({ params }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    const year = parseSeason(params.year);
    if (year === null) throw new NotFoundError('Season not found');
    return new Response(await seasonCalendar(year), {
      headers: {
        'Content-Type': 'text/calendar; charset=utf-8',
        'Content-Disposition': `attachment; filename="schedule-${year}.ics"`,
      },
    });
  });
}

export const action = getOnlyAction;
