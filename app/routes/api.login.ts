import type { ActionFunctionArgs } from '@remix-run/node';
import { commitUserSession, login } from '~/web/auth.server';
import { clientAddress } from '~/web/client-address.server';
import { apiHandler, methodNotAllowed, postOnlyLoader, readJson } from '~/web/http.server';

export const loader = postOnlyLoader;

/** POST /api/login {username, password}: the user, with the session cookie; login() validates and throttles. */
export function action({ request, context }: ActionFunctionArgs) {
  return apiHandler(async () => {
    if (request.method !== 'POST') return methodNotAllowed(['POST']);
    // Throttled per username and client address (docs/decisions/091); without an address this is a 500, logged.
    const address = clientAddress(context);
    const body = await readJson(request, 10_000);
    const fields = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
    const user = await login(request, { username: fields.username, password: fields.password }, address);
    return Response.json(user, { headers: { 'Set-Cookie': await commitUserSession(request, user.id) } });
  });
}
