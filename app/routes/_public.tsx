import type { LoaderFunctionArgs } from '@remix-run/node';
import { Link, Outlet, useLoaderData } from '@remix-run/react';
import { buttonClass } from '~/ui/primitives/button';
import { getSettings } from '~/models/settings.server';
import { getGolfer } from '~/web/golfer-session.server';

export async function loader({ request }: LoaderFunctionArgs) {
  const [settings, golfer] = await Promise.all([getSettings(), getGolfer(request)]);
  // The stats website is linked only while it is published (docs/product/stats.md). A signed-in golfer's header
  // leaves out the administrators' 'Login' (docs/product/my-league.md#the-header); the page cache never keeps or
  // serves a page made for a golfer's sign-in (docs/decisions/143-signed-in-golfers-header.md).
  return {
    leagueName: settings.leagueName,
    publishStats: settings.publishStats,
    golferSignedIn: golfer !== null,
  };
}

const FOOTER_LINKS = [
  ['/rules', 'League Rules'],
  ['/schedule', 'Schedule'],
  ['/public/tee-times', 'Tee Times'],
  ['/terms', 'Terms'],
  ['/join', 'Join Our League'],
  ['/me', 'My league'],
  ['/auth', 'Member Login'],
] as const;

export default function PublicLayout() {
  const { leagueName, publishStats, golferSignedIn } = useLoaderData<typeof loader>();
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
            {/* Golfers sign in with an emailed code (/me sends the signed-out to /me/sign-in); 'Login' is the
                administrators' (docs/decisions/134-golfers-find-my-league.md), not shown to a signed-in golfer. */}
            <Link to="/me" className={buttonClass(golferSignedIn ? 'primary' : 'secondary', 'sm')}>
              My league
            </Link>
            {golferSignedIn ? null : (
              <Link to="/auth" className={buttonClass('primary', 'sm')}>
                Login
              </Link>
            )}
          </nav>
        </div>
      </header>
      <main className="mx-auto w-full max-w-5xl flex-1 px-4 py-8">
        <Outlet />
      </main>
      <footer className="border-t bg-white">
        <div className="mx-auto flex max-w-5xl flex-wrap gap-x-6 gap-y-2 px-4 py-6 text-sm text-slate-600">
          <span>© {leagueName}</span>
          {FOOTER_LINKS.map(([to, text]) => (
            <Link key={to} to={to} className="hover:underline">
              {text}
            </Link>
          ))}
        </div>
      </footer>
    </div>
  );
}
