import type { LoaderFunctionArgs } from '@remix-run/node';
import { json } from '@remix-run/node';
import { Link, Outlet, useLoaderData } from '@remix-run/react';
import { buttonClass } from '~/ui/primitives/button';
import { getSettings } from '~/models/settings.server';

export async function loader(_: LoaderFunctionArgs) {
  const settings = await getSettings();
  // The stats website is linked only while it is published (docs/product/stats.md).
  return json({ leagueName: settings.leagueName, publishStats: settings.publishStats });
}

export default function PublicLayout() {
  const { leagueName, publishStats } = useLoaderData<typeof loader>();
  return (
    <div className="flex min-h-screen flex-col">
      <header className="border-b bg-white">
        <div className="mx-auto flex max-w-5xl flex-wrap items-center justify-between gap-3 px-4 py-3">
          <Link to="/join" className="text-lg font-bold text-emerald-800">
            {leagueName}
          </Link>
          <nav className="flex items-center gap-2" aria-label="Site">
            {publishStats ? (
              <Link to="/stats" className={buttonClass('ghost', 'sm')}>
                Stats
              </Link>
            ) : null}
            <Link to="/join" className={buttonClass('secondary', 'sm')}>
              Join League
            </Link>
            <Link to="/auth" className={buttonClass('primary', 'sm')}>
              Login
            </Link>
          </nav>
        </div>
      </header>
      <main className="mx-auto w-full max-w-5xl flex-1 px-4 py-8">
        <Outlet />
      </main>
      <footer className="border-t bg-white">
        <div className="mx-auto flex max-w-5xl flex-wrap gap-x-6 gap-y-2 px-4 py-6 text-sm text-slate-600">
          <span>© {leagueName}</span>
          <Link to="/rules" className="hover:underline">
            League Rules
          </Link>
          <Link to="/schedule" className="hover:underline">
            Schedule
          </Link>
          <Link to="/public/tee-times" className="hover:underline">
            Tee Times
          </Link>
          <Link to="/terms" className="hover:underline">
            Terms
          </Link>
          <Link to="/join" className="hover:underline">
            Join Our League
          </Link>
          <Link to="/auth" className="hover:underline">
            Member Login
          </Link>
        </div>
      </footer>
    </div>
  );
}
