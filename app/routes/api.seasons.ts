import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { createSeason, listSeasons } from '~/models/seasons.server';
import { seasonJsonSchema } from '~/schemas/season';
import { requireApiAdmin, requireApiUser } from '~/web/auth.server';
import { apiHandler, methodNotAllowed, parseBody, readJson } from '~/web/http.server';

/**
 * GET /api/seasons: year, feeCents, registrationOpens, registrationCloses, firstDate, lastDate, entryCount, newest
 * first (docs/product/seasons.md#seasons-api).
 */
export function loader({ request }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    await requireApiUser(request);
    return Response.json(await listSeasons());
  });
}

/** POST /api/seasons (administrators): creates a season, copying a schedule when `copyFrom` names one; 409 if it exists. */
export function action({ request }: ActionFunctionArgs) {
  return apiHandler(async () => {
    const user = await requireApiAdmin(request);
    if (request.method !== 'POST') return methodNotAllowed(['GET', 'POST']);
    const input = parseBody(seasonJsonSchema, await readJson(request), 'Invalid season');
    return Response.json(await createSeason(input, user), { status: 201 });
  });
}
