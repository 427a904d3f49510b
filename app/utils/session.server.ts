import { createCookieSessionStorage, redirect } from '@remix-run/node';

export type Toast = { type: 'success' | 'error'; title: string; description?: string };

type SessionData = { userId: number };
type SessionFlashData = { toast: Toast };

const isProduction = process.env.NODE_ENV === 'production';

function sessionSecrets(): string[] {
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
    secure: isProduction && process.env.INSECURE_COOKIES !== '1',
    secrets: sessionSecrets(),
    maxAge: 60 * 60 * 24 * 14,
  },
});

export function getSession(request: Request) {
  return sessionStorage.getSession(request.headers.get('Cookie'));
}

/** Redirects with a toast that the next page shows once (works without JavaScript). */
export async function redirectWithToast(url: string, toast: Toast, init: ResponseInit = {}, request?: Request) {
  const session = request ? await getSession(request) : await sessionStorage.getSession();
  session.flash('toast', toast);
  const headers = new Headers(init.headers);
  headers.append('Set-Cookie', await sessionStorage.commitSession(session));
  return redirect(url, { ...init, headers });
}

/** Reads (and clears) the flash toast; returns the header that clears it. */
export async function takeToast(request: Request): Promise<{ toast: Toast | null; headers: HeadersInit | undefined }> {
  const session = await getSession(request);
  const toast = session.get('toast') ?? null;
  if (!toast) return { toast: null, headers: undefined };
  return { toast, headers: { 'Set-Cookie': await sessionStorage.commitSession(session) } };
}
