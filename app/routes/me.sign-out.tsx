import type { ActionFunctionArgs } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { endGolferSession, endGolferSessionsEverywhere, getGolfer } from '~/web/golfer-session.server';
import { readSmallForm } from '~/web/http.server';

export function loader() {
  return redirect('/me');
}

/**
 * A golfer's 'Sign out' ends this session on the server and removes the cookie; `intent=everywhere` ('Sign out
 * everywhere') ends every session of the golfer, on every phone. An administrator's sign-in is not touched.
 */
export async function action({ request }: ActionFunctionArgs) {
  const form = await readSmallForm(request, 1_000).catch(() => new FormData());
  const golfer = form.get('intent') === 'everywhere' ? await getGolfer(request) : null;
  const cookie = golfer ? await endGolferSessionsEverywhere(request, golfer.golferId) : await endGolferSession(request);
  return redirect('/me/sign-in', { headers: { 'Set-Cookie': cookie } });
}
