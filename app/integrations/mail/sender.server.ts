import { getSettings } from '~/models/settings.server';
import {
  createOutboxSender,
  errorText,
  type ChannelDriver,
  type LoopOptions,
  type OutboxSender,
} from '../outbox-sender.server';
import {
  fromAddress,
  isValidAddress,
  mailSetup,
  smtpTransport,
  type MailSetup,
  type SmtpTimeouts,
} from './transport.server';

/**
 * The mail sender (docs/product/email.md#transport-and-outbox, docs/decisions/080-outbox-and-sender.md): the outbox's
 * loop (../outbox-sender.server.ts) for the 'email' channel, through SMTP_URL. An invalid address fails at once; a
 * reply of the mail server (4xx/5xx) is retried with growing delays; no reply at all (the server is down) stops the
 * pass without counting the attempt (docs/decisions/146-mail-server-down.md). Nothing here runs at import: server.js
 * starts it (`startMailSender`), tests drive a sender of their own (`createMailSender(...).deliverDue()`).
 */

export type SenderOptions = LoopOptions & {
  /** Where SMTP_URL and MAIL_FROM are read, at every pass (default: process.env). */
  env?: NodeJS.ProcessEnv;
  smtpTimeouts?: SmtpTimeouts;
};

export type MailSender = OutboxSender;

const refusedByServer = (error: unknown) => errorText(error, 'The mail server refused the message');

function mailDriver(options: SenderOptions): ChannelDriver<Extract<MailSetup, { ready: true }>> {
  const env = options.env ?? process.env;
  return {
    channel: 'email',
    setup() {
      const setup = mailSetup(env);
      return setup.ready ? { ready: true, setup } : setup;
    },
    async open(setup) {
      const from = fromAddress(setup, (await getSettings()).leagueName);
      // One pooled connection for the burst, made at its first message.
      let transport: ReturnType<typeof smtpTransport> | null = null;
      return {
        async send(message) {
          // Retrying cannot make an address valid.
          if (!isValidAddress(message.toAddress))
            return {
              outcome: 'refused',
              final: true,
              error: `Not sent: "${message.toAddress}" is not a valid email address`,
            };
          transport ??= smtpTransport(setup, options.smtpTimeouts);
          try {
            await transport.send({
              from,
              to: message.toAddress,
              subject: message.subject,
              text: message.text,
              html: message.html,
              attachments: message.attachments,
              headers: message.headers,
              messageId: `<outbox-${message.id}-${message.createdAt.getTime()}@${from.address.split('@')[1]}>`,
            });
            return { outcome: 'sent' };
          } catch (error) {
            // No SMTP reply at all: the server is down or unreachable, and the next message would only wait for the
            // same timeout. A reply (4xx/5xx) is about this message; the next may well go through.
            if (typeof (error as { responseCode?: unknown } | null)?.responseCode !== 'number')
              return { outcome: 'unreachable', error: refusedByServer(error) };
            return { outcome: 'refused', error: refusedByServer(error) };
          }
        },
        close() {
          transport?.close();
        },
      };
    },
    words: {
      unreachable: (error) => `Email: the mail server cannot be reached (${error}); every message waits in the outbox.`,
      unreachableError: (error) => `The mail server could not be reached: ${error}`,
      back: 'Email: the mail server answers again; the outbox is being sent.',
      readFailed: (error) => `Email: the outbox could not be read (${error}); trying again shortly.`,
    },
  };
}

export function createMailSender(options: SenderOptions = {}): MailSender {
  return createOutboxSender(mailDriver(options), options);
}

/** What the start-up log says about email, once (never the password). */
function describeMailSetup(env: NodeJS.ProcessEnv = process.env): string {
  const setup = mailSetup(env);
  if (setup.ready) return `Email: sending through ${setup.description}.`;
  if (!env.SMTP_URL?.trim())
    return "Email: SMTP_URL is not set, so no email leaves this machine; the outbox keeps each message as 'Not sent'.";
  return `Email: ${setup.reason.replace(/^Not sent: /, '')}; no email is sent and the outbox says why.`;
}

/**
 * Started by server.js once the database is ready: the process's one sender. Answers the function that stops it
 * (server.js calls it on SIGTERM/SIGINT, so a message being sent is finished and recorded first).
 */
export function startMailSender(log: (line: string) => void = console.log): () => Promise<void> {
  log(describeMailSetup());
  const sender = createMailSender({ log });
  sender.start();
  return () => sender.stop();
}
