import type { ActionFunctionArgs } from '@remix-run/node';
import { currentSeason } from '~/domain/season';
import { generateSeasonTeeTimes } from '~/models/tee-times.server';
import { generateTeeTimesSchema } from '~/schemas/tee-time';
import { requireApiAdmin } from '~/web/auth.server';
import { apiHandler, methodNotAllowed, parseBody, postOnlyLoader, readJson } from '~/web/http.server';

export const loader = postOnlyLoader;

/** POST /api/tee-times/generate {season} (isAdmin; no body: the current season): creates the missing slots; idempotent. */
export function action({ request }: ActionFunctionArgs) {
  return apiHandler(async () => {
    const user = await requireApiAdmin(request);
    if (request.method !== 'POST') return methodNotAllowed(['POST']);
    const body = request.headers.get('Content-Length') === '0' ? {} : await readJson(request, 10_000);
    const input = parseBody(generateTeeTimesSchema, body ?? {}, 'Invalid season');
    const season = input.season ?? currentSeason();
    const result = await generateSeasonTeeTimes(season, user);
    return Response.json({ season, ...result });
  });
}
