import type { ActionFunctionArgs } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { sessionStorage } from '~/utils/session.server';

export function loader() {
  return redirect('/auth');
}

export async function action(_: ActionFunctionArgs) {
  // A fresh session replaces the old one: the user id is gone and the toast survives to the next page.
  const session = await sessionStorage.getSession();
  session.flash('toast', { type: 'success', title: 'Logout successful', description: 'You have been logged out.' });
  return redirect('/auth', { headers: { 'Set-Cookie': await sessionStorage.commitSession(session) } });
}
