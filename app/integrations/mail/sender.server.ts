import { getSettings } from '~/models/settings.server';
import {
  claimMessage,
  dueMessageIds,
  failInterrupted,
  markAttemptFailed,
  markDueNotSent,
  markServerUnreachable,
  markSent,
  MAX_ATTEMPTS,
  nextDueAt,
  onMessageQueued,
  type ClaimedMessage,
} from '~/models/outbox.server';
import {
  fromAddress,
  isValidAddress,
  mailSetup,
  smtpTransport,
  type MailSetup,
  type MailTransport,
  type SmtpTimeouts,
} from './transport.server';

/**
 * The sender (docs/product/email.md#transport-and-outbox, docs/decisions/080-outbox-and-sender.md): runs in the
 * server process and delivers the outbox's queued messages oldest first, a few per second at most. Each message is
 * claimed with a conditional update before it is sent, so two senders (two processes on one PostgreSQL, or an old
 * and a new process during a restart) never send one twice; a failed attempt is retried with growing delays, and
 * after MAX_ATTEMPTS the message is 'failed' with the last error. A message held by a process that died is retried
 * once its lock expires. A mail server that does not answer at all is not the message's fault: the pass stops, no
 * pass tries again for a growing wait (at most 5 minutes), and the attempt is shown but not counted, so a server down
 * for a day loses nothing (docs/decisions/146-mail-server-down.md). Nothing here runs at import: server.js starts it (`startMailSender`), tests drive a sender
 * of their own (`createMailSender(...).deliverDue()`).
 */

export type SenderOptions = {
  /** Where SMTP_URL and MAIL_FROM are read, at every pass (default: process.env). */
  env?: NodeJS.ProcessEnv;
  /** The clock: due times, locks and retry times are computed from it (tests move it forward). */
  now?: () => Date;
  /** Waits between two sends (the rate limit); tests may record the waits instead. */
  wait?: (ms: number) => Promise<void>;
  /** At most this many messages a second (default 3). */
  perSecond?: number;
  /** The first retry comes this long after a failure; each next one 4 times later (default 1 minute). */
  backoffBaseMs?: number;
  /** How long a claim holds a message (default 5 minutes, far longer than an SMTP timeout). */
  lockMs?: number;
  /** Longest sleep while idle: other processes' messages are seen at least this often (default 10 s). */
  pollMs?: number;
  smtpTimeouts?: SmtpTimeouts;
  log?: (line: string) => void;
};

export type DeliveryReport = { sent: number; retrying: number; failed: number; notSent: number };

export type MailSender = {
  /** One pass: delivers everything due now (rate-limited) and answers what happened. Passes never overlap. */
  deliverDue(): Promise<DeliveryReport>;
  /** Runs passes in the background: at once, soon after a message is queued, when a retry falls due, and on a poll. */
  start(): void;
  /** Stops after the message being sent (waiting at most `graceMs`); no pass starts afterwards. */
  stop(graceMs?: number): Promise<void>;
};

/** After a message is queued (inside the caller's transaction), look this much later, once it has committed. */
const WAKE_DELAY_MS = 200;
const BATCH = 20;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The retry delay after failed attempt `attempt` (1-based): 1, 4, 16 and 64 minutes with the default base. */
function retryDelayMs(attempt: number, baseMs: number): number {
  return baseMs * 4 ** Math.max(0, attempt - 1);
}

/**
 * The wait after a pass found the mail server unreachable for the `downPasses`-th time in a row: the base doubling,
 * at most 5 bases (5 minutes by default), so a server that is back is used again within 5 minutes whatever the outage.
 */
function unreachableDelayMs(downPasses: number, baseMs: number): number {
  return Math.min(baseMs * 2 ** Math.max(0, downPasses - 1), 5 * baseMs);
}

function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.trim() || 'The mail server refused the message';
}

