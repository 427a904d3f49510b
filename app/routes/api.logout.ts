import type { ActionFunctionArgs } from '@remix-run/node';
import { destroyUserSession } from '~/web/auth.server';
import { apiHandler, methodNotAllowed, postOnlyLoader } from '~/web/http.server';

export const loader = postOnlyLoader;

/** POST /api/logout: ends the session. */
export function action({ request }: ActionFunctionArgs) {
  return apiHandler(async () => {
    if (request.method !== 'POST') return methodNotAllowed(['POST']);
    return Response.json({ ok: true }, { headers: { 'Set-Cookie': await destroyUserSession(request) } });
  });
}
