import type { ActionFunctionArgs } from '@remix-run/node';
import { json } from '@remix-run/node';
import { currentSeason } from '~/domain/season';
import { generateSeasonTeeTimes } from '~/models/tee-times.server';
import { generateTeeTimesSchema } from '~/schemas/tee-time';
import { requireApiAdmin } from '~/utils/auth.server';
import { apiHandler, HttpError, readJson, zodFieldErrors } from '~/utils/http.server';
import { postOnlyLoader } from '~/utils/api-input.server';

/** Only POST does anything here; a GET gets 405 in JSON. */
export const loader = postOnlyLoader;

/** POST /api/tee-times/generate {season} (isAdmin): creates the season's missing slots; idempotent. */
export function action({ request }: ActionFunctionArgs) {
  return apiHandler(async () => {
    await requireApiAdmin(request);
    const body = request.headers.get('Content-Length') === '0' ? {} : await readJson(request, 10_000);
    const parsed = generateTeeTimesSchema.safeParse(body ?? {});
    if (!parsed.success) throw new HttpError(400, 'Invalid season', zodFieldErrors(parsed.error));
    const season = parsed.data.season ?? currentSeason();
    const result = await generateSeasonTeeTimes(season);
    return json({ season, ...result });
  });
}
