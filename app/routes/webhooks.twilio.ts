import type { ActionFunctionArgs } from '@remix-run/node';
import { answerReply } from '~/features/texts/replies.server';
import { twimlReply } from '~/integrations/texts/twilio.server';
import { apiHandler, methodNotAllowed, postOnlyLoader, siteOrigin } from '~/web/http.server';
import { readTwilioWebhook } from '~/web/twilio-webhook.server';

export const loader = postOnlyLoader;

/**
 * POST /webhooks/twilio: a text to the league's number (Twilio's incoming-message webhook, docs/decisions/175). Its
 * signature is checked first (403, nothing changed, when it is not Twilio's). STOP and its synonyms turn texts off for
 * the number, START/UNSTOP/YES back on; HELP is answered with the league's name and contact, in TwiML.
 */
export function action({ request }: ActionFunctionArgs) {
  return apiHandler(async () => {
    if (request.method !== 'POST') return methodNotAllowed(['POST']);
    const params = await readTwilioWebhook(request);
    const reply = await answerReply({ from: params.From ?? '', body: params.Body ?? '', origin: siteOrigin(request) });
    return new Response(twimlReply(reply), { headers: { 'Content-Type': 'text/xml; charset=utf-8' } });
  });
}
