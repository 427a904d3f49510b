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
  const set = await createCookie(GOLFER_COOKIE, { secrets: [secret] }).serialize(token);
  const pair = set.split(';')[0];
  return { name: GOLFER_COOKIE, value: pair.slice(pair.indexOf('=') + 1) };
}
