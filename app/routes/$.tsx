import { data, type MetaFunction } from '@remix-run/node';
import { Link } from '@remix-run/react';
import { titled } from '~/ui/meta';

export const meta: MetaFunction = ({ matches }) => titled(matches, 'Page Not Found');

// Answer with a real 404 status but render this page rather than the error boundary.
export function loader() {
  return data(null, { status: 404 });
}

// A form post to an unknown path is also "not found" (without this Remix would answer 405).
export function action() {
  return data(null, { status: 404 });
}

export default function NotFoundPage() {
  return (
    <main className="flex min-h-[60vh] items-center justify-center bg-slate-50 px-4 py-16">
      <div className="w-full max-w-md rounded-lg border border-slate-200 bg-white p-6 text-center shadow-sm">
        <h1 className="text-2xl font-bold text-slate-900">404 Page Not Found</h1>
        <p className="mt-2 text-slate-700">Did you forget to add the page to the router?</p>
        <Link
          to="/join"
          className="mt-6 inline-flex items-center justify-center rounded-md bg-emerald-700 px-5 py-3 font-semibold text-white shadow-sm hover:bg-emerald-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600 focus-visible:ring-offset-2"
        >
          Back to the league home page
        </Link>
      </div>
    </main>
  );
}
