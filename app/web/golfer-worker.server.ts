import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { NotFoundError } from '~/domain/errors';

/**
 * The golfers' service worker as scripts/build.mjs builds it (app/ui/golfer-worker.ts → golfer-worker.js beside the
 * server bundle, build/server/index.js), read once. A build from before the worker, or a development server that did not
 * build it, has none: 404, and the golfers' pages work online as before (docs/decisions/160-golfers-phone-app.md).
 */
let script: string | null | undefined;

function builtWorker(): string | null {
  if (script !== undefined) return script;
  const file = path.join(path.dirname(fileURLToPath(import.meta.url)), 'golfer-worker.js');
  script = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null;
  return script;
}

/**
 * GET /golfer-worker.js?v={release}: the worker, never kept by the browser's HTTP cache (a new release's worker must
 * be seen at the next visit). The release in its address names its caches.
 */
export function golferWorkerResponse(): Response {
  const body = builtWorker();
  if (body === null) throw new NotFoundError('The golfers’ service worker is not built');
  return new Response(body, {
    headers: {
      'Content-Type': 'text/javascript; charset=utf-8',
      'Cache-Control': 'no-cache',
    },
  });
}
