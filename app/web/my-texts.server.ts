import crypto from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { InvalidError } from '~/domain/errors';
import { BAD_NUMBER, formatPhone, parseMobile } from '~/domain/texts';
import { enqueueTextCode } from '~/features/texts/text-messages.server';
import { confirmNumber, findTexts, startConfirming, turnTextsOff } from '~/models/golfer-texts.server';
import { getGolfer } from '~/models/golfers.server';
import { attemptSucceeded, lockedMinutes, lockIfUsedUp, reserveAttempt } from '~/models/login-throttle.server';
import { takeHourlySlot } from '~/models/rate-limit.server';
import { getSettings } from '~/models/settings.server';
import { db } from '~/db/db.server';
import { inTransaction } from '~/db/transaction.server';
import { HttpError, TooManyRequestsError } from './http.server';
import { sessionSecrets } from './session.server';

/**
 * 'Texts' on /me (docs/product/my-league.md#texts, docs/decisions/175-texts-through-twilio.md): the golfer types a
 * mobile number, gets a 6-digit code by text and types it on the page; texts are then on for that number. The code is
 * kept as an HMAC and lives 15 minutes; five wrong codes lock the number 15 minutes (the sign-in throttle's table,
 * key `text-code:{number}`), sending included. At most 5 codes an hour per golfer and per number.
 */

const CODE_MINUTES = 15;
const CODES_PER_HOUR = 5;
const MAX_WRONG_CODES = 5;
const WRONG_CODE_DELAY_MS = 300;
const WRONG_CODE = 'That code is not right, or it has expired. Check the latest text, or ask for a new code.';

export type MyTexts = {
  /** 'Texts are on for (231) 555-0147.', 'Texts are off: you replied STOP.', 'Texts are off.', or how to start. */
  status: string;
  on: boolean;
  stopped: boolean;
  /** The number a code was texted to, while it can still be typed. */
  confirming: string | null;
  /** What the number field starts with: the number being confirmed or on file, else the contact phone. */
  suggested: string;
  /** 'Text START to (231) 555-0100' after a STOP, when the league texts from a number of its own. */
  startHint: string;
};

function codeHash(golferId: number, phone: string, code: string): string {
  return crypto.createHmac('sha256', sessionSecrets()[0]).update(`text:${golferId}:${phone}:${code}`).digest('hex');
}

const lockKey = (phone: string) => ({ key: `text-code:${phone}`, max: MAX_WRONG_CODES });

function tooMany(what: string, seconds: number): TooManyRequestsError {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return new TooManyRequestsError(`${what} Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`, seconds);
}

/** The league's own number, when TWILIO_FROM is one (a messaging service has several). */
function leagueNumber(): string | null {
  const from = process.env.TWILIO_FROM?.trim() ?? '';
  return /^\+\d{7,15}$/.test(from) ? formatPhone(from) : null;
}

/** What /me's 'Texts' shows. */
export async function myTexts(golferId: number, now = new Date()): Promise<MyTexts> {
  const [row, golfer] = await Promise.all([findTexts(golferId), getGolfer(golferId)]);
  const confirming =
    row?.pendingPhone && row.codeExpiresAt && row.codeExpiresAt > now ? formatPhone(row.pendingPhone) : null;
  const on = Boolean(row?.textsOn && row.phone);
  const stopped = !on && row?.offReason === 'stop';
  const status =
    on && row?.phone
      ? `Texts are on for ${formatPhone(row.phone)}.`
      : stopped
        ? 'Texts are off: you replied STOP.'
        : row?.phone
          ? 'Texts are off.'
          : 'Get rain-outs, urgent notices, the "Are you in?" reminder and your game-day tee time by text as well as by email.';
  const contact = golfer?.phone ? parseMobile(golfer.phone) : null;
  const suggestedNumber = row?.pendingPhone ?? row?.phone ?? contact;
  const own = leagueNumber();
  return {
    status,
    on,
    stopped,
    confirming,
    suggested: suggestedNumber ? formatPhone(suggestedNumber) : '',
    startHint: `To get texts again on that number, text START to ${own ?? "the league's number"}, or confirm another number below.`,
  };
}

/**
 * 'Text me a code': the number checked (400 'Enter a mobile number, like (231) 555-0147.'), refused while it is
 * locked or past the hourly limits (429), then a new code stored and its text queued in one transaction.
 */
export async function sendTextCode(golferId: number, typed: string, now = new Date()): Promise<{ number: string }> {
  const phone = parseMobile(typed);
  if (!phone) throw new InvalidError(BAD_NUMBER, { mobile: [BAD_NUMBER] });
  const locked = await lockedMinutes(lockKey(phone), now);
  if (locked > 0) throw tooMany('Too many wrong codes.', locked * 60);
  const byGolfer = await takeHourlySlot(`text-code-golfer:${golferId}`, CODES_PER_HOUR, now);
  if (byGolfer !== null) throw tooMany('Too many codes asked for.', byGolfer);
  const byNumber = await takeHourlySlot(`text-code-number:${phone}`, CODES_PER_HOUR, now);
  if (byNumber !== null) throw tooMany('Too many codes asked for.', byNumber);
  const code = crypto.randomInt(0, 1_000_000).toString().padStart(6, '0');
  const { leagueName } = await getSettings();
  await inTransaction(db, async (tx) => {
    await startConfirming(tx, {
      golferId,
      phone,
      codeHash: codeHash(golferId, phone, code),
      expiresAt: new Date(now.getTime() + CODE_MINUTES * 60_000),
    });
    await enqueueTextCode(tx, {
      id: crypto.randomBytes(8).toString('hex'),
      golferId,
      to: phone,
      code,
      leagueName,
      minutes: CODE_MINUTES,
    });
  });
  return { number: formatPhone(phone) };
}

/**
 * A typed code: counted on the number's lock before it is compared (five wrong codes lock it 15 minutes: 429), then
 * compared in constant time with the live code. Right: texts are on for the number.
 */
export async function confirmTextCode(golferId: number, code: string, now = new Date()): Promise<{ number: string }> {
  const row = await findTexts(golferId);
  const phone = row?.pendingPhone ?? null;
  if (!row || !phone || !row.codeHash) throw new HttpError(400, WRONG_CODE, { textCode: [WRONG_CODE] });
  const keys = [lockKey(phone)];
  const minutes = await reserveAttempt(keys, now);
  if (minutes > 0) throw tooMany('Too many wrong codes.', minutes * 60);
  const expected = Buffer.from(row.codeHash, 'hex');
  const given = Buffer.from(codeHash(golferId, phone, code), 'hex');
  const live = row.codeExpiresAt !== null && row.codeExpiresAt > now;
  if (!crypto.timingSafeEqual(expected, given) || !live) {
    await lockIfUsedUp(lockKey(phone), now);
    await sleep(WRONG_CODE_DELAY_MS);
    throw new HttpError(400, WRONG_CODE, { textCode: [WRONG_CODE] });
  }
  if (!(await confirmNumber(golferId, row.codeHash, now)))
    throw new HttpError(409, 'This code has already been used. Ask for a new one.');
  await attemptSucceeded(keys);
  return { number: formatPhone(phone) };
}

/** 'Turn texts off'. */
export async function textsOff(golferId: number, now = new Date()): Promise<void> {
  await turnTextsOff(golferId, now);
}
