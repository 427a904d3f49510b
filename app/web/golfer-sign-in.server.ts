import crypto from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { maskEmail } from '~/domain/contact-mask';
import { enqueueSignInCode, mailOrigin } from '~/features/notifications/messages.server';
import {
  CODE_MINUTES,
  findSignInCode,
  giveBackCodeAttempt,
  MAX_CODE_ATTEMPTS,
  replaceSignInCode,
  reserveCodeAttempt,
  spendSignInCode,
} from '~/models/golfer-sign-in-codes.server';
import { findGolfersByEmail, normalizeEmail } from '~/models/golfers.server';
import { attemptSucceeded, reserveAttempt, throttleKeys } from '~/models/login-throttle.server';
import { takeHourlySlot } from '~/models/rate-limit.server';
import { sessionRowId } from '~/models/sessions.server';
import { getSettings } from '~/models/settings.server';
import { db } from '~/db/db.server';
import { inTransaction } from '~/db/transaction.server';
import { HttpError, TooManyRequestsError } from './http.server';
import { sessionSecrets } from './session.server';

/**
 * Golfers sign in with a code emailed to them (docs/decisions/125-golfer-sign-in.md,
 * docs/product/my-league.md#signing-in). The page /me/sign-in and its twins POST /api/me/code and /api/me/verify
 * call these, and then startGolferSession (golfer-session.server.ts).
 *
 * - Asking for a code answers the same whether or not the address is on file; a code is made and mailed only when
 *   it is. At most CODES_PER_EMAIL an hour per address of email and CODES_PER_CLIENT per client address (429).
 * - A code: 6 digits, kept as an HMAC, compared in constant time; 15 minutes, once, 5 wrong tries kill it. Every try
 *   is also counted, before it is compared, on the administrators' sign-in throttle (5 per address of email and
 *   client, 30 per client in 15 minutes: login-throttle.server.ts), and a wrong one waits WRONG_CODE_DELAY_MS.
 * - The link carries a random token (its SHA-256 is the row's id): it works on any device, once. Opening it
 *   changes nothing (mail scanners open links); its page's button, which is also 'Who is signing in?', signs in.
 */
const CODES_PER_EMAIL = 5;
const CODES_PER_CLIENT = 20;
const WRONG_CODE_DELAY_MS = 300;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

const WRONG_CODE = 'That code is not right, or it has expired. Check the latest email, or ask for a new code.';
const LINK_NOT_VALID = 'This sign-in link is not valid. Ask for a new code below.';
const LINK_USED = 'This sign-in link has already been used. Ask for a new code below.';
const LINK_EXPIRED = 'This sign-in link has expired. Ask for a new code below.';
const NOT_LISTED = 'Choose one of the golfers listed.';

/** A golfer to choose on 'Who is signing in?': the name only, never contact details. */
export type SignInChoice = { id: number; name: string };

function codeHash(id: string, code: string): Buffer {
  return crypto.createHmac('sha256', sessionSecrets()[0]).update(`${id}:${code}`).digest();
}