export function createMailSender(options: SenderOptions = {}): MailSender {
  const env = options.env ?? process.env;
  const now = options.now ?? (() => new Date());
  const wait = options.wait ?? sleep;
  const intervalMs = 1000 / (options.perSecond ?? 3);
  const backoffBaseMs = options.backoffBaseMs ?? 60_000;
  const lockMs = options.lockMs ?? 5 * 60_000;
  const pollMs = options.pollMs ?? 10_000;
  const log = options.log ?? console.log;

  let transport: { url: string; transport: MailTransport } | null = null;
  let lastSendAt = -Infinity;
  let stopped = false;
  let passes: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | null = null;
  let timerAt = Infinity;
  let unsubscribe: (() => void) | null = null;
  /** Passes in a row that found the server unreachable, and until when no pass tries it again. */
  let downPasses = 0;
  let pausedUntil = -Infinity;

  function transportFor(setup: Extract<MailSetup, { ready: true }>): MailTransport {
    if (transport?.url !== setup.url) {
      transport?.transport.close();
      transport = { url: setup.url, transport: smtpTransport(setup, options.smtpTimeouts) };
    }
    return transport.transport;
  }

  /** At most `perSecond` sends a second, measured from the start of one send to the start of the next. */
  async function pace(): Promise<void> {
    const due = lastSendAt + intervalMs - now().getTime();
    if (due > 0) await wait(due);
    lastSendAt = now().getTime();
  }

  async function deliver(
    message: ClaimedMessage,
    setup: Extract<MailSetup, { ready: true }>,
    from: { name: string; address: string },
    report: DeliveryReport,
  ): Promise<'delivered' | 'refused' | 'unreachable'> {
    if (!isValidAddress(message.toAddress)) {
      // Retrying cannot make an address valid.
      await markAttemptFailed(message, `Not sent: "${message.toAddress}" is not a valid email address`, null);
      report.failed += 1;
      return 'refused';
    }
    try {
      await transportFor(setup).send({
        from,
        to: message.toAddress,
        subject: message.subject,
        text: message.text,
        html: message.html,
        attachments: message.attachments,
        headers: message.headers,
        messageId: `<outbox-${message.id}-${message.createdAt.getTime()}@${from.address.split('@')[1]}>`,
      });
    } catch (error) {
      // No SMTP reply at all: the server is down or unreachable, and the next message would only wait for the same
      // timeout. A reply (4xx/5xx) is about this message; the next may well go through.
      if (typeof (error as { responseCode?: unknown } | null)?.responseCode !== 'number') {
        downPasses += 1;
        pausedUntil = now().getTime() + unreachableDelayMs(downPasses, backoffBaseMs);
        if (downPasses === 1)
          log(`Email: the mail server cannot be reached (${errorText(error)}); every message waits in the outbox.`);
        await markServerUnreachable(
          message,
          `The mail server could not be reached: ${errorText(error)}`,
          new Date(pausedUntil),
        );
        report.retrying += 1;
        return 'unreachable';
      }
      const last = message.countedAttempts >= MAX_ATTEMPTS;
      await markAttemptFailed(
        message,
        errorText(error),
        new Date(now().getTime() + retryDelayMs(message.countedAttempts, backoffBaseMs)),
      );
      if (last) report.failed += 1;
      else report.retrying += 1;
      return 'refused';
    }
    if (downPasses > 0) log('Email: the mail server answers again; the outbox is being sent.');
    downPasses = 0;
    if (await markSent(message, now())) report.sent += 1;
    else log(`Outbox message ${message.id} was sent after its claim expired; another sender may send it again.`);
    return 'delivered';
  }

  async function pass(): Promise<DeliveryReport> {
    const report: DeliveryReport = { sent: 0, retrying: 0, failed: 0, notSent: 0 };
    report.failed += await failInterrupted(now());
    const setup = mailSetup(env);
    if (!setup.ready) {
      report.notSent = await markDueNotSent(now(), setup.reason);
      return report;
    }
    // The server was unreachable a moment ago: no pass tries it again before its wait is over.
    if (now().getTime() < pausedUntil) return report;
    const from = fromAddress(setup, (await getSettings()).leagueName);
    try {
      let unreachable = false;
      while (!stopped && !unreachable) {
        const ids = await dueMessageIds(now(), BATCH);
        let claimedAny = false;
        for (const id of ids) {
          if (stopped) break;
          await pace();
          const message = await claimMessage(id, now(), new Date(now().getTime() + lockMs));
          // Taken by another sender since it was listed.
          if (!message) continue;
          claimedAny = true;
          // The rest wait for the next pass, each keeping its attempts.
          if ((await deliver(message, setup, from, report)) === 'unreachable') {
            unreachable = true;
            break;
          }
        }
        if (!claimedAny) break;
      }
    } finally {
      // No connection is kept open between bursts (a retry may be an hour away).
      closeTransport();
    }
    return report;
  }

  function closeTransport(): void {
    transport?.transport.close();
    transport = null;
  }

  function deliverDue(): Promise<DeliveryReport> {
    const run = passes.then(pass);
    passes = run.catch(() => undefined);
    return run;
  }

  function schedule(ms: number): void {
    if (stopped) return;
    const at = Date.now() + Math.max(0, ms);
    if (timer && timerAt <= at) return;
    if (timer) clearTimeout(timer);
    timerAt = at;
    timer = setTimeout(() => void tick(), Math.max(0, ms));
    // The sender never keeps a process alive by itself (a test, a CLI): the HTTP server does.
    timer.unref();
  }

  async function tick(): Promise<void> {
    timer = null;
    timerAt = Infinity;
    let nextMs = pollMs;
    try {
      await deliverDue();
      const next = await nextDueAt();
      if (next) nextMs = Math.min(pollMs, Math.max(next.getTime(), pausedUntil) - now().getTime());
    } catch (error) {
      log(`Email: the outbox could not be read (${errorText(error)}); trying again shortly.`);
    }
    schedule(nextMs);
  }

  return {
    deliverDue,
    start() {
      if (unsubscribe || stopped) return;
      unsubscribe = onMessageQueued(() => schedule(WAKE_DELAY_MS));
      schedule(0);
    },
    async stop(graceMs = 10_000) {
      stopped = true;
      unsubscribe?.();
      if (timer) clearTimeout(timer);
      timer = null;
      let gaveUp: NodeJS.Timeout | undefined;
      await Promise.race([passes, new Promise<void>((resolve) => (gaveUp = setTimeout(resolve, graceMs)))]);
      clearTimeout(gaveUp);
      closeTransport();
    },
  };
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
