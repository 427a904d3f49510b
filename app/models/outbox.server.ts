import { NotFoundError, ConflictError } from '~/domain/errors';
import { db, isUniqueViolation, outsideTransaction, type Tx } from '~/db/db.server';
import { auditUpdated, recordAudit, type Actor } from '~/db/audit.server';
import { claimLease, leaseFree, leaseHeld } from '~/db/lease.server';
import { inTransaction } from '~/db/transaction.server';
import { keptOnceSent } from './outbox-masking.server';

/**
 * The outbox (docs/product/email.md#transport-and-outbox): every email, and every text (docs/decisions/175), is first
 * written here, in the same transaction as the event that causes it, under a key unique per purpose. The senders
 * (app/integrations/mail/sender.server.ts, app/integrations/texts/text-sender.server.ts) deliver it, each its channel.
 */
export const OUTBOX_STATUSES = ['queued', 'sent', 'delivered', 'failed', 'not-sent'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

export const OUTBOX_KINDS = [
  'receipt',
  'tee-time',
  'league',
  'reminder',
  'contact-change',
  'sub-offer',
  'sub-spot',
  'playoffs',
  'sign-in',
  // The scheduled jobs' emails (docs/product/automation.md).
  'availability',
  'game-day',
  'recap',
  'digest',
  // Texts' own (docs/decisions/175-texts-through-twilio.md) and a night's messages (docs/decisions/177).
  'text-code',
  'rain-out',
  'rain-out-undone',
  'notice',
] as const;
export type OutboxKind = (typeof OUTBOX_KINDS)[number];

/** How a message goes: by email (SMTP) or by text (Twilio). */
export type OutboxChannel = 'email' | 'text';

export type OutboxAttachment = { filename: string; contentType: string; content: string };

export type NewMessage = {
  /** Unique per purpose, e.g. `receipt:{checkout session id}`: queuing the same key again changes nothing. */
  key: string;
  kind: OutboxKind;
  /** 'email' when absent. A text's `to` is an E.164 number, its words `text`, its `html` empty. */
  channel?: OutboxChannel;
  to: string;
  golferId?: number | null;
  subject: string;
  text: string;
  html: string;
  attachments?: OutboxAttachment[];
  headers?: Record<string, string>;
};

export type OutboxRow = {
  id: number;
  channel: string;
  kind: string;
  toAddress: string;
  golferId: number | null;
  subject: string;
  status: string;
  attempts: number;
  lastError: string | null;
  sentAt: Date | null;
  deliveredAt: Date | null;
  createdAt: Date;
};

export type OutboxMessage = OutboxRow & {
  text: string;
  html: string;
  attachments: OutboxAttachment[];
  headers: Record<string, string>;
};

const rowFields = {
  id: true,
  channel: true,
  kind: true,
  toAddress: true,
  golferId: true,
  subject: true,
  status: true,
  attempts: true,
  lastError: true,
  sentAt: true,
  deliveredAt: true,
  createdAt: true,
} as const;

/** The row one message is stored as (attachments and headers as JSON). */
function outboxRow(message: NewMessage) {
  return {
    key: message.key,
    channel: message.channel ?? 'email',
    kind: message.kind,
    toAddress: message.to,
    golferId: message.golferId ?? null,
    subject: message.subject,
    text: message.text,
    html: message.html,
    attachments: message.attachments?.length ? JSON.stringify(message.attachments) : null,
    headers: message.headers && Object.keys(message.headers).length ? JSON.stringify(message.headers) : null,
  };
}

/** Wakes the sender outside the caller's transaction: its own writes are not the transaction's. */
function wakeSender(): void {
  outsideTransaction(() => {
    for (const listener of queuedListeners) listener();
  });
}

/**
 * Queues one message inside the caller's transaction. Returns false when a message with the same key already exists
 * (a replayed webhook, a reload): it is neither queued again nor an error. Call it with the transaction of the event
 * (`tx`), never with `db` after the event committed, or a crash between the two loses the message.
 */
export async function enqueueMessage(tx: Tx, message: NewMessage): Promise<boolean> {
  const existing = await tx.outboxMessage.findUnique({ where: { key: message.key }, select: { id: true } });
  if (existing) return false;
  try {
    await tx.outboxMessage.create({ data: outboxRow(message) });
    wakeSender();
    return true;
  } catch (error) {
    // Two transactions raced on one key: only possible on PostgreSQL (SQLite serializes them), where the failed insert
    // has aborted the caller's transaction, so it cannot go on as if nothing happened. The callers that can race
    // (fulfilment, a tee-time choice) hold a row lock first; anything else gets a clear 409 and its whole event undone.
    if (isUniqueViolation(error)) throw new ConflictError('This message is already queued');
    throw error;
  }
}

// Rows per INSERT: about 13 values a row stays under SQLite's 999 parameters of a statement.
const INSERT_CHUNK = 50;

/**
 * Queues many messages whose keys share `prefix` (one send to many golfers) in a few statements rather than two
 * queries a message, so a send to 10,000 golfers holds the write lock briefly. Keys already queued under the prefix (a
 * double submit) are skipped, as enqueueMessage skips one. Answers how many were queued.
 */
export async function enqueueMessages(tx: Tx, prefix: string, messages: readonly NewMessage[]): Promise<number> {
  const queued = await tx.outboxMessage.findMany({ where: { key: { startsWith: prefix } }, select: { key: true } });
  const existing = new Set(queued.map((row) => row.key));
  const rows = messages.filter((message) => !existing.has(message.key)).map(outboxRow);
  for (let i = 0; i < rows.length; i += INSERT_CHUNK)
    await tx.outboxMessage.createMany({ data: rows.slice(i, i + INSERT_CHUNK) });
  if (rows.length > 0) wakeSender();
  return rows.length;
}

export type OutboxPage = { rows: OutboxRow[]; total: number; page: number; pageSize: number };

/** The outbox newest first, optionally of one status, one page at a time. */
export async function listOutbox(
  options: { status?: OutboxStatus; page?: number; pageSize?: number } = {},
  client: Tx = db,
): Promise<OutboxPage> {
  const pageSize = options.pageSize ?? 50;
  const page = Math.max(1, options.page ?? 1);
  const where = options.status ? { status: options.status } : {};
  const [rows, total] = await Promise.all([
    client.outboxMessage.findMany({
      where,
      select: rowFields,
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      skip: (page - 1) * pageSize,
      take: pageSize,
    }),
    client.outboxMessage.count({ where }),
  ]);
  return { rows, total, page, pageSize };
}

/** One message with its bodies, or a NotFoundError. */
export async function requireOutboxMessage(id: number, client: Tx = db): Promise<OutboxMessage> {
  const row = await client.outboxMessage.findUnique({
    where: { id },
    select: { ...rowFields, text: true, html: true, attachments: true, headers: true },
  });
  if (!row) throw new NotFoundError('Message not found');
  return {
    ...row,
    attachments: row.attachments ? (JSON.parse(row.attachments) as OutboxAttachment[]) : [],
    headers: row.headers ? (JSON.parse(row.headers) as Record<string, string>) : {},
  };
}

/** 'Retry' on a failed (or not sent) message: queued again now, with a fresh count of attempts. */
export async function retryMessage(id: number, actor: Actor | null, client: Tx = db): Promise<void> {
  await inTransaction(client, async (tx) => {
    const message = await tx.outboxMessage.findUnique({
      where: { id },
      select: { status: true, subject: true, attempts: true },
    });
    if (!message) throw new NotFoundError('Message not found');
    if (message.status !== 'failed' && message.status !== 'not-sent')
      throw new ConflictError('Only a failed or unsent message can be retried');
    const { count } = await tx.outboxMessage.updateMany({
      where: { id, status: message.status },
      data: {
        status: 'queued',
        attempts: 0,
        countedAttempts: 0,
        lastError: null,
        nextAttemptAt: new Date(),
        lockedUntil: null,
        providerId: null,
        deliveredAt: null,
      },
    });
    if (count === 1) {
      const target = { entity: 'message', id, labelField: 'subject' };
      await recordAudit(tx, actor, auditUpdated(target, message, { status: 'queued', attempts: 0 }));
    }
  });
  wakeSender();
}

// ---------------------------------------------------------------------------------------------------------
// Delivery: what the sender (app/integrations/mail/sender.server.ts) reads and writes (docs/decisions/080-outbox-and-sender.md).

/** Attempts before a message is 'failed' with its last error. */
export const MAX_ATTEMPTS = 5;

const queuedListeners = new Set<() => void>();

/**
 * Calls `listener` each time a message is queued (or queued again by Retry) in this process, so the sender wakes at
 * once rather than at its next poll. It runs inside the caller's transaction, before the commit: the sender looks a
 * moment later (and polls anyway). Returns the function that stops listening.
 */
export function onMessageQueued(listener: () => void): () => void {
  queuedListeners.add(listener);
  return () => queuedListeners.delete(listener);
}

/** Queued, due at `now`, with attempts left: of one channel, each sender its own. */
function waitingWhere(now: Date, channel: OutboxChannel) {
  return { channel, status: 'queued', nextAttemptAt: { lte: now }, countedAttempts: { lt: MAX_ATTEMPTS } };
}

/** Waiting and not held by a live sender (docs/decisions/191-one-claim-and-lease.md). */
function dueWhere(now: Date, channel: OutboxChannel) {
  return { ...waitingWhere(now, channel), ...leaseFree(now) };
}

/** Ids of the channel's messages due at `now`, oldest first. */
export async function dueMessageIds(now: Date, take: number, channel: OutboxChannel = 'email'): Promise<number[]> {
  const rows = await db.outboxMessage.findMany({
    where: dueWhere(now, channel),
    select: { id: true },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    take,
  });
  return rows.map((r) => r.id);
}

/** When the channel's next queued message falls due (now or in the future), or null when nothing is queued. */
export async function nextDueAt(channel: OutboxChannel = 'email'): Promise<Date | null> {
  const next = await db.outboxMessage.findFirst({
    where: { channel, status: 'queued', countedAttempts: { lt: MAX_ATTEMPTS } },
    select: { nextAttemptAt: true, lockedUntil: true },
    orderBy: { nextAttemptAt: 'asc' },
  });
  if (!next) return null;
  return next.lockedUntil && next.lockedUntil > next.nextAttemptAt ? next.lockedUntil : next.nextAttemptAt;
}

/** A message a sender holds until `lockedUntil`; `attempts` already counts the attempt it is about to make. */
export type ClaimedMessage = Omit<OutboxMessage, 'status' | 'lastError' | 'sentAt'> & {
  lockedUntil: Date;
  countedAttempts: number;
};

/**
 * Takes one due message for one attempt: its lease (`claimLease`, still queued and due, not held by a live sender),
 * so two senders, in one process or several, never both take it. The attempt is counted here, before the send, so
 * a sender that dies mid-send still uses up an attempt; its lock expires and another sender retries the message.
 */
export async function claimMessage(
  id: number,
  now: Date,
  lockedUntil: Date,
  channel: OutboxChannel = 'email',
): Promise<ClaimedMessage | null> {
  const counted = { attempts: { increment: 1 }, countedAttempts: { increment: 1 } };
  const where = { id, ...waitingWhere(now, channel) };
  if (!(await claimLease(db, 'outboxMessage', where, now, lockedUntil, counted))) return null;
  const message = await requireOutboxMessage(id);
  const { countedAttempts } = await db.outboxMessage.findUniqueOrThrow({
    where: { id },
    select: { countedAttempts: true },
  });
  return { ...message, lockedUntil, countedAttempts };
}

function heldBy(message: ClaimedMessage) {
  return { id: message.id, status: 'queued', ...leaseHeld(message.lockedUntil) };
}

/**
 * The server accepted the message. False when the claim had expired and another sender took the message over. A sign-in
 * email (or a text's code) is kept without its code and link from then on (`keptOnceSent`). A text keeps the
 * provider's id of it (`providerId`), which its status callback names.
 */
export async function markSent(message: ClaimedMessage, sentAt: Date, providerId?: string): Promise<boolean> {
  const updated = await db.outboxMessage.updateMany({
    where: heldBy(message),
    data: {
      status: 'sent',
      sentAt,
      lastError: null,
      lockedUntil: null,
      ...(providerId ? { providerId } : {}),
      ...keptOnceSent(message),
    },
  });
  if (updated.count === 1 || !providerId) return updated.count === 1;
  // A text's status callback may come before this write (the provider answered, then reported at once): it has
  // recorded the outcome already, which is not a lost claim.
  const reported = await db.outboxMessage.count({ where: { id: message.id, providerId } });
  return reported === 1;
}

/**
 * The attempt failed: queued again for `retryAt`, or 'failed' with the error when no attempt is left (or `retryAt`
 * is null: retrying cannot help).
 */
export async function markAttemptFailed(message: ClaimedMessage, error: string, retryAt: Date | null): Promise<void> {
  const final = retryAt === null || message.countedAttempts >= MAX_ATTEMPTS;
  await db.outboxMessage.updateMany({
    where: heldBy(message),
    data: {
      status: final ? 'failed' : 'queued',
      lastError: error.slice(0, 1000),
      lockedUntil: null,
      ...(final ? {} : { nextAttemptAt: retryAt }),
    },
  });
}

/**
 * The mail server could not be reached (no reply at all): the message is queued again for `retryAt` with the error,
 * and the attempt is shown but not counted towards MAX_ATTEMPTS, since the server was at fault, not the message: a
 * mail server down for a day loses nothing (docs/decisions/146-mail-server-down.md).
 */
export async function markServerUnreachable(message: ClaimedMessage, error: string, retryAt: Date): Promise<void> {
  await db.outboxMessage.updateMany({
    where: heldBy(message),
    data: {
      lastError: error.slice(0, 1000),
      lockedUntil: null,
      nextAttemptAt: retryAt,
      countedAttempts: { decrement: 1 },
    },
  });
}

/** No mail server or text provider (or a misconfigured one): every due message of the channel is kept, 'not-sent'. */
export async function markDueNotSent(now: Date, reason: string, channel: OutboxChannel = 'email'): Promise<number> {
  const updated = await db.outboxMessage.updateMany({
    where: { channel, status: 'queued', nextAttemptAt: { lte: now }, ...leaseFree(now) },
    data: { status: 'not-sent', lastError: reason, lockedUntil: null },
  });
  return updated.count;
}

/**
 * Messages whose last attempt was interrupted (the sender stopped mid-send and its lock expired) with no attempt
 * left: 'failed', since whether the server took them is unknown.
 */
export async function failInterrupted(now: Date, channel: OutboxChannel = 'email'): Promise<number> {
  const updated = await db.outboxMessage.updateMany({
    where: { channel, status: 'queued', countedAttempts: { gte: MAX_ATTEMPTS }, lockedUntil: { lt: now } },
    data: {
      status: 'failed',
      lastError: 'The sender stopped during the last attempt; the message may not have been delivered',
      lockedUntil: null,
    },
  });
  return updated.count;
}
