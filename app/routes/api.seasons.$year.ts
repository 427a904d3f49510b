import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { NotFoundError } from '~/domain/errors';
import { deleteSeason, getSeason, updateSeason } from '~/models/seasons.server';
import { seasonUpdateJsonSchema } from '~/schemas/season';
import { requireApiAdmin, requireApiUser } from '~/web/auth.server';
import { apiHandler, methodNotAllowed, noContent, parseBody, readJson, yearParam } from '~/web/http.server';

/** GET /api/seasons/{year}: the season with its `schedule` (entries with id, in date order). */
export function loader({ request, params }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    await requireApiUser(request);
    const season = await getSeason(yearParam(params.year));
    if (!season) throw new NotFoundError('Season not found');
    return Response.json(season);
  });
}

/**
 * PUT /api/seasons/{year} {feeCents, registrationOpens, registrationCloses} and DELETE /api/seasons/{year}
 * (administrators). A season with rounds, memberships or tee times is not deleted: 409.
 */
export function action({ request, params }: ActionFunctionArgs) {
  return apiHandler(async () => {
    const user = await requireApiAdmin(request);
    const year = yearParam(params.year);
    if (request.method === 'PUT') {
      const input = parseBody(seasonUpdateJsonSchema, await readJson(request), 'Invalid season');
      return Response.json(await updateSeason(year, input, user));
    }
    if (request.method === 'DELETE') {
      await deleteSeason(year, user);
      return noContent();
    }
    return methodNotAllowed(['GET', 'PUT', 'DELETE']);
  });
}
