import type { ActionFunctionArgs } from '@remix-run/node';
import { json } from '@remix-run/node';
import { destroyUserSession } from '~/utils/auth.server';
import { postOnlyLoader } from '~/utils/api-input.server';

/** Only POST does anything here; a GET gets 405 in JSON. */
export const loader = postOnlyLoader;

export async function action({ request }: ActionFunctionArgs) {
  return json({ ok: true }, { headers: { 'Set-Cookie': await destroyUserSession(request) } });
}
