import type { ActionFunctionArgs } from '@remix-run/node';
import { json } from '@remix-run/node';
import { countUsers, createUser } from '~/models/users.server';
import { userSchema } from '~/schemas/auth';
import { getUser } from '~/utils/auth.server';
import { apiHandler, HttpError, readJson, zodFieldErrors } from '~/utils/http.server';
import { postOnlyLoader } from '~/utils/api-input.server';

/** Only POST does anything here; a GET gets 405 in JSON. */
export const loader = postOnlyLoader;

/** Creates a user: only a signed-in administrator may, or anyone while the site has no user at all. */
export function action({ request }: ActionFunctionArgs) {
  return apiHandler(async () => {
    const current = await getUser(request);
    if (!current) {
      if ((await countUsers()) > 0) throw new HttpError(401, 'Not authenticated');
    } else if (!current.isAdmin) {
      throw new HttpError(403, 'Only an administrator can add users');
    }
    const parsed = userSchema.safeParse(await readJson(request));
    if (!parsed.success) throw new HttpError(400, 'Invalid user', zodFieldErrors(parsed.error));
    // The very first user runs the league, so they are an administrator.
    const user = await createUser({ ...parsed.data, isAdmin: !current });
    return json(user, { status: 201 });
  });
}
