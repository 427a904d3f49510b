import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data } from '@remix-run/node';
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useRouteError,
} from '@remix-run/react';
import { useEffect } from 'react';
import { ToastProvider } from '~/ui/primitives/toaster';
import { getSettings } from '~/models/settings.server';
import { takeToast } from '~/web/session.server';
import { titled } from '~/ui/meta';
import { useNonce } from '~/ui/nonce';
import '~/tailwind.css';

// The stylesheet (app/tailwind.css, imported above) is the root route's: Remix's <Links /> names it.
export const links: LinksFunction = () => [{ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' }];

export const meta: MetaFunction<typeof loader> = ({ matches }) => titled(matches);

export async function loader({ request }: LoaderFunctionArgs) {
  const [{ toast, headers }, settings] = await Promise.all([takeToast(request), getSettings()]);
  return data({ toast, leagueName: settings.leagueName }, { headers });
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const { toast } = useLoaderData<typeof loader>();
  // Tests (and CSS) can tell when the page is interactive.
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return (
    <ToastProvider serverToast={toast}>
      <Outlet />
    </ToastProvider>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  // The error page comes to life too (a bad /checkout link lands here).
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const message = isRouteErrorResponse(error)
    ? typeof error.data === 'string'
      ? error.data
      : ((error.data as { message?: string } | null)?.message ?? error.statusText)
    : 'Something went wrong on our side. Please try again.';
  return (
    <main className="mx-auto max-w-xl p-8 text-center">
      <h1 className="text-2xl font-bold">{status === 404 ? '404 Page Not Found' : `Error ${status}`}</h1>
      <p className="mt-4 text-slate-600">{message}</p>
      <a className="mt-6 inline-block text-emerald-700 underline" href="/join">
        Back to the league
      </a>
    </main>
  );
}
