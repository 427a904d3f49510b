import { parsePhoneNumberFromString } from 'libphonenumber-js';

/**
 * Texts' rules (docs/product/my-league.md#texts, docs/decisions/175-texts-through-twilio.md): a mobile number as the
 * golfer types it, US by default, kept as E.164; the words every text the league starts ends with; the 320-character
 * limit (two SMS segments); and the keywords of a reply (STOP and its synonyms, START, HELP), as carriers and Twilio
 * read them.
 */

export const BAD_NUMBER = 'Enter a mobile number, like (231) 555-0147.';

/** At most two SMS segments' worth: what the league's texts and an urgent notice may hold. */
export const TEXT_MAX = 320;

/** Every text the league starts ends with this (a reply to HELP too). */
export const STOP_LINE = 'Reply STOP to stop.';

/** The E.164 form of a number typed as a golfer types it ('(231) 555-0147', '231.555.0147', '+44 7911 123456'). */
export function parseMobile(input: string): string | null {
  const typed = input.trim();
  // At most a plausible length, and only what people type in a phone number.
  if (typed.length === 0 || typed.length > 30 || !/^[\d\s()+.\-]+$/.test(typed)) return null;
  const number = parsePhoneNumberFromString(typed, 'US');
  return number?.isValid() ? number.number : null;
}

/** A stored E.164 number as people read it: '(231) 555-0147' at home, '+44 7911 123456' abroad. */
export function formatPhone(e164: string): string {
  const number = parsePhoneNumberFromString(e164);
  if (!number) return e164;
  return number.country === 'US' ? number.formatNational() : number.formatInternational();
}

/** Whether `words` fit a league text whole, with the stop line (longer ones are cut: keep links out of their way). */
export function fitsText(words: string): boolean {
  return words.trim().replace(/\s+/g, ' ').length <= TEXT_MAX - STOP_LINE.length - 1;
}

/**
 * A text the league starts: its words, then 'Reply STOP to stop.', within TEXT_MAX characters. Words that would not
 * fit are cut at a word with '…' (the stop line always stays).
 */
export function leagueText(words: string): string {
  const body = words.trim().replace(/\s+/g, ' ');
  const room = TEXT_MAX - STOP_LINE.length - 1;
  if (body.length <= room) return `${body} ${STOP_LINE}`;
  const cut = body.slice(0, room - 1);
  const atWord = cut.slice(0, Math.max(cut.lastIndexOf(' '), room - 40)).trimEnd();
  return `${atWord}… ${STOP_LINE}`;
}

/** What a reply asks, by its keyword: the whole text, without case, spaces or a trailing full stop. */
export type ReplyKeyword = 'stop' | 'start' | 'help' | null;

const STOP_WORDS = new Set(['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'OPTOUT', 'REVOKE']);
const START_WORDS = new Set(['START', 'UNSTOP', 'YES']);
const HELP_WORDS = new Set(['HELP', 'INFO']);

export function replyKeyword(body: string): ReplyKeyword {
  const word = body
    .trim()
    .replace(/[.!]+$/, '')
    .toUpperCase();
  if (STOP_WORDS.has(word)) return 'stop';
  if (START_WORDS.has(word)) return 'start';
  if (HELP_WORDS.has(word)) return 'help';
  return null;
}
