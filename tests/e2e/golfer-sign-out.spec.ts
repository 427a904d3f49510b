import { db } from '../../app/db/db.server';
import { createGolfer } from '../../app/models/golfers.server';
import { expect, test, unique } from './fixtures';
import { signInGolfer } from './golfer-session';

/** Decision 120: a golfer's browser signs out of 'My league' on the server, and only its own sign-in ends. */
test("'Sign out' ends the golfer's session on the server and clears the cookie", async ({ page, context, baseURL }) => {
  const golfer = await createGolfer({ firstName: 'Olive', lastName: unique('Out') }, null);
  await signInGolfer(context, baseURL!, golfer.id);
  expect(await db.golferSession.count({ where: { golferId: golfer.id } })).toBe(1);
  const out = await page.request.post('/me/sign-out', { form: {}, maxRedirects: 0 });
  expect(out.status()).toBe(302);
  expect(out.headers()['location']).toBe('/me/sign-in');
  expect(await db.golferSession.count({ where: { golferId: golfer.id } })).toBe(0);
  expect((await context.cookies()).find((c) => c.name === '__league_golfer')).toBeUndefined();
});
