import { randomBytes } from 'node:crypto';
import { maskEmail } from '~/domain/contact-mask';
import { golfersOnList, type EmailListFilter } from '~/domain/email-list';
import { DomainError, InvalidError, NotFoundError } from '~/domain/errors';
import { currentSeason } from '~/domain/season';
import { buildLeagueEmail, unsubscribeUrl } from '~/features/league-messages/email.server';
import { enqueueMessages, type NewMessage } from '~/models/outbox.server';
import { getSettings } from '~/models/settings.server';
import { inTransaction } from '~/db/transaction.server';
import type { LeagueMessageInput } from '~/schemas/league-message';
import { db, type Tx } from '~/db/db.server';
import { auditNote, recordAudit, type Actor } from '~/db/audit.server';

/**
 * League messages and payment reminders from /email-list, and unsubscribing from them
 * (docs/product/email.md#league-messages, docs/decisions/086-league-messages.md): one outbox row per golfer of the
 * tab who has an email and has not unsubscribed, all in one transaction, under a key unique per send and golfer.
 */

export const NO_RECIPIENTS = 'No golfers to send to on this tab';
const INVALID_LINK = 'This unsubscribe link is not valid';

type Recipient = { id: number; firstName: string; lastName: string; email: string; unsubscribeToken: string | null };

/** The golfers a message to this tab goes to: on the list, with an email, not unsubscribed. Two queries. */
async function recipientsOf(tx: Tx, season: number, list: EmailListFilter): Promise<Recipient[]> {
  const [golfers, memberships] = await Promise.all([
    tx.golfer.findMany({
      where: { email: { not: null }, unsubscribedAt: null },
      select: { id: true, firstName: true, lastName: true, email: true, unsubscribeToken: true },
    }),
    tx.membership.findMany({
      where: { season },
      select: { golferId: true, season: true, registered: true, paid: true },
    }),
  ]);
  return golfersOnList(golfers, memberships, season, list).map((golfer) => ({
    ...golfer,
    email: golfer.email!.trim(),
  }));
}

/** 32 characters of base64url from 24 random bytes: not guessable, and safe in a URL as it is. */
function newToken(): string {
  return randomBytes(24).toString('base64url');
}

/** The one-time id of a compose form (its hidden `sendId`), made when the form is shown. */
export function newSendId(): string {
  return randomBytes(16).toString('base64url');
}

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{32}$/;

/**
 * The golfer's unsubscribe token, made now (in the caller's transaction) when they have none yet. The results recap
 * (app/features/automation) carries the same link.
 */
export async function tokenOf(tx: Tx, golfer: Pick<Recipient, 'id' | 'unsubscribeToken'>): Promise<string> {
  if (golfer.unsubscribeToken) return golfer.unsubscribeToken;
  const token = newToken();
  const { count } = await tx.golfer.updateMany({
    where: { id: golfer.id, unsubscribeToken: null },
    data: { unsubscribeToken: token },
  });
  if (count === 1) return token;
  // Another send gave the golfer a token a moment ago (PostgreSQL): use that one.
  const current = await tx.golfer.findUniqueOrThrow({ where: { id: golfer.id }, select: { unsubscribeToken: true } });
  return current.unsubscribeToken!;
}

/**
 * Queues one email per golfer of the tab (kind 'league', or 'reminder' for the payment reminder) and answers how
 * many golfers it is for. The key `{kind}:{sendId}:{golferId}` makes sending the same form twice queue it once; the
 * second answer is the same count. An empty tab is refused with NO_RECIPIENTS and queues nothing.
 */
