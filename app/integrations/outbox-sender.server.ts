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
  type OutboxChannel,
} from '~/models/outbox.server';
import { markNotSent } from '~/models/outbox-texts.server';

/**
 * The loop every outbox sender runs, one per channel (docs/decisions/080-outbox-and-sender.md, 146 and 175): the mail
 * sender (mail/sender.server.ts) and the text sender (texts/text-sender.server.ts) differ only in how one message
 * leaves and what its failures mean, which their `ChannelDriver` says. Here: due messages of the channel oldest first,
 * a few per second at most; each claimed with a conditional update before it is sent, so two senders (two processes on
 * one PostgreSQL, or an old and a new process during a restart) never send one twice; a refused attempt retried after
 * 1, 4, 16 and 64 minutes, then 'failed' with the last error; a message held by a process that died retried once its
 * lock expires. A provider that does not answer at all is not the message's fault: the pass stops, no pass tries
 * again for a growing wait (at most 5 minutes), and the attempt is shown but not counted. Nothing runs at import.
 */

/** What one attempt at one message came to. */
type Attempt =
  /** The provider took it; a text's provider names it (`providerId`) in its status callbacks. */
  | { outcome: 'sent'; providerId?: string }
  /** Refused: retried later, unless `final` (retrying cannot help: an invalid address). */
  | { outcome: 'refused'; error: string; final?: boolean }
  /** No answer at all (the server is down): the pass stops and the message keeps its attempts. */
  | { outcome: 'unreachable'; error: string }
  /** It may not be sent at all (texts turned off since it was queued): 'not-sent' with the reason. */
  | { outcome: 'not-sent'; reason: string };

/** One burst's way out: opened at the start of a pass, closed at its end (no connection is kept between bursts). */
type ChannelSession = { send(message: ClaimedMessage): Promise<Attempt>; close(): void };

export type ChannelDriver<Setup> = {
  channel: OutboxChannel;
  /** Read at every pass, so a fixed configuration is used after a restart, and tests can point it elsewhere. */
  setup(): { ready: true; setup: Setup } | { ready: false; reason: string };
  open(setup: Setup): Promise<ChannelSession>;
  /** The log's words: the provider cannot be reached (once per outage), answers again, the outbox cannot be read. */
  words: {
    unreachable: (error: string) => string;
    unreachableError: (error: string) => string;
    back: string;
    readFailed: (error: string) => string;
  };
};

export type LoopOptions = {
  /** The clock: due times, locks and retry times are computed from it (tests move it forward). */
  now?: () => Date;
  /** Waits between two sends (the rate limit); tests may record the waits instead. */
  wait?: (ms: number) => Promise<void>;
  /** At most this many messages a second (default 3). */
  perSecond?: number;
  /** The first retry comes this long after a failure; each next one 4 times later (default 1 minute). */
  backoffBaseMs?: number;
  /** How long a claim holds a message (default 5 minutes, far longer than a provider's timeout). */
  lockMs?: number;
  /** Longest sleep while idle: other processes' messages are seen at least this often (default 10 s). */
  pollMs?: number;
  log?: (line: string) => void;
};

type DeliveryReport = { sent: number; retrying: number; failed: number; notSent: number };

export type OutboxSender = {
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
 * The wait after a pass found the provider unreachable for the `downPasses`-th time in a row: the base doubling, at
 * most 5 bases (5 minutes by default), so a provider that is back is used again within 5 minutes whatever the outage.
 */
function unreachableDelayMs(downPasses: number, baseMs: number): number {
  return Math.min(baseMs * 2 ** Math.max(0, downPasses - 1), 5 * baseMs);
}

export function errorText(error: unknown, fallback: string): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.trim() || fallback;
}

