import type { ActionFunctionArgs } from '@remix-run/node';
import { json } from '@remix-run/node';
import { commitUserSession, login } from '~/utils/auth.server';
import { apiHandler, HttpError, readJson } from '~/utils/http.server';

export function loader() {
  return json({ message: 'Use POST' }, { status: 405, headers: { Allow: 'POST' } });
}

export function action({ request }: ActionFunctionArgs) {
  return apiHandler(async () => {
    if (request.method !== 'POST') throw new HttpError(400, 'Use POST');
    const body = await readJson(request, 10_000);
    const fields = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
    const user = await login(request, { username: fields.username, password: fields.password });
    return json(user, { headers: { 'Set-Cookie': await commitUserSession(request, user.id) } });
  });
}
