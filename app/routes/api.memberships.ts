import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { parseSeason } from '~/domain/season';
import { createMembership, listMemberships, membershipJson } from '~/models/memberships.server';
import { membershipSchema } from '~/schemas/membership';
import { requireApiUser } from '~/web/auth.server';
import { apiHandler, HttpError, methodNotAllowed, parseBody, readJson } from '~/web/http.server';

/** GET /api/memberships?season=YYYY (every season without it), newest registration first. */
export function loader({ request }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    await requireApiUser(request);
    const raw = new URL(request.url).searchParams.get('season');
    const season = raw === null ? null : parseSeason(raw);
    if (raw !== null && season === null)
      throw new HttpError(400, `Invalid season: "${raw}"`, { season: ['Season must be a year such as 2025'] });
    return Response.json((await listMemberships(season)).map(membershipJson));
  });
}

/** POST /api/memberships: 201, 400 with field errors, 409 when the golfer already has one for the season. */
export function action({ request }: ActionFunctionArgs) {
  return apiHandler(async () => {
    const user = await requireApiUser(request);
    if (request.method !== 'POST') return methodNotAllowed(['GET', 'POST']);
    const input = parseBody(membershipSchema, await readJson(request), 'Invalid membership');
    return Response.json(membershipJson(await createMembership(input, user)), { status: 201 });
  });
}