export function createOutboxSender<Setup>(driver: ChannelDriver<Setup>, options: LoopOptions = {}): OutboxSender {
  const now = options.now ?? (() => new Date());
  const wait = options.wait ?? sleep;
  const intervalMs = 1000 / (options.perSecond ?? 3);
  const backoffBaseMs = options.backoffBaseMs ?? 60_000;
  const lockMs = options.lockMs ?? 5 * 60_000;
  const pollMs = options.pollMs ?? 10_000;
  const log = options.log ?? console.log;
  const { channel, words } = driver;

  let lastSendAt = -Infinity;
  let stopped = false;
  let passes: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | null = null;
  let timerAt = Infinity;
  let unsubscribe: (() => void) | null = null;
  /** Passes in a row that found the provider unreachable, and until when no pass tries it again. */
  let downPasses = 0;
  let pausedUntil = -Infinity;

  /** At most `perSecond` sends a second, measured from the start of one send to the start of the next. */
  async function pace(): Promise<void> {
    const due = lastSendAt + intervalMs - now().getTime();
    if (due > 0) await wait(due);
    lastSendAt = now().getTime();
  }

  async function deliver(
    message: ClaimedMessage,
    session: ChannelSession,
    report: DeliveryReport,
  ): Promise<'delivered' | 'refused' | 'unreachable'> {
    let attempt: Attempt;
    try {
      attempt = await session.send(message);
    } catch (error) {
      attempt = { outcome: 'refused', error: errorText(error, 'The message was refused') };
    }
    switch (attempt.outcome) {
      case 'not-sent':
        await markNotSent(message, attempt.reason);
        report.notSent += 1;
        return 'refused';
      case 'unreachable':
        downPasses += 1;
        pausedUntil = now().getTime() + unreachableDelayMs(downPasses, backoffBaseMs);
        if (downPasses === 1) log(words.unreachable(attempt.error));
        await markServerUnreachable(message, words.unreachableError(attempt.error), new Date(pausedUntil));
        report.retrying += 1;
        return 'unreachable';
      case 'refused': {
        if (attempt.final) {
          await markAttemptFailed(message, attempt.error, null);
          report.failed += 1;
          return 'refused';
        }
        const last = message.countedAttempts >= MAX_ATTEMPTS;
        await markAttemptFailed(
          message,
          attempt.error,
          new Date(now().getTime() + retryDelayMs(message.countedAttempts, backoffBaseMs)),
        );
        if (last) report.failed += 1;
        else report.retrying += 1;
        return 'refused';
      }
      case 'sent':
        if (downPasses > 0) log(words.back);
        downPasses = 0;
        if (await markSent(message, now(), attempt.providerId)) report.sent += 1;
        else log(`Outbox message ${message.id} was sent after its claim expired; another sender may send it again.`);
        return 'delivered';
    }
  }

  async function pass(): Promise<DeliveryReport> {
    const report: DeliveryReport = { sent: 0, retrying: 0, failed: 0, notSent: 0 };
    report.failed += await failInterrupted(now(), channel);
    const setup = driver.setup();
    if (!setup.ready) {
      report.notSent = await markDueNotSent(now(), setup.reason, channel);
      return report;
    }
    // The provider was unreachable a moment ago: no pass tries it again before its wait is over.
    if (now().getTime() < pausedUntil) return report;
    const session = await driver.open(setup.setup);
    try {
      let unreachable = false;
      while (!stopped && !unreachable) {
        const ids = await dueMessageIds(now(), BATCH, channel);
        let claimedAny = false;
        for (const id of ids) {
          if (stopped) break;
          await pace();
          const message = await claimMessage(id, now(), new Date(now().getTime() + lockMs), channel);
          // Taken by another sender since it was listed.
          if (!message) continue;
          claimedAny = true;
          // The rest wait for the next pass, each keeping its attempts.
          if ((await deliver(message, session, report)) === 'unreachable') {
            unreachable = true;
            break;
          }
        }
        if (!claimedAny) break;
      }
    } finally {
      // No connection is kept open between bursts (a retry may be an hour away).
      session.close();
    }
    return report;
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
      const next = await nextDueAt(channel);
      if (next) nextMs = Math.min(pollMs, Math.max(next.getTime(), pausedUntil) - now().getTime());
    } catch (error) {
      log(words.readFailed(errorText(error, 'unknown error')));
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
    },
  };
}
