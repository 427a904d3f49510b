import { db } from '~/db/db.server';
import { leaseHeld } from '~/db/lease.server';
import type { ClaimedMessage } from './outbox.server';

/* The outbox's texts (docs/decisions/175-texts-through-twilio.md): what the text sender and Twilio's callbacks write. */

/**
 * The message may not be sent at all, whatever the attempts (a text to a number whose golfer turned texts off or
 * replied STOP): 'not-sent' with the reason; 'Retry' on /outbox asks again.
 */
export async function markNotSent(message: ClaimedMessage, reason: string): Promise<void> {
  await db.outboxMessage.updateMany({
    where: { id: message.id, status: 'queued', ...leaseHeld(message.lockedUntil) },
    data: { status: 'not-sent', lastError: reason.slice(0, 1000), lockedUntil: null },
  });
}

/**
 * The text provider's report on a text it took (its status callback, docs/decisions/175-texts-through-twilio.md):
 * 'delivered', or 'failed' with the carrier's reason. Only a text of ours whose provider id is `providerId` (or whose
 * id is not recorded yet: the report came first) changes; answers whether one did.
 */
export async function recordTextOutcome(
  id: number,
  providerId: string,
  outcome: { delivered: true; at: Date } | { delivered: false; error: string },
): Promise<boolean> {
  const { count } = await db.outboxMessage.updateMany({
    where: {
      id,
      channel: 'text',
      status: { in: ['queued', 'sent', 'delivered'] },
      OR: [{ providerId }, { providerId: null }],
    },
    data: outcome.delivered
      ? { status: 'delivered', deliveredAt: outcome.at, lastError: null, providerId, lockedUntil: null }
      : { status: 'failed', lastError: outcome.error.slice(0, 1000), providerId, lockedUntil: null },
  });
  return count === 1;
}

/** The text the provider knows by `providerId`, or null. */
export async function findOutboxIdByProvider(providerId: string): Promise<number | null> {
  if (!providerId) return null;
  const row = await db.outboxMessage.findFirst({ where: { channel: 'text', providerId }, select: { id: true } });
  return row?.id ?? null;
}
