import type { ActionFunctionArgs } from '@remix-run/node';
import { createScheduleEntry } from '~/models/schedule-entries.server';
import { scheduleEntrySchema } from '~/schemas/season';
import { parseBody, postOnlyLoader, readJson } from '~/web/http.server';
import { seasonPostApi } from '~/web/season-api.server';

/** The schedule is read with its season (GET /api/seasons/{year}); this address only adds to it. */
export const loader = postOnlyLoader;

/** POST /api/seasons/{year}/schedule {date, weekNumber, event, kind} (administrators): the created entry (201). */
export function action({ request, params }: ActionFunctionArgs) {
  return seasonPostApi(request, params.year, async (year, user) => {
    const input = parseBody(scheduleEntrySchema, await readJson(request), 'Invalid schedule date');
    return Response.json(await createScheduleEntry(year, input, user), { status: 201 });
  });
}
