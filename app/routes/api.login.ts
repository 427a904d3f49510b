import type { ActionFunctionArgs } from '@remix-run/node';
import { json } from '@remix-run/node';
import { commitUserSession, login } from '~/web/auth.server';
import { apiHandler, methodNotAllowed, postOnlyLoader, readJson } from '~/web/http.server';

export const loader = postOnlyLoader;

/** POST /api/login {username, password}: the user, with the session cookie; login() validates and throttles. */
export function action({ request }: ActionFunctionArgs) {
  return apiHandler(async () => {
    if (request.method !== 'POST') return methodNotAllowed(['POST']);
    const body = await readJson(request, 10_000);
    const fields = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
    const user = await login(request, { username: fields.username, password: fields.password });
    return json(user, { headers: { 'Set-Cookie': await commitUserSession(request, user.id) } });
  });
}
