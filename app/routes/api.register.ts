import type { ActionFunctionArgs } from '@remix-run/node';
import { countUsers, createUser } from '~/models/users.server';
import { userSchema } from '~/schemas/auth';
import { getUser } from '~/web/auth.server';
import { apiHandler, HttpError, methodNotAllowed, parseBody, postOnlyLoader, readJson } from '~/web/http.server';

export const loader = postOnlyLoader;

/** POST /api/register: creates a user; only a signed-in administrator may, or anyone while the site has no user. */
export function action({ request }: ActionFunctionArgs) {
  return apiHandler(async () => {
    if (request.method !== 'POST') return methodNotAllowed(['POST']);
    const current = await getUser(request);
    if (!current) {
      if ((await countUsers()) > 0) throw new HttpError(401, 'Not authenticated');
    } else if (!current.isAdmin) {
      throw new HttpError(403, 'Only an administrator can add users');
    }
    const input = parseBody(userSchema, await readJson(request), 'Invalid user');
    // The very first user runs the league, so they are an administrator.
    const user = await createUser({ ...input, isAdmin: !current }, current);
    return Response.json(user, { status: 201 });
  });
}