export async function queueLeagueMessage(
  input: LeagueMessageInput,
  { origin, season = currentSeason() }: { origin: string; season?: number },
  actor: Actor | null,
  client: Tx = db,
): Promise<{ count: number }> {
  const { leagueName } = await getSettings();
  const prefix = `${input.kind}:${input.sendId}:`;
  try {
    return await inTransaction(client, async (tx) => {
      const recipients = await recipientsOf(tx, season, input.list);
      if (recipients.length === 0) throw new InvalidError(NO_RECIPIENTS);
      const messages: NewMessage[] = [];
      for (const golfer of recipients) {
        const email = buildLeagueEmail({
          leagueName,
          subject: input.subject,
          message: input.message,
          golfer,
          unsubscribe: unsubscribeUrl(origin, await tokenOf(tx, golfer)),
          myLeague: `${origin.replace(/\/+$/, '')}/me`,
        });
        messages.push({
          key: `${prefix}${golfer.id}`,
          kind: input.kind,
          to: golfer.email,
          golferId: golfer.id,
          ...email,
        });
      }
      const queued = await enqueueMessages(tx, prefix, messages);
      if (queued > 0) {
        const what = input.kind === 'reminder' ? 'a payment reminder' : 'a league message';
        const summary = `Sent ${what} '${input.subject}' to ${queued} golfer${queued === 1 ? '' : 's'}`;
        await recordAudit(tx, actor, auditNote({ action: 'create', entity: 'message', summary }));
      }
      return { count: recipients.length };
    });
  } catch (error) {
    if (error instanceof DomainError || client !== db) throw error;
    // The same form sent twice at the same moment (PostgreSQL): this transaction lost on the unique key, and the
    // other one queued the send. Its golfers have it; nothing is queued twice.
    const queued = await db.outboxMessage.count({ where: { key: { startsWith: prefix } } });
    if (queued > 0) return { count: queued };
    throw error;
  }
}

export type UnsubscribeState = { maskedEmail: string | null; unsubscribed: boolean };

async function golferByToken(token: string, client: Tx) {
  // A token that cannot be one of ours is not looked up at all.
  const golfer = TOKEN_PATTERN.test(token)
    ? await client.golfer.findUnique({
        where: { unsubscribeToken: token },
        select: { id: true, email: true, unsubscribedAt: true },
      })
    : null;
  if (!golfer) throw new NotFoundError(INVALID_LINK);
  return golfer;
}

/** What /unsubscribe/{token} shows before anything changes: the masked address and whether it already opted out. */
export async function getUnsubscribeState(token: string, client: Tx = db): Promise<UnsubscribeState> {
  const golfer = await golferByToken(token, client);
  return { maskedEmail: maskEmail(golfer.email), unsubscribed: golfer.unsubscribedAt !== null };
}

/**
 * Opts the golfer of this token out of league messages (receipts still go out). Doing it again changes nothing;
 * an unknown token is a NotFoundError and changes nothing.
 */
export async function unsubscribe(token: string, client: Tx = db): Promise<UnsubscribeState> {
  const golfer = await golferByToken(token, client);
  if (!golfer.unsubscribedAt)
    await client.golfer.updateMany({
      where: { id: golfer.id, unsubscribedAt: null },
      data: { unsubscribedAt: new Date() },
    });
  return { maskedEmail: maskEmail(golfer.email), unsubscribed: true };
}

/** 'Subscribe again' on the same page, for a golfer who unsubscribed by mistake. */
export async function resubscribe(token: string, client: Tx = db): Promise<UnsubscribeState> {
  const golfer = await golferByToken(token, client);
  if (golfer.unsubscribedAt) await client.golfer.update({ where: { id: golfer.id }, data: { unsubscribedAt: null } });
  return { maskedEmail: maskEmail(golfer.email), unsubscribed: false };
}

/** 'League messages' on /me: the same setting as the unsubscribe link (on: receives them; off: unsubscribed). */
export async function setLeagueMessages(golferId: number, on: boolean, client: Tx = db): Promise<void> {
  if (on) await client.golfer.updateMany({ where: { id: golferId }, data: { unsubscribedAt: null } });
  else
    await client.golfer.updateMany({
      where: { id: golferId, unsubscribedAt: null },
      data: { unsubscribedAt: new Date() },
    });
}
