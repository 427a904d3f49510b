import { createCookie } from '@remix-run/node';

/**
 * A golfer signed in without the emailed code, for tests of what a signed-in golfer does (the code flow has tests of
 * its own): a real `golfer_sessions` row and the cookie value the server signs with `secret`. The app's modules are
 * imported when called, after the test has pointed DATABASE_URL at its database.
 */
export async function golferCookieValue(golferId: number, secret: string): Promise<{ name: string; value: string }> {
  const [{ createGolferSession }, { GOLFER_COOKIE }] = await Promise.all([
    import('../app/models/golfer-sessions.server'),
    import('../app/web/golfer-session.server'),
  ]);
  const token = await createGolferSession(golferId);
  const set = await createCookie(GOLFER_COOKIE, { secrets: [secret] }).serialize(token);
  const pair = set.split(';')[0];
  return { name: GOLFER_COOKIE, value: pair.slice(pair.indexOf('=') + 1) };
}
