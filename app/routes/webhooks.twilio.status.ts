import type { ActionFunctionArgs } from '@remix-run/node';
import { recordTextStatus } from '~/features/texts/replies.server';
import { apiHandler, methodNotAllowed, postOnlyLoader } from '~/web/http.server';
import { readId } from '~/web/id-param';
import { readTwilioWebhook } from '~/web/twilio-webhook.server';

export const loader = postOnlyLoader;

/**
 * POST /webhooks/twilio/status?id={outbox id}: Twilio reports what became of a text (docs/decisions/175). Signed, or
 * 403 and nothing changed. 'delivered' marks the text Delivered on /outbox; 'undelivered' or 'failed' marks it Failed
 * with the carrier's reason; the steps before change nothing.
 */
export function action({ request }: ActionFunctionArgs) {
  return apiHandler(async () => {
    if (request.method !== 'POST') return methodNotAllowed(['POST']);
    const params = await readTwilioWebhook(request);
    const recorded = await recordTextStatus({
      id: readId(new URL(request.url).searchParams.get('id')),
      messageSid: params.MessageSid ?? params.SmsSid ?? '',
      status: params.MessageStatus ?? params.SmsStatus ?? '',
      errorCode: params.ErrorCode ?? null,
      to: params.To ?? null,
    });
    return Response.json({ received: true, recorded });
  });
}
