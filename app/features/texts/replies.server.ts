import { leagueText, replyKeyword, TEXT_MAX } from '~/domain/texts';
import { startNumber, stopNumber } from '~/models/golfer-texts.server';
import { findOutboxIdByProvider, recordTextOutcome } from '~/models/outbox-texts.server';
import { getSettings } from '~/models/settings.server';
import { leagueContactEmail } from '~/models/users.server';

/**
 * What comes back from Twilio (docs/decisions/175-texts-through-twilio.md), once the HTTP edge has checked its
 * signature: a golfer's reply (STOP and its synonyms turn texts off for the number, START/UNSTOP/YES back on, HELP is
 * answered with the league's name and how to reach it), and a text's fate (delivered, or failed with the reason).
 */

/**
 * A reply to one of the league's texts. Answers the words to text back, or null for none: after STOP and START
 * Twilio itself sends the carriers' required confirmation, so the league adds nothing.
 */
export async function answerReply(input: { from: string; body: string; origin: string; now?: Date }) {
  const keyword = replyKeyword(input.body);
  if (keyword === 'stop') {
    await stopNumber(input.from, input.now ?? new Date());
    return null;
  }
  if (keyword === 'start') {
    await startNumber(input.from);
    return null;
  }
  if (keyword !== 'help') return null;
  const [{ leagueName }, email] = await Promise.all([getSettings(), leagueContactEmail()]);
  const reach = email ? `email ${email} or visit ${input.origin}` : `visit ${input.origin}`;
  const words = `${leagueName}: texts about your league nights (rain-outs, urgent notices, reminders). For help, ${reach}. Reply START to get texts again after STOP.`;
  return words.length + 21 <= TEXT_MAX ? leagueText(words) : leagueText(`${leagueName}: for help, ${reach}.`);
}

/** Twilio's words for the carrier errors a league meets; others are shown by their code. */
const CARRIER_ERRORS: Record<string, string> = {
  '21610': 'the number replied STOP',
  '30003': 'unreachable phone (switched off or out of coverage)',
  '30004': 'the message was blocked',
  '30005': 'unknown number (it may no longer be in service)',
  '30006': 'a landline or a carrier that takes no texts',
  '30007': 'filtered by the carrier as spam',
  '30008': 'unknown error at the carrier',
};

/**
 * A status callback: 'delivered' marks the text Delivered; 'undelivered' and 'failed' mark it Failed with the reason
 * ('Failed: 30003 unreachable phone …'); the steps before (queued, sending, sent) change nothing. The text is the
 * outbox message `id` of the callback's address (the sender sets it), or the one Twilio's Message SID names.
 */
export async function recordTextStatus(input: {
  id: number | null;
  messageSid: string;
  status: string;
  errorCode: string | null;
  from?: string | null;
  to?: string | null;
  now?: Date;
}): Promise<boolean> {
  const id = input.id ?? (await findOutboxIdByProvider(input.messageSid));
  if (id === null || !input.messageSid) return false;
  if (input.status === 'delivered')
    return recordTextOutcome(id, input.messageSid, { delivered: true, at: input.now ?? new Date() });
  if (input.status !== 'undelivered' && input.status !== 'failed') return false;
  const code = input.errorCode?.trim() || null;
  if (code === '21610' && input.to) await stopNumber(input.to, input.now ?? new Date());
  const reason = code
    ? `${code} ${CARRIER_ERRORS[code] ?? 'see Twilio’s error list'}`
    : 'the carrier did not deliver it';
  return recordTextOutcome(id, input.messageSid, { delivered: false, error: `Failed: ${reason}` });
}
