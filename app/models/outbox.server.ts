import { NotFoundError, ConflictError } from '~/domain/errors';
import { db, isUniqueViolation, type Tx } from '~/utils/db.server';

/**
 * The outbox (docs/product/email.md#transport-and-outbox): every email is first written here, in the same transaction
 * as the event that causes it, under a key unique per purpose. The sender (app/mail/sender.server.ts) delivers it.
 */
export const OUTBOX_STATUSES = ['queued', 'sent', 'failed', 'not-sent'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

export const OUTBOX_KINDS = ['receipt', 'tee-time', 'league', 'reminder', 'contact-change'] as const;
export type OutboxKind = (typeof OUTBOX_KINDS)[number];

export type OutboxAttachment = { filename: string; contentType: string; content: string };

export type NewMessage = {
  /** Unique per purpose, e.g. `receipt:{checkout session id}`: queuing the same key again changes nothing. */
  key: string;
  kind: OutboxKind;
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
  kind: string;
  toAddress: string;
  golferId: number | null;
  subject: string;
  status: string;
  attempts: number;
  lastError: string | null;
  sentAt: Date | null;
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
  kind: true,
  toAddress: true,
  golferId: true,
  subject: true,
  status: true,
  attempts: true,
  lastError: true,
  sentAt: true,
  createdAt: true,
} as const;

/**
 * Queues one message inside the caller's transaction. Returns false when a message with the same key already exists
 * (a replayed webhook, a reload): it is neither queued again nor an error. Call it with the transaction of the event
 * (`tx`), never with `db` after the event committed, or a crash between the two loses the message.
 */
export async function enqueueMessage(tx: Tx, message: NewMessage): Promise<boolean> {
  const existing = await tx.outboxMessage.findUnique({ where: { key: message.key }, select: { id: true } });
  if (existing) return false;
  try {
    await tx.outboxMessage.create({
      data: {
        key: message.key,
        kind: message.kind,
        toAddress: message.to,
        golferId: message.golferId ?? null,
        subject: message.subject,
        text: message.text,
        html: message.html,
        attachments: message.attachments?.length ? JSON.stringify(message.attachments) : null,
        headers: message.headers && Object.keys(message.headers).length ? JSON.stringify(message.headers) : null,
      },
    });
    return true;
  } catch (error) {
    // Two transactions raced on one key (SQLite serializes them, so only PostgreSQL gets here).
    if (isUniqueViolation(error)) return false;
    throw error;
  }
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
export async function retryMessage(id: number, client: Tx = db): Promise<void> {
  const message = await client.outboxMessage.findUnique({ where: { id }, select: { status: true } });
  if (!message) throw new NotFoundError('Message not found');
  if (message.status !== 'failed' && message.status !== 'not-sent')
    throw new ConflictError('Only a failed or unsent message can be retried');
  await client.outboxMessage.updateMany({
    where: { id, status: message.status },
    data: { status: 'queued', attempts: 0, lastError: null, nextAttemptAt: new Date(), lockedUntil: null },
  });
}
