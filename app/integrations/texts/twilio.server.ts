import twilio from 'twilio';

/**
 * How texts leave the machine (docs/decisions/175-texts-through-twilio.md): Twilio's Messages API through its SDK,
 * configured by TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM (the league's number, +12315550100, or a
 * messaging service, MG…). Read when the sender asks, never at import. Without TWILIO_ACCOUNT_SID nothing is sent and
 * the outbox says why; a malformed setting does the same with the reason, so the site still starts.
 *
 * TWILIO_API_BASE (tests only) points the SDK at a local fake of the API (tests/fake-twilio), as STRIPE_API_BASE does
 * for Stripe: nothing in the tests reaches the internet.
 */

const NOT_CONFIGURED = 'Not sent: no text provider configured';
const BAD_SID = 'Not sent: TWILIO_ACCOUNT_SID is not an account SID (AC followed by 32 letters and digits)';
const NO_TOKEN = 'Not sent: TWILIO_AUTH_TOKEN is not set';
const BAD_FROM =
  'Not sent: TWILIO_FROM is not a phone number (+12315550100) or a messaging service SID (MG followed by 32 letters and digits)';

/** Who a text is from: the league's own number, or a messaging service (Twilio picks the number). */
type TextFrom = { from: string } | { messagingServiceSid: string };

export type TextSetup =
  | { ready: true; accountSid: string; authToken: string; sender: TextFrom; description: string }
  | { ready: false; reason: string };

const ACCOUNT_SID = /^AC[0-9a-fA-F]{32}$/;
const SERVICE_SID = /^MG[0-9a-fA-F]{32}$/;
const E164 = /^\+[1-9]\d{6,14}$/;

/** What the TWILIO_* settings say, checked: an account to send through, or why nothing is sent. */
export function textSetup(env: NodeJS.ProcessEnv = process.env): TextSetup {
  const accountSid = env.TWILIO_ACCOUNT_SID?.trim();
  if (!accountSid) return { ready: false, reason: NOT_CONFIGURED };
  if (!ACCOUNT_SID.test(accountSid)) return { ready: false, reason: BAD_SID };
  const authToken = env.TWILIO_AUTH_TOKEN?.trim();
  if (!authToken) return { ready: false, reason: NO_TOKEN };
  const from = env.TWILIO_FROM?.trim() ?? '';
  const sender: TextFrom | null = SERVICE_SID.test(from)
    ? { messagingServiceSid: from }
    : E164.test(from)
      ? { from }
      : null;
  if (!sender) return { ready: false, reason: BAD_FROM };
  // Never the auth token: this is what the start-up log shows.
  return { ready: true, accountSid, authToken, sender, description: `Twilio as ${from} (account ${accountSid})` };
}

/** The auth token webhooks are signed with, or null when texts are not configured. */
export function twilioAuthToken(env: NodeJS.ProcessEnv = process.env): string | null {
  const setup = textSetup(env);
  return setup.ready ? setup.authToken : null;
}

type TwilioClient = ReturnType<typeof twilio>;
const clients = new Map<string, TwilioClient>();

function twilioClient(setup: Extract<TextSetup, { ready: true }>): TwilioClient {
  const base = process.env.TWILIO_API_BASE?.trim() || '';
  const cacheKey = `${setup.accountSid}\n${setup.authToken}\n${base}`;
  let client = clients.get(cacheKey);
  if (client) return client;
  // The SDK's own retries are for 429 only; the outbox retries everything else with its backoff.
  client = twilio(setup.accountSid, setup.authToken, { timeout: 20_000, autoRetry: true, maxRetries: 2 });
  if (base) client.api.baseUrl = base.replace(/\/+$/, '');
  clients.set(cacheKey, client);
  return client;
}

/** How one text to the Messages API came out, in the outbox's terms. */
export type TextResult =
  { sent: true; sid: string } | { sent: false; error: string; code: number | null; status: number | null };

/**
 * Sends one text. Resolves with Twilio's Message SID once it took the text (it is then queued at Twilio), or with the
 * refusal: Twilio's HTTP status and error code (21211 invalid number, 21610 the number replied STOP…), or no status at
 * all when Twilio could not be reached.
 */
export async function sendText(
  setup: Extract<TextSetup, { ready: true }>,
  text: { to: string; body: string; statusCallback?: string },
): Promise<TextResult> {
  try {
    const message = await twilioClient(setup).messages.create({
      to: text.to,
      body: text.body,
      ...setup.sender,
      ...(text.statusCallback ? { statusCallback: text.statusCallback } : {}),
    });
    return { sent: true, sid: message.sid };
  } catch (error) {
    const failure = error as { status?: unknown; code?: unknown; message?: unknown };
    const status = typeof failure.status === 'number' ? failure.status : null;
    const code = typeof failure.code === 'number' ? failure.code : null;
    const words = typeof failure.message === 'string' && failure.message.trim() ? failure.message.trim() : 'refused';
    return { sent: false, status, code, error: code === null ? words : `${code}: ${words}` };
  }
}

/**
 * Whether a webhook is Twilio's: its X-Twilio-Signature over the URL Twilio called and the form's fields, checked
 * with the SDK. The URL is the site's public one (PUBLIC_URL behind a proxy), as configured at Twilio.
 */
export function isTwilioSignature(
  authToken: string,
  signature: string | null,
  url: string,
  params: Record<string, string>,
): boolean {
  if (!signature) return false;
  return twilio.validateRequest(authToken, signature, url, params);
}

/** The answer to an incoming text: TwiML with one reply, or none (`<Response/>`: Twilio sends nothing back). */
export function twimlReply(reply: string | null): string {
  const response = new twilio.twiml.MessagingResponse();
  if (reply) response.message(reply);
  return response.toString();
}
