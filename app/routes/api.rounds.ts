import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { json } from '@remix-run/node';

import { createRound, listRoundsBySeason } from '~/models/rounds.server';
import { parseRoundInput } from '~/schemas/round';
import { requireApiUser } from '~/utils/auth.server';
import { apiHandler, HttpError, readJson, zodFieldErrors, seasonParam } from '~/utils/http.server';

/** GET /api/rounds?season=2025: the season's rounds (the current season without a parameter). */
export function loader({ request }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    await requireApiUser(request);
    const season = seasonParam(request);
    const rounds = await listRoundsBySeason(season);
    return json(rounds.map(({ golferName: _g, courseName: _c, ...round }) => round));
  });
}

/** POST /api/rounds: records a round; the server computes hcpIndexBefore, netScore and hcpIndexAfter. */
export function action({ request }: ActionFunctionArgs) {
  return apiHandler(async () => {
    await requireApiUser(request);
    if (request.method !== 'POST')
      return json({ message: 'Use POST' }, { status: 405, headers: { Allow: 'GET, POST' } });
    const parsed = parseRoundInput(await readJson(request, 20_000));
    if (!parsed.success) throw new HttpError(400, 'Invalid round', zodFieldErrors(parsed.error));
    return json(await createRound(parsed.data), { status: 201 });
  });
}
