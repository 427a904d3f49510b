import { describe, expect, it } from 'vitest';
import { withPostgres } from './pg-server';

withPostgres(() => {});

/**
 * On PostgreSQL, parallel requests run on parallel connections: the reservation must still hand out exactly the
 * allowed number of attempts (docs/product/accounts.md#login-throttling), and sessions end the same way.
 */
describe('login throttling and sessions on PostgreSQL', () => {
  it('of 20 parallel attempts exactly 5 go ahead, for a new key and for one whose window has passed', async () => {
    const { reserveAttempt, throttleKeys } = await import('~/models/login-throttle.server');
    const keys = throttleKeys('pg-admin', '198.51.100.7');
    const now = new Date();
    const first = await Promise.all(Array.from({ length: 20 }, () => reserveAttempt(keys, now)));
    expect(first.filter((m) => m === 0)).toHaveLength(5);
    const later = new Date(now.getTime() + 31 * 60_000);
    const again = await Promise.all(Array.from({ length: 20 }, () => reserveAttempt(keys, later)));
    expect(again.filter((m) => m === 0)).toHaveLength(5);
  });

  it('ends a session, and every session of a user', async () => {
    const { createUser, getUserOfSession, signOutEverywhere } = await import('~/models/users.server');
    const { createSession, endSession } = await import('~/models/sessions.server');
    const user = await createUser(
      {
        username: 'pg-sessions',
        password: 'pg-password',
        email: 'pg@example.org',
        firstName: 'Pg',
        lastName: 'Sessions',
      },
      null,
    );
    const [a, b, c] = await Promise.all([createSession(user.id), createSession(user.id), createSession(user.id)]);
    expect(await getUserOfSession(a)).toMatchObject({ id: user.id });
    await endSession(a);
    expect(await getUserOfSession(a)).toBeNull();
    expect(await getUserOfSession(b)).toMatchObject({ id: user.id });
    await signOutEverywhere(user.id);
    expect(await getUserOfSession(b)).toBeNull();
    expect(await getUserOfSession(c)).toBeNull();
  });
});
