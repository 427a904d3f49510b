import { PassThrough, pipeline } from 'node:stream';
import type { AppLoadContext, EntryContext, HandleDocumentRequestFunction } from '@remix-run/node';
import { createReadableStreamFromReadable } from '@remix-run/node';
import { RemixServer } from '@remix-run/react';
import { isbot } from 'isbot';
import { renderToPipeableStream } from 'react-dom/server';
import { closingTagsLast } from '~/web/closing-tags-last.server';
import { lowPriorityModulePreloads } from '~/web/low-priority-preloads.server';
import { NonceProvider } from '~/ui/nonce';
import { securityHeaders } from '~/web/security-headers';
import { withoutNulBytes } from '~/web/without-nul-bytes.server';

export { prepareServer, startBackups } from '~/web/prepare.server';
export { startMailSender } from '~/integrations/mail/sender.server';
export { startTextSender } from '~/integrations/texts/text-sender.server';
export { startAutomation } from '~/web/automation-clock.server';
export { keepPublicPages, replayPublicPage, startPublicPageCache } from '~/web/page-cache.server';
export { handleLiveResults, reconnectLiveWatchers, startLiveResults } from '~/web/live-results.server';
export { drainable } from '~/web/drain.server';
export { CROSS_SITE_MESSAGE, isCrossSite } from '~/web/cross-site';
export { queryCount } from '~/db/db.server';

const ABORT_DELAY = 5_000;

const handleRequest: HandleDocumentRequestFunction = (
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) => {
  const nonce = typeof loadContext.cspNonce === 'string' ? loadContext.cspNonce : '';
  const readyEvent = isbot(request.headers.get('user-agent') ?? '') ? 'onAllReady' : 'onShellReady';
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        [readyEvent]() {
          shellRendered = true;
          // In development React would warn of the attribute its own render of <Scripts/> lacks.
          const body = process.env.NODE_ENV === 'production' ? lowPriorityModulePreloads() : new PassThrough();
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
          for (const [name, value] of Object.entries(securityHeaders(nonce))) responseHeaders.set(name, value);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
          // React 18 can stream NUL bytes into a page (app/web/without-nul-bytes.server.ts); they go first. Then the
          // closing </body></html> goes after single fetch's data scripts (app/web/closing-tags-last.server.ts).
          const clean = withoutNulBytes();
          pipeline(clean, closingTagsLast(), body, () => undefined);
          pipe(clean);
        },
        onShellError(error: unknown) {
          reject(error instanceof Error ? error : new Error(String(error)));
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, ABORT_DELAY);
  });
};

export default handleRequest;
