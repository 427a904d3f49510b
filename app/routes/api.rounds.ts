import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { createRound, listRoundsBySeason } from '~/models/rounds.server';
import { roundJsonSchema } from '~/schemas/round';
import { requireApiUser } from '~/web/auth.server';
import { apiHandler, methodNotAllowed, parseBody, readJson, seasonParam } from '~/web/http.server';
import { lockFieldWhenDue } from '~/features/playoffs/field.server';

/** GET /api/rounds?season=2025: the season's rounds (the current season without a parameter). */
export function loader({ request }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    await requireApiUser(request);
    const rounds = await listRoundsBySeason(seasonParam(request));
    return Response.json(rounds.map(({ golferName: _g, courseName: _c, ...round }) => round));
  });
}

/**
 * POST /api/rounds: records a round; the server computes hcpIndexBefore, netScore and hcpIndexAfter (and the date's
 * points when they were calculated). 409 when the golfer already has a round on that date.
 */
export function action({ request }: ActionFunctionArgs) {
  return apiHandler(async () => {
    const user = await requireApiUser(request);
    if (request.method !== 'POST') return methodNotAllowed(['GET', 'POST']);
    const input = parseBody(roundJsonSchema, await readJson(request, 20_000), 'Invalid round');
    const round = await createRound(input, user);
    await lockFieldWhenDue(round.season);
    return Response.json(round, { status: 201 });
  });
}
