import nodemailer from 'nodemailer';
import * as z from 'zod';

/**
 * How mail leaves the machine (docs/product/email.md#transport-and-outbox): SMTP through nodemailer, configured by
 * SMTP_URL (smtp:// or smtps://, with user and password when the server wants them) and MAIL_FROM
 * ('League name <address>'). Read when the sender asks, never at import, so tests can point it at a local server.
 *
 * Without SMTP_URL nothing is sent and the outbox says why; a malformed SMTP_URL or MAIL_FROM does the same with the
 * reason, so the site still starts (docs/decisions/081-mail-transport.md).
 */

const NOT_CONFIGURED = 'Not sent: no mail server configured';
const BAD_URL = 'Not sent: SMTP_URL is not a valid smtp:// or smtps:// URL';
const BAD_FROM = 'Not sent: MAIL_FROM is not a valid "Name <address>"';

const emailSchema = z.email();

/** True for an address a message may be sent to (the same rule as the site's forms; no line breaks, no spaces). */
export function isValidAddress(value: string): boolean {
  return emailSchema.safeParse(value).success;
}

type Sender = { name: string | null; address: string };

export type MailSetup =
  { ready: true; url: string; from: Sender | null; description: string } | { ready: false; reason: string };

/** 'Name <address>', '"Name" <address>' or a bare address; null when it is none of these. */
function parseFrom(value: string): Sender | null {
  const named = /^(.*?)\s*<([^<>\s]+)>$/.exec(value);
  const name = named
    ? named[1]
        .trim()
        .replace(/^"(.*)"$/, '$1')
        .trim()
    : null;
  const address = named ? named[2] : value;
  if (!isValidAddress(address)) return null;
  return { name: name || null, address };
}

/** What SMTP_URL and MAIL_FROM say, checked: a server to send through, or why nothing is sent. */
export function mailSetup(env: NodeJS.ProcessEnv = process.env): MailSetup {
  const raw = env.SMTP_URL?.trim();
  if (!raw) return { ready: false, reason: NOT_CONFIGURED };
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ready: false, reason: BAD_URL };
  }
  if ((url.protocol !== 'smtp:' && url.protocol !== 'smtps:') || !url.hostname)
    return { ready: false, reason: BAD_URL };
  const fromText = env.MAIL_FROM?.trim();
  const from = fromText ? parseFrom(fromText) : null;
  if (fromText && !from) return { ready: false, reason: BAD_FROM };
  // Never the password: this is what the start-up log shows.
  const user = url.username ? ` as ${decodeURIComponent(url.username)}` : '';
  return { ready: true, url: raw, from, description: `${url.protocol}//${url.host}${user}` };
}

/**
 * The From of a message: MAIL_FROM when set; otherwise the league's name (from Settings) with the SMTP user when it
 * is an address (most providers only relay mail from it), else no-reply@ the site's (or the mail server's) domain.
 */
export function fromAddress(
  setup: Extract<MailSetup, { ready: true }>,
  leagueName: string,
): { name: string; address: string } {
  if (setup.from) return { name: setup.from.name ?? leagueName, address: setup.from.address };
  const url = new URL(setup.url);
  const user = decodeURIComponent(url.username);
  if (isValidAddress(user)) return { name: leagueName, address: user };
  let domain = url.hostname;
  try {
    if (process.env.PUBLIC_URL?.trim()) domain = new URL(process.env.PUBLIC_URL.trim()).hostname;
  } catch {
    // A PUBLIC_URL that is not a URL: keep the mail server's domain.
  }
  return { name: leagueName, address: `no-reply@${domain}` };
}

type OutgoingMail = {
  from: { name: string; address: string };
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments: { filename: string; contentType: string; content: string }[];
  headers: Record<string, string>;
  /** Stable per outbox message, so a receiving server can tell a repeat (after a crash mid-send) from a new one. */
  messageId: string;
};

export type MailTransport = {
  /** Resolves once the server accepted the message; rejects with the server's (or the network's) error. */
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
};

export type SmtpTimeouts = { connectionMs: number; greetingMs: number; socketMs: number };

/** Generous for a real server, and well inside the sender's lock on a message. */
const DEFAULT_TIMEOUTS: SmtpTimeouts = { connectionMs: 20_000, greetingMs: 20_000, socketMs: 60_000 };

/**
 * An SMTP transport for a ready setup: one pooled connection, reused for the messages of one burst (a server's
 * greeting alone can take 100 ms or more) and closed by the sender when the burst is done.
 */
export function smtpTransport(
  setup: Extract<MailSetup, { ready: true }>,
  timeouts: SmtpTimeouts = DEFAULT_TIMEOUTS,
): MailTransport {
  const transporter = nodemailer.createTransport({
    url: setup.url,
    pool: true,
    maxConnections: 1,
    connectionTimeout: timeouts.connectionMs,
    greetingTimeout: timeouts.greetingMs,
    socketTimeout: timeouts.socketMs,
  });
  return {
    async send(mail) {
      await transporter.sendMail({
        from: mail.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        headers: mail.headers,
        messageId: mail.messageId,
        attachments: mail.attachments.map((a) => ({
          filename: a.filename,
          contentType: a.contentType,
          content: a.content,
        })),
      });
    },
    close() {
      transporter.close();
    },
  };
}
