import crypto from 'node:crypto';

/**
 * The links of the 'Are you in?' email (docs/product/automation.md#are-you-in, docs/decisions/151-answer-links.md):
 * a token that names the golfer, the night and the answer, and until when it works (the night's availability
 * cut-off), signed with the site's secret (HMAC-SHA256). Nothing is stored: a token that verifies is one the site
 * wrote; any change to it breaks the signature.
 */

export type Answer = 'in' | 'out';
export type AnswerClaim = { golferId: number; date: string; answer: Answer; expiresAt: Date };

const PATTERN = /^([1-9]\d{0,9})\.(\d{4}-\d{2}-\d{2})\.(in|out)\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

function signature(payload: string, key: string): string {
  return crypto.createHmac('sha256', key).update(`availability-answer\n${payload}`).digest('base64url');
}

/** `{golferId}.{date}.{answer}.{expires, seconds}.{signature}`: URL-safe as it is. */
export function signAnswer(claim: AnswerClaim, key: string): string {
  const payload = `${claim.golferId}.${claim.date}.${claim.answer}.${Math.floor(claim.expiresAt.getTime() / 1000)}`;
  return `${payload}.${signature(payload, key)}`;
}

/**
 * The claim of a token signed with one of `keys` (the current secret first, older ones while they are rotated out),
 * or null for anything else: malformed, altered, or signed with another secret. Expiry is the caller's to judge.
 */
export function verifyAnswer(token: string, keys: readonly string[]): AnswerClaim | null {
  const match = PATTERN.exec(token);
  if (!match) return null;
  const [, id, date, answer, expires, given] = match;
  const payload = `${id}.${date}.${answer}.${expires}`;
  const givenBytes = Buffer.from(given);
  const valid = keys.some((key) => {
    const expected = Buffer.from(signature(payload, key));
    return expected.length === givenBytes.length && crypto.timingSafeEqual(expected, givenBytes);
  });
  if (!valid) return null;
  return { golferId: Number(id), date, answer: answer as Answer, expiresAt: new Date(Number(expires) * 1000) };
}
