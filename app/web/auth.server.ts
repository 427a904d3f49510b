import { redirect } from '@remix-run/node';
import { Authenticator } from 'remix-auth';
import { FormStrategy } from 'remix-auth-form';
import { attemptSucceeded, reserveAttempt, throttleKeys } from '~/models/login-throttle.server';
import { createSession, endSession } from '~/models/sessions.server';
import { getUserOfSession, verifyLogin, type PublicUser } from '~/models/users.server';
import { ForbiddenError } from '~/domain/errors';
import { loginSchema } from '~/schemas/auth';
import { HttpError, TooManyRequestsError, zodFieldErrors } from './http.server';
import type { Toast } from '~/schemas/toast';
import { commitSession, destroySession, getSession } from './session.server';

export type { PublicUser };

/** A sign-in that failed for a reason the person can act on: bad input (400), wrong password (401); locked is a 429. */
class LoginError extends HttpError {}

const authenticator = new Authenticator<PublicUser>();

// The strategy only checks the password; `login` below throttles around it, with the client address it is given.
authenticator.use(
  new FormStrategy(async ({ form }) => {
    const { username, password } = credentials(Object.fromEntries(form));
    const user = await verifyLogin(username, password);
    if (!user) throw new LoginError(401, 'Invalid username or password');
    return user;
  }),
  'form',
);

function credentials(fields: { username?: unknown; password?: unknown }) {
  const parsed = loginSchema.safeParse(fields);
  if (!parsed.success) throw new LoginError(400, 'Username and password are required', zodFieldErrors(parsed.error));
  return parsed.data;
}

/**
 * Signs in from already-read fields, throttled per username and `clientAddress` (docs/decisions/091, the address from
 * the load context: `clientAddress(context)`, never from a header). The body is read by the caller with a size limit,
 * then handed to remix-auth-form as a fresh request (FormStrategy reads the body itself).
 */
export async function login(
  request: Request,
  fields: { username?: unknown; password?: unknown },
  clientAddress: string,
): Promise<PublicUser> {
  const { username, password } = credentials(fields);
  const keys = throttleKeys(username, clientAddress);
  // The attempt is counted before the password is checked, so parallel guesses cannot slip past the limit.
  const minutes = await reserveAttempt(keys);
  if (minutes > 0) {
    throw new TooManyRequestsError(
      `Too many failed attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      minutes * 60,
    );
  }
  const body = new URLSearchParams({ username, password });
  const headers = new Headers({ 'Content-Type': 'application/x-www-form-urlencoded' });
  let user: PublicUser;
  try {
    user = await authenticator.authenticate('form', new Request(request.url, { method: 'POST', body, headers }));
  } catch (error) {
    // The right password of a disabled account is not a guess.
    if (error instanceof ForbiddenError) await attemptSucceeded(keys);
    throw error;
  }
  await attemptSucceeded(keys);
  return user;
}

function tokenOf(session: Awaited<ReturnType<typeof getSession>>): string | null {
  const token = session.get('sessionId');
  return typeof token === 'string' && token ? token : null;
}

/** The session token of the request's cookie, if it carries one. */
export async function sessionToken(request: Request): Promise<string | null> {
  return tokenOf(await getSession(request));
}

/**
 * Starts a server-side session for the user (a `sessions` row, 14 days) and answers the Set-Cookie value that
 * carries it, with `toast` flashed for the next page. A session the cookie carried before ends.
 */
export async function commitUserSession(request: Request, userId: number, toast?: Toast): Promise<string> {
  const session = await getSession(request);
  const previous = tokenOf(session);
  if (previous) await endSession(previous);
  session.set('sessionId', await createSession(userId));
  if (toast) session.flash('toast', toast);
  return commitSession(request, session);
}

/** POST /api/logout: ends the session on the server (a copied cookie stops working) and removes the cookie. */
export async function destroyUserSession(request: Request): Promise<string> {
  const session = await getSession(request);
  const token = tokenOf(session);
  if (token) await endSession(token);
  return destroySession(request, session);
}

/** Signing out from a page: the session ends on the server and the cookie keeps only `toast` for the next page. */
export async function endUserSession(request: Request, toast: Toast): Promise<string> {
  const session = await getSession(request);
  const token = tokenOf(session);
  if (token) await endSession(token);
  session.unset('sessionId');
  session.flash('toast', toast);
  return commitSession(request, session);
}

/** The signed-in user: one query, which also checks that the session has not ended and the user is not disabled. */
export async function getUser(request: Request): Promise<PublicUser | null> {
  const token = await sessionToken(request);
  return token ? getUserOfSession(token) : null;
}

/** For pages: the signed-in user, or a redirect to /auth. */
export async function requireUser(request: Request): Promise<PublicUser> {
  const user = await getUser(request);
  if (!user) {
    const url = new URL(request.url);
    const back = url.pathname + url.search;
    throw redirect(back && back !== '/' ? `/auth?redirectTo=${encodeURIComponent(back)}` : '/auth');
  }
  return user;
}

/**
 * For admin-only page actions and loaders: the signed-in administrator. Anonymous visitors go to /auth; a signed-in
 * user who is not an administrator gets a ForbiddenError with `message`, which the action answers as its 403.
 */
export async function requireAdmin(
  request: Request,
  message = 'Only an administrator can do this',
): Promise<PublicUser> {
  const user = await requireUser(request);
  if (!user.isAdmin) throw new ForbiddenError(message);
  return user;
}

/** For /api routes: the signed-in user, or 401 JSON. */
export async function requireApiUser(request: Request): Promise<PublicUser> {
  const user = await getUser(request);
  if (!user) throw new HttpError(401, 'Not authenticated');
  return user;
}

/** For admin-only /api routes: the signed-in administrator (isAdmin), or 403 JSON; anonymous gets 401. */
export async function requireApiAdmin(request: Request): Promise<PublicUser> {
  const user = await requireApiUser(request);
  if (!user.isAdmin) throw new ForbiddenError('Only an administrator can do this');
  return user;
}

/** Only relative, same-site paths are followed after sign-in. */
export function safeRedirect(to: unknown, fallback = '/golfers'): string {
  if (typeof to !== 'string' || !to.startsWith('/')) return fallback;
  // Browsers drop tabs and newlines from URLs ("/\t/evil.example" becomes "//evil.example"), and a control
  // character cannot go in a Location header at all. The target must resolve to this site, which also turns
  // away "//evil.example" and "/\\evil.example".
  if (/[\u0000-\u001f\u007f]/.test(to)) return fallback;
  const base = 'http://league.invalid';
  let resolved: URL;
  try {
    resolved = new URL(to, base);
  } catch {
    return fallback;
  }
  return resolved.origin === base ? `${resolved.pathname}${resolved.search}${resolved.hash}` : fallback;
}
