import { createCookie, redirect } from '@remix-run/node';
import {
  createGolferSession,
  endAllGolferSessions,
  endGolferSessionRow,
  golferOfSession,
  GOLFER_SESSION_DAYS,
} from '~/models/golfer-sessions.server';
import { db } from '~/db/db.server';
import { HttpError } from '~/web/http.server';
import { cameOverHttps, sessionSecrets } from '~/web/session.server';

/**
 * The golfer's side of the HTTP edge (docs/decisions/120-golfer-sessions.md). A golfer's sign-in lives in its own
 * signed cookie, `__league_golfer`, holding the token of a `golfer_sessions` row; administrators' sign-ins live in
 * `__league_session` and `sessions`. The two never meet: requireAdmin reads only the one, requireGolfer only the
 * other, so a golfer's cookie opens no admin page or API, and an administrator is not a golfer on /me.
 */
const golferCookie = createCookie('__league_golfer', {
  httpOnly: true,
  sameSite: 'lax',
  path: '/',
  secrets: sessionSecrets(),
  maxAge: GOLFER_SESSION_DAYS * 24 * 60 * 60,
});

export type GolferSignIn = { golferId: number; token: string };

async function tokenOf(request: Request): Promise<string | null> {
  return tokenOfCookie(request.headers.get('Cookie'));
}

/** The token of the golfer's sign-in cookie in a Cookie header, its signature checked; null when there is none. */
export async function tokenOfCookie(cookie: string | null): Promise<string | null> {
  if (cookie === null) return null;
  // The same header always checks the same way (the secrets are fixed for the process's life): on game night each
  // phone sends its header again and again, and checking its signature costs tens of microseconds.
  const known = checkedCookies.get(cookie);
  if (known !== undefined) return known;
  const value: unknown = await golferCookie.parse(cookie);
  const token = typeof value === 'string' && value ? value : null;
  if (checkedCookies.size >= 2_000) checkedCookies.clear();
  checkedCookies.set(cookie, token);
  return token;
}
const checkedCookies = new Map<string, string | null>();

/** The signed-in golfer of a Cookie header, or null: one indexed read, which also checks the session has not ended. */
async function golferOfCookie(cookie: string | null): Promise<GolferSignIn | null> {
  const token = await tokenOfCookie(cookie);
  if (!token) return null;
  const found = await golferOfSession(token);
  return found ? { golferId: found.golferId, token } : null;
}

/** The signed-in golfer, or null. */
export function getGolfer(request: Request): Promise<GolferSignIn | null> {
  return golferOfCookie(request.headers.get('Cookie'));
}

/** For /me pages: the signed-in golfer, or a redirect to /me/sign-in that comes back here afterwards. */
export async function requireGolfer(request: Request): Promise<GolferSignIn> {
  const golfer = await getGolfer(request);
  if (!golfer) {
    const url = new URL(request.url);
    const back = url.pathname + url.search;
    throw redirect(back === '/me' ? '/me/sign-in' : `/me/sign-in?next=${encodeURIComponent(back)}`);
  }
  return golfer;
}

/** For /api/me routes: the signed-in golfer, or 401 JSON. */
export async function requireGolferApi(request: Request): Promise<GolferSignIn> {
  const golfer = await getGolfer(request);
  if (!golfer) throw new HttpError(401, 'Sign in with the code we email you first');
  return golfer;
}

/** Starts a golfer's session (ending the one the cookie carried before): the Set-Cookie value. */
export async function startGolferSession(request: Request, golferId: number): Promise<string> {
  const previous = await tokenOf(request);
  if (previous) await endGolferSessionRow(previous);
  const token = await createGolferSession(golferId);
  return golferCookie.serialize(token, { secure: cameOverHttps(request) });
}

/** 'Sign out': ends this session on the server and removes the cookie; the Set-Cookie value. */
export async function endGolferSession(request: Request): Promise<string> {
  const token = await tokenOf(request);
  if (token) await endGolferSessionRow(token);
  return golferCookie.serialize('', { maxAge: 0, expires: new Date(0), secure: cameOverHttps(request) });
}

/** 'Sign out everywhere': ends every session of the golfer, this one included; the Set-Cookie value. */
export async function endGolferSessionsEverywhere(request: Request, golferId: number): Promise<string> {
  await endAllGolferSessions(db, golferId);
  return golferCookie.serialize('', { maxAge: 0, expires: new Date(0), secure: cameOverHttps(request) });
}
