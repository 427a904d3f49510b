import type { LoaderFunctionArgs } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { Outlet, useLoaderData } from '@remix-run/react';
import { AdminShell } from '~/ui/admin-shell';
import { getSettings } from '~/models/settings.server';
import { getUser, requireUser } from '~/web/auth.server';
import { demoModeSettings } from '~/web/session.server';

export async function loader({ request }: LoaderFunctionArgs) {
  // The dashboard lives at "/", which anonymous visitors know as the way to the landing page.
  if (new URL(request.url).pathname === '/' && !(await getUser(request))) throw redirect('/join');
  const [user, settings] = await Promise.all([requireUser(request), getSettings()]);
  return { user, leagueName: settings.leagueName, demoMode: user.isAdmin ? demoModeSettings() : null };
}

export default function AdminLayout() {
  const { user, leagueName, demoMode } = useLoaderData<typeof loader>();
  return (
    <AdminShell leagueName={leagueName} user={user} demoMode={demoMode}>
      <Outlet />
    </AdminShell>
  );
}
