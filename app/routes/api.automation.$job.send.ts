import type { ActionFunctionArgs } from '@remix-run/node';
import { sendNow } from '~/features/automation/run-jobs.server';
import { mailOrigin } from '~/features/notifications/messages.server';
import { requireApiAdmin } from '~/web/auth.server';
import { answerKeys } from '~/web/automation-clock.server';
import { apiHandler, methodNotAllowed, postOnlyLoader, siteOrigin } from '~/web/http.server';

/**
 * POST /api/automation/{job}/send (admin): 'Send now' (docs/product/automation.md#send-now): the job for its night to
 * those who have not had it; `{ date, night, queued }`. Nothing left to send: 409 saying so.
 */
export function action({ request, params }: ActionFunctionArgs) {
  return apiHandler(async () => {
    if (request.method !== 'POST') return methodNotAllowed(['POST']);
    await requireApiAdmin(request);
    const sent = await sendNow(params.job ?? '', {
      origin: mailOrigin(siteOrigin(request)),
      keys: answerKeys(),
      now: new Date(),
    });
    return Response.json({ date: sent.date, night: sent.night, queued: sent.queued });
  });
}

export const loader = postOnlyLoader;
