import crypto from 'node:crypto';
import bcrypt from 'bcryptjs';

// bcrypt cost 12 in production (about a quarter second per check); tests may lower it through BCRYPT_COST.
const cost = Number(process.env.BCRYPT_COST || (process.env.NODE_ENV === 'production' ? 12 : 10));

export function hashPassword(password: string): Promise<string> {
  return bcrypt.hash(password, cost);
}

export function verifyPassword(password: string, hash: string): Promise<boolean> {
  return bcrypt.compare(password, hash);
}

let dummy: Promise<string> | undefined;

/**
 * A hash of a random password at the configured cost, made once per process: checking a password against it for an
 * unknown username takes as long as checking a real user's (docs/product/accounts.md#login-throttling).
 */
export function dummyPasswordHash(): Promise<string> {
  dummy ??= hashPassword(crypto.randomBytes(18).toString('base64url'));
  return dummy;
}
