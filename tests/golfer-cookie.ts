import { createCookie } from '@remix-run/node';

/**
 * A golfer signed in without the emailed code, for tests of what a signed-in golfer does (the code flow has tests of
 * its own): a real `golfer_sessions` row and the cookie value the server signs with `secret`. The app's modules are
 * imported when called, after the test has pointed DATABASE_URL at its database.
 */
// The name app/web/golfer-session.server.ts gives its cookie (not imported: that module needs the server's secret, which a
// browser test's own process does not have); tests/integration/golfer-sessions.test.ts fails if the two differ.
const GOLFER_COOKIE = '__league_golfer';

export async function golferCookieValue(golferId: number, secret: string): Promise<{ name: string; value: string }> {
  const { createGolferSession } = await import('../app/models/golfer-sessions.server');
  const token = await createGolferSession(golferId);
  return cookieOfSetCookie(await createCookie(GOLFER_COOKIE, { secrets: [secret] }).serialize(token));
}

/** The cookie a Set-Cookie value sets, as a browser context's addCookies takes it (its attributes dropped). */
export function cookieOfSetCookie(setCookie: string): { name: string; value: string } {
  const pair = setCookie.split(';')[0];
  return { name: pair.slice(0, pair.indexOf('=')), value: pair.slice(pair.indexOf('=') + 1) };
}
