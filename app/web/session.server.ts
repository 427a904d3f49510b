import { createCookieSessionStorage, redirect, type Session } from '@remix-run/node';
import type { Toast } from '~/schemas/toast';

/**
 * The signed cookie carries the id of a `sessions` row (the server-side record of a sign-in, which logout, a password
 * reset, 'Sign out everywhere' and disabling a user delete) and the flash toast, which anonymous visitors get too.
 */
type SessionData = { sessionId: string };
type SessionFlashData = { toast: Toast };
type CookieSession = Session<SessionData, SessionFlashData>;

const isProduction = process.env.NODE_ENV === 'production';

/** How long a sign-in lasts, in the browser and on the server (docs/product/accounts.md#ending-sessions). */
const SESSION_MAX_AGE_SECONDS = 60 * 60 * 24 * 14;

export function sessionSecrets(): string[] {
  const secret = process.env.SESSION_SECRET;
  if (secret)
    return secret
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  // `npm start` always sets one (a random secret kept in data/ when none is given); only development and tests
  // run without it.
  if (isProduction) throw new Error('SESSION_SECRET must be set in production (a long random string).');
  return ['dev-only-session-secret-change-me'];
}

export const sessionStorage = createCookieSessionStorage<SessionData, SessionFlashData>({
  cookie: {
    name: '__league_session',
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    // Decided per request (commitSession below): Secure whenever the request came over HTTPS.
    secure: false,
    secrets: sessionSecrets(),
    maxAge: SESSION_MAX_AGE_SECONDS,
  },
});

/**
 * Whether the request came over HTTPS: directly, or through a proxy trusted with TRUST_PROXY=1. server.js builds
 * the request's URL from Express's `req.protocol`, which reads X-Forwarded-Proto only from a trusted proxy.
 */
export function cameOverHttps(request: Request): boolean {
  return new URL(request.url).protocol === 'https:';
}

export function getSession(request: Request) {
  return sessionStorage.getSession(request.headers.get('Cookie'));
}

/** The Set-Cookie value that saves `session`: `Secure` when the request came over HTTPS, whatever the secret. */
export function commitSession(request: Request, session: CookieSession): Promise<string> {
  return sessionStorage.commitSession(session, { secure: cameOverHttps(request) });
}

/** The Set-Cookie value that removes the cookie. */
export function destroySession(request: Request, session: CookieSession): Promise<string> {
  return sessionStorage.destroySession(session, { secure: cameOverHttps(request) });
}

/** Redirects with a toast that the next page shows once (works without JavaScript). */
export async function redirectWithToast(url: string, toast: Toast, init: ResponseInit, request: Request) {
  const session = await getSession(request);
  session.flash('toast', toast);
  const headers = new Headers(init.headers);
  headers.append('Set-Cookie', await commitSession(request, session));
  return redirect(url, { ...init, headers });
}

/** Reads (and clears) the flash toast; returns the header that clears it. */
export async function takeToast(request: Request): Promise<{ toast: Toast | null; headers: HeadersInit | undefined }> {
  const session = await getSession(request);
  const toast = session.get('toast') ?? null;
  if (!toast) return { toast: null, headers: undefined };
  return { toast, headers: { 'Set-Cookie': await commitSession(request, session) } };
}

/**
 * What an operator must set before real use, shown to administrators as the 'Demo mode' notice while
 * SESSION_SECRET is unset (`npm start` then signs cookies with a random secret kept in data/, and says so in
 * SESSION_SECRET_GENERATED). Null once SESSION_SECRET is set.
 */
export function demoModeSettings(): string[] | null {
  const secretUnset = !process.env.SESSION_SECRET?.trim() || process.env.SESSION_SECRET_GENERATED === '1';
  if (!secretUnset) return null;
  const missing = ['SESSION_SECRET'];
  if (!process.env.STRIPE_SECRET_KEY?.trim()) missing.push('STRIPE_SECRET_KEY');
  if (!process.env.SMTP_URL?.trim()) missing.push('SMTP_URL');
  return missing;
}
