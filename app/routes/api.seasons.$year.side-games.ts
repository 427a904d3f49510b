import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { getSideGames, saveSideGames } from '~/models/side-games.server';
import { sideGamesApiSchema, sideGamesOfApi } from '~/schemas/side-games';
import { requireApiAdmin } from '~/web/auth.server';
import { apiHandler, methodNotAllowed, parseBody, readJson, yearParam } from '~/web/http.server';

/**
 * GET /api/seasons/{year}/side-games (administrators): `{skins: {net, feeCents} | null, closestToPin: {hole, feeCents}
 * | null, lowNet: {feeCents} | null}` (docs/product/money.md#api); null is a game not played.
 */
export function loader({ request, params }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    await requireApiAdmin(request);
    return Response.json(await getSideGames(yearParam(params.year)));
  });
}

/** PUT the same shape: the season screen's rules and messages (a fee below 0 or above $1,000: 400; 409, 404). */
export function action({ request, params }: ActionFunctionArgs) {
  return apiHandler(async () => {
    const user = await requireApiAdmin(request);
    if (request.method !== 'PUT') return methodNotAllowed(['GET', 'PUT']);
    const year = yearParam(params.year);
    const input = parseBody(sideGamesApiSchema, await readJson(request), 'Invalid side games');
    return Response.json(await saveSideGames(year, sideGamesOfApi(input), user));
  });
}
