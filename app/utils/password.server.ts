import bcrypt from 'bcryptjs';

// bcrypt cost 12 in production (about a quarter second per check); tests may lower it through BCRYPT_COST.
const cost = Number(process.env.BCRYPT_COST || (process.env.NODE_ENV === 'production' ? 12 : 10));

export function hashPassword(password: string): Promise<string> {
  return bcrypt.hash(password, cost);
}

export function verifyPassword(password: string, hash: string): Promise<boolean> {
  return bcrypt.compare(password, hash);
}
