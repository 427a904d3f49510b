import type { ActionFunctionArgs } from '@remix-run/node';
import { json } from '@remix-run/node';
import { destroyUserSession } from '~/utils/auth.server';

export async function action({ request }: ActionFunctionArgs) {
  return json({ ok: true }, { headers: { 'Set-Cookie': await destroyUserSession(request) } });
}
