import { isTwilioSignature, twilioAuthToken } from '~/integrations/texts/twilio.server';
import { HttpError, readSmallForm, siteOrigin } from './http.server';

/**
 * The edge of Twilio's webhooks (POST /webhooks/twilio and /webhooks/twilio/status, docs/decisions/175): the form's
 * fields, once its X-Twilio-Signature is Twilio's for the site's public address of the request (PUBLIC_URL behind a
 * proxy, as configured at Twilio). A missing or wrong signature, or no TWILIO_AUTH_TOKEN to check it with, is a 403
 * and nothing is read further, so nothing changes.
 */
export async function readTwilioWebhook(request: Request): Promise<Record<string, string>> {
  const form = await readSmallForm(request, 20_000);
  const params: Record<string, string> = {};
  for (const [name, value] of form) if (typeof value === 'string') params[name] = value;
  const authToken = twilioAuthToken();
  const url = new URL(request.url);
  const called = `${siteOrigin(request)}${url.pathname}${url.search}`;
  if (!authToken || !isTwilioSignature(authToken, request.headers.get('X-Twilio-Signature'), called, params))
    throw new HttpError(403, 'This request is not signed by Twilio.');
  return params;
}
