import type { ActionFunctionArgs } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { signOutEverywhere } from '~/models/users.server';
import { endUserSession, getUser } from '~/web/auth.server';
import { readSmallForm } from '~/web/http.server';

export function loader() {
  return redirect('/auth');
}

/**
 * Signing out ends this session on the server; with `intent=everywhere` ('Sign out everywhere') every session of
 * the user ends, on every device. The cookie keeps only the toast for the sign-in page.
 */
export async function action({ request }: ActionFunctionArgs) {
  const form = await readSmallForm(request, 1_000).catch(() => new FormData());
  const everywhere = form.get('intent') === 'everywhere';
  const user = everywhere ? await getUser(request) : null;
  if (user) await signOutEverywhere(user.id);
  const cookie = await endUserSession(
    request,
    user
      ? { type: 'success', title: 'Signed out everywhere', description: 'Every session of your account has ended.' }
      : { type: 'success', title: 'Logout successful', description: 'You have been logged out.' },
  );
  return redirect('/auth', { headers: { 'Set-Cookie': cookie } });
}
