/** A flash message: set by the server after a change (app/web/session.server.ts), shown by the browser's toaster. */
export type Toast = { type: 'success' | 'error'; title: string; description?: string };
