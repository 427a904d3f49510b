import { isRouteErrorResponse, Link, useRouteError } from '@remix-run/react';

function messageOf(error: unknown): string {
  if (isRouteErrorResponse(error)) {
    if (typeof error.data === 'string') return error.data;
    const data = error.data as { message?: unknown } | null;
    return typeof data?.message === 'string' ? data.message : `${error.status} ${error.statusText}`;
  }
  if (error instanceof Error) return error.message;
  return 'Unknown error';
}

/** A list page's error boundary body: "Error loading golfers: <the error text>", inside the admin shell. */
export function RouteError({ title, backTo }: { title: string; backTo: string }) {
  const error = useRouteError();
  return (
    <div className="space-y-4">
      <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-4 text-red-800">
        <strong>{title}:</strong> {messageOf(error)}
      </p>
      <Link to={backTo} className="text-sm text-emerald-700 underline">
        Try again
      </Link>
    </div>
  );
}
