import { isRouteErrorResponse, Link, useLocation, useRouteError } from '@remix-run/react';

function messageOf(error: unknown): string {
  if (isRouteErrorResponse(error)) {
    if (typeof error.data === 'string') return error.data;
    const data = error.data as { message?: unknown } | null;
    return typeof data?.message === 'string' ? data.message : `${error.status} ${error.statusText}`;
  }
  if (error instanceof Error) return error.message;
  return 'Unknown error';
}

/**
 * The error boundary of every admin page, rendered inside the admin shell (the _admin layout stays): "Error
 * loading golfers: <the error text>" and a link to try the page again. Use it as
 * `export function ErrorBoundary() { return <RouteError what="golfers" />; }`.
 */
export function RouteError({ what }: { what: string }) {
  const error = useRouteError();
  const { pathname } = useLocation();
  return (
    <div className="space-y-4">
      <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-4 text-red-800">
        <strong>Error loading {what}:</strong> {messageOf(error)}
      </p>
      <Link to={pathname} className="text-sm text-emerald-700 underline">
        Try again
      </Link>
    </div>
  );
}
