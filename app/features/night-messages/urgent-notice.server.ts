import { randomBytes } from 'node:crypto';
import { ConflictError, NotFoundError } from '~/domain/errors';
import { todayInLeague } from '~/domain/season';
import { getSettings } from '~/models/settings.server';
import { enqueueMessages } from '~/models/outbox.server';
import { createNotice, noticePrefix, noticesOf, type NoticeWithSends } from '~/models/night-notices.server';
import type { Actor } from '~/db/audit.server';
import { db, isUniqueViolation } from '~/db/db.server';
import { inTransaction } from '~/db/transaction.server';
import { rainOutView, type RainOutView } from './rain-out.server';
import { nightGolferIds, nightMessages, nightName, requireLeagueNight } from './night-golfers.server';

/**
 * 'Urgent notice' on /scores (docs/product/scorecards.md#urgent-notice, docs/decisions/178-urgent-notices.md): words
 * of up to 320 characters ('Frost delay: first tee time 5:42 PM') to tonight's golfers, by email and by text to those
 * with texts on, once: the notice row and its outbox messages in one transaction, the form's one-time key unique.
 */

/** The one-time key of a notice form (its hidden `requestKey`), made when the form is shown. */
function newRequestKey(): string {
  return randomBytes(16).toString('base64url');
}

export type NoticeOutcome = { sent: boolean; golfers: number; emails: number; texts: number };

/**
 * Sends the notice to tonight's golfers. 404 for no league night, 409 for a night that is not tonight or is rained
 * out. The same form sent again (its key taken) answers `sent: false` and queues nothing.
 */
export async function sendUrgentNotice(input: {
  date: string;
  notice: string;
  requestKey: string;
  actor: Actor | null;
  today?: string;
}): Promise<NoticeOutcome> {
  const settings = await getSettings();
  // The same form sent twice at one instant (PostgreSQL): the second's insert finds the key taken and its transaction
  // is undone, so it queued nothing; it answers as a second press does.
  try {
    return await queueNotice(input, settings.leagueName);
  } catch (error) {
    if (isUniqueViolation(error)) return { sent: false, golfers: 0, emails: 0, texts: 0 };
    throw error;
  }
}

function queueNotice(
  input: { date: string; notice: string; requestKey: string; actor: Actor | null; today?: string },
  leagueName: string,
): Promise<NoticeOutcome> {
  return inTransaction(db, async (tx) => {
    const night = await requireLeagueNight(input.date, tx);
    if (night.date !== (input.today ?? todayInLeague()))
      throw new ConflictError('An urgent notice is for tonight only');
    if (night.rainOut) throw new ConflictError('This night was rained out: its golfers already know.');
    const golfers = await nightGolferIds(night, tx);
    const notice = await createNotice(
      tx,
      { date: night.date, kind: 'notice', text: input.notice, requestKey: input.requestKey, golfers: golfers.length },
      input.actor,
    );
    if (!notice) return { sent: false, golfers: 0, emails: 0, texts: 0 };
    const name = nightName(night.date);
    const messages = await nightMessages(
      tx,
      notice.id,
      golfers,
      {
        kind: 'notice',
        subject: `Urgent notice for tonight, ${name}`,
        paragraphs: input.notice.split(/\n+/),
        text: `${leagueName}: ${input.notice}`,
      },
      leagueName,
    );
    await enqueueMessages(tx, noticePrefix(notice.id), messages);
    const texts = messages.filter((m) => m.channel === 'text').length;
    return { sent: true, golfers: golfers.length, emails: messages.length - texts, texts };
  });
}

export type NightMessagesView = {
  /** The rain-out button's night, or null when the date is no league night. */
  rainOut: RainOutView | null;
  /** Whether 'Urgent notice' is offered: tonight, a league night not rained out. */
  noticeOpen: boolean;
  requestKey: string;
  notices: NoticeWithSends[];
};

/** What /scores shows of a night's messages: the rain-out button, the notice form and the notices sent. */
export async function nightMessagesView(date: string, today = todayInLeague()): Promise<NightMessagesView> {
  const rainOut = await rainOutView(date, today).catch((error: unknown) => {
    if (error instanceof NotFoundError) return null;
    throw error;
  });
  return {
    rainOut,
    noticeOpen: rainOut !== null && date === today && !rainOut.rainedOut,
    requestKey: newRequestKey(),
    notices: await noticesOf(date),
  };
}