function tooMany(seconds: number): TooManyRequestsError {
  const minutes = Math.ceil(seconds / 60);
  return new TooManyRequestsError(
    `Too many codes asked for. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    seconds,
  );
}

/** The sentence shown after 'Send my code', whether or not the address is on file. */
function codeSentMessage(email: string): string {
  return `If ${maskEmail(email) ?? 'that address'} belongs to a league golfer, a code is on its way.`;
}

/**
 * 'Send my code': counts the request on both hourly limits (429 past either), then, when golfers have this address,
 * stores a new code (ending the older ones) and queues its email in one transaction.
 */
export async function sendSignInCode(input: {
  email: string;
  clientAddress: string;
  origin: string;
  now?: Date;
}): Promise<{ message: string }> {
  const now = input.now ?? new Date();
  const email = normalizeEmail(input.email);
  if (!email) throw new HttpError(400, 'Enter your email address', { email: ['Enter your email address'] });
  const byClient = await takeHourlySlot(`me-code-ip:${input.clientAddress}`, CODES_PER_CLIENT, now);
  if (byClient !== null) throw tooMany(byClient);
  const byEmail = await takeHourlySlot(`me-code-email:${email}`, CODES_PER_EMAIL, now);
  if (byEmail !== null) throw tooMany(byEmail);
  const golfers = await findGolfersByEmail(email);
  if (golfers.length > 0) {
    const token = crypto.randomBytes(32).toString('base64url');
    const id = sessionRowId(token);
    const code = crypto.randomInt(0, 1_000_000).toString().padStart(6, '0');
    const { leagueName } = await getSettings();
    const link = `${mailOrigin(input.origin)}/me/sign-in?token=${token}`;
    await inTransaction(db, async (tx) => {
      await replaceSignInCode(tx, { id, email, codeHash: codeHash(id, code).toString('hex'), now });
      await enqueueSignInCode(tx, { id, to: email, code, link, leagueName, minutes: CODE_MINUTES });
    });
  }
  return { message: codeSentMessage(email) };
}

function choicesOf(golfers: { id: number; fullName: string; nickname: string | null }[]): SignInChoice[] {
  return golfers.map((g) => ({ id: g.id, name: g.nickname ? `${g.fullName} (${g.nickname})` : g.fullName }));
}

/**
 * After a right code or link: the golfer who signs in (the only one at the address, or the one chosen), or the
 * golfers to choose from when several share it and none was chosen yet (nothing is used then).
 */
async function settle(
  row: { id: string; email: string },
  golferId: number | undefined,
  now: Date,
  usedMessage: string,
): Promise<{ golferId: number } | { choose: SignInChoice[] }> {
  const golfers = await findGolfersByEmail(row.email);
  if (golfers.length === 0) throw new HttpError(400, WRONG_CODE, { code: [WRONG_CODE] });
  let chosen = golfers.length === 1 ? golfers[0].id : undefined;
  if (golferId !== undefined) {
    if (!golfers.some((g) => g.id === golferId)) throw new HttpError(400, NOT_LISTED, { golferId: [NOT_LISTED] });
    chosen = golferId;
  }
  if (chosen === undefined) return { choose: choicesOf(golfers) };
  if (!(await spendSignInCode(row.id, now))) throw new HttpError(409, usedMessage);
  return { golferId: chosen };
}

/**
 * A typed code: right for the address's live code, within its tries, and not throttled. Answers the golfer to sign
 * in, or 'Who is signing in?' (the code is used only when the golfer is known).
 */
export async function verifySignInCode(input: {
  email: string;
  code: string;
  golferId?: number;
  clientAddress: string;
  now?: Date;
}): Promise<{ golferId: number } | { choose: SignInChoice[] }> {
  const now = input.now ?? new Date();
  const email = normalizeEmail(input.email) ?? '';
  const keys = throttleKeys(`me-code:${email}`, input.clientAddress);
  const minutes = await reserveAttempt(keys, now);
  if (minutes > 0)
    throw new TooManyRequestsError(
      `Too many wrong codes. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      minutes * 60,
    );
  const row = await reserveCodeAttempt(email, now);
  // Compared in constant time, and compared even when there is no live code, so the answer takes as long.
  const expected = row ? Buffer.from(row.codeHash, 'hex') : codeHash('none', '000000');
  const given = codeHash(row?.id ?? 'none', input.code);
  const right = crypto.timingSafeEqual(expected, given);
  if (!right || !row) {
    await sleep(WRONG_CODE_DELAY_MS);
    throw new HttpError(400, WRONG_CODE, { code: [WRONG_CODE] });
  }
  await giveBackCodeAttempt(row.id);
  await attemptSucceeded(keys);
  return settle(row, input.golferId, now, 'This code has already been used. Ask for a new one.');
}

async function liveLink(token: string, now: Date) {
  if (!TOKEN_PATTERN.test(token)) throw new HttpError(404, LINK_NOT_VALID);
  const row = await findSignInCode(sessionRowId(token));
  if (!row) throw new HttpError(404, LINK_NOT_VALID);
  if (row.usedAt) throw new HttpError(404, LINK_USED);
  if (row.expiresAt <= now || row.attempts >= MAX_CODE_ATTEMPTS) throw new HttpError(404, LINK_EXPIRED);
  return row;
}

/** What the link's page shows: who may sign in with it. Unknown, used or expired links are a 404 with the reason. */
export async function signInLinkChoices(token: string, now = new Date()): Promise<SignInChoice[]> {
  const row = await liveLink(token, now);
  return choicesOf(await findGolfersByEmail(row.email));
}

/** The link's button: signs in the golfer chosen (or the only one), using the link and its code. */
export async function signInWithLink(
  token: string,
  golferId: number | undefined,
  now = new Date(),
): Promise<{ golferId: number } | { choose: SignInChoice[] }> {
  const row = await liveLink(token, now);
  return settle(row, golferId, now, LINK_USED);
}

/** Where to go after signing in: a path of /me (the `next` a sign-in page was sent with), else /me. */
export function afterSignIn(next: unknown): string {
  return typeof next === 'string' && /^\/me(\/[A-Za-z0-9/_-]*)?(\?[^\\]*)?$/.test(next) && !next.startsWith('//')
    ? next
    : '/me';
}
