import { mayText, stopNumber } from '~/models/golfer-texts.server';
import { createOutboxSender, type ChannelDriver, type LoopOptions, type OutboxSender } from '../outbox-sender.server';
import { sendText, textSetup, type TextSetup } from './twilio.server';

/**
 * The text sender (docs/decisions/175-texts-through-twilio.md): the outbox's loop (../outbox-sender.server.ts) for
 * the 'text' channel, through Twilio, with the same claim, rate, retries and crash recovery as email. Before each
 * text it asks again whether the number may have it (`mayText`: confirmed, texts on, no STOP since it was queued).
 * Twilio's refusals: a number that cannot take texts (21211 invalid, 21614 not a mobile, 21610 it replied STOP) and
 * any other 4xx fail at once; 401/403/429 and 5xx are retried with the backoff; no answer at all stops the pass.
 * Each text asks Twilio to report its fate to `{PUBLIC_URL}/webhooks/twilio/status?id={outbox id}`.
 */

export type TextSenderOptions = LoopOptions & {
  /** Where the TWILIO_* settings and PUBLIC_URL are read, at every pass (default: process.env). */
  env?: NodeJS.ProcessEnv;
};

/** Twilio's error for a number that replied STOP: texts to it are refused until it replies START. */
const UNSUBSCRIBED = 21610;
const RETRIED_4XX = new Set([401, 403, 408, 429]);

/** Where Twilio reports a text's fate: the site's public address, which Twilio can reach; none without one. */
function statusCallbackOf(env: NodeJS.ProcessEnv, id: number): string | undefined {
  const origin = env.PUBLIC_URL?.trim().replace(/\/+$/, '');
  return origin ? `${origin}/webhooks/twilio/status?id=${id}` : undefined;
}

function textDriver(env: NodeJS.ProcessEnv): ChannelDriver<Extract<TextSetup, { ready: true }>> {
  return {
    channel: 'text',
    setup() {
      const setup = textSetup(env);
      return setup.ready ? { ready: true, setup } : setup;
    },
    open(setup) {
      return Promise.resolve({
        async send(message) {
          const refusal = await mayText(message);
          if (refusal) return { outcome: 'not-sent', reason: refusal };
          const result = await sendText(setup, {
            to: message.toAddress,
            body: message.text,
            statusCallback: statusCallbackOf(env, message.id),
          });
          if (result.sent) return { outcome: 'sent', providerId: result.sid };
          if (result.status === null) return { outcome: 'unreachable', error: result.error };
          if (result.code === UNSUBSCRIBED) await stopNumber(message.toAddress, new Date());
          const final = result.status >= 400 && result.status < 500 && !RETRIED_4XX.has(result.status);
          return { outcome: 'refused', error: result.error, final };
        },
        close() {
          // The SDK keeps no connection of ours open between requests.
        },
      });
    },
    words: {
      unreachable: (error) => `Texts: Twilio cannot be reached (${error}); every text waits in the outbox.`,
      unreachableError: (error) => `Twilio could not be reached: ${error}`,
      back: 'Texts: Twilio answers again; the texts are being sent.',
      readFailed: (error) => `Texts: the outbox could not be read (${error}); trying again shortly.`,
    },
  };
}

export function createTextSender(options: TextSenderOptions = {}): OutboxSender {
  return createOutboxSender(textDriver(options.env ?? process.env), options);
}

/** What the start-up log says about texts, once (never the auth token). */
function describeTextSetup(env: NodeJS.ProcessEnv = process.env): string {
  const setup = textSetup(env);
  if (setup.ready)
    return `Texts: sending through ${setup.description}.${env.PUBLIC_URL?.trim() ? '' : ' Set PUBLIC_URL so that Twilio can report each text delivered or failed.'}`;
  if (!env.TWILIO_ACCOUNT_SID?.trim())
    return "Texts: TWILIO_ACCOUNT_SID is not set, so no text leaves this machine; the outbox keeps each text as 'Not sent'.";
  return `Texts: ${setup.reason.replace(/^Not sent: /, '')}; no text is sent and the outbox says why.`;
}

/** Started by server.js beside the mail sender; answers the function that stops it (on SIGTERM/SIGINT). */
export function startTextSender(log: (line: string) => void = console.log): () => Promise<void> {
  log(describeTextSetup());
  const sender = createTextSender({ log });
  sender.start();
  return () => sender.stop();
}
