import type { ActionFunctionArgs } from '@remix-run/node';
import { deleteScheduleEntry, updateScheduleEntry } from '~/models/schedule-entries.server';
import { scheduleEntrySchema } from '~/schemas/season';
import { requireApiAdmin } from '~/web/auth.server';
import { apiHandler, methodNotAllowed, noContent, parseBody, readJson, yearParam } from '~/web/http.server';
import { idParam } from '~/web/id-param';

/** One entry is read with its season (GET /api/seasons/{year}); this address only changes it. */
export function loader() {
  return methodNotAllowed(['PUT', 'DELETE']);
}

/**
 * PUT /api/seasons/{year}/schedule/{id} {date, weekNumber, event, kind, rainOut} and DELETE (administrators). A
 * change to which rounds count recomputes handicaps and points in the same transaction (the model's rule,
 * docs/product/seasons.md#season-screens); a deleted date keeps its rounds.
 */
export function action({ request, params }: ActionFunctionArgs) {
  return apiHandler(async () => {
    const user = await requireApiAdmin(request);
    const year = yearParam(params.year);
    const id = idParam(params.id);
    if (request.method === 'PUT') {
      const input = parseBody(scheduleEntrySchema, await readJson(request), 'Invalid schedule date');
      return Response.json(await updateScheduleEntry(year, id, input, user));
    }
    if (request.method === 'DELETE') {
      await deleteScheduleEntry(year, id, user);
      return noContent();
    }
    return methodNotAllowed(['PUT', 'DELETE']);
  });
}
