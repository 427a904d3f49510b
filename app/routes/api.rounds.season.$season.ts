import type { LoaderFunctionArgs } from '@remix-run/node';
import { parseSeason } from '~/domain/season';
import { listRoundsBySeason } from '~/models/rounds.server';
import { requireApiUser } from '~/web/auth.server';
import { apiHandler, getOnlyAction, HttpError } from '~/web/http.server';

export const action = getOnlyAction;

/** GET /api/rounds/season/:season: the season's rounds, newest date first. */
export function loader({ request, params }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    await requireApiUser(request);
    const season = parseSeason(params.season);
    if (season === null) throw new HttpError(400, `Invalid season: "${params.season ?? ''}"`);
    const rounds = await listRoundsBySeason(season);
    return Response.json(rounds.map(({ golferName: _g, courseName: _c, ...round }) => round));
  });
}
