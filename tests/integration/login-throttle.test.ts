import { beforeEach, describe, expect, it, vi } from 'vitest';
import { attemptSucceeded, reserveAttempt, throttleKeys } from '~/models/login-throttle.server';
import { createUser } from '~/models/users.server';
import { action as apiLogin } from '~/routes/api.login';
import { action as authAction } from '~/routes/auth';
import { db } from '~/db/db.server';
import { verifyPassword } from '~/models/password.server';
import { call, loadContext, request, unique } from './helpers';

// Every password check is counted: the throttle must refuse BEFORE bcrypt runs.
vi.mock('~/models/password.server', async (importOriginal) => {
  const original = await importOriginal<typeof import('~/models/password.server')>();
  return { ...original, verifyPassword: vi.fn(original.verifyPassword) };
});
const checks = vi.mocked(verifyPassword);

/** docs/product/accounts.md#login-throttling */
const LOCKED = 'Too many failed attempts. Try again in 15 minutes.';

async function newUser() {
  const username = unique('t');
  const password = 'the-right-password';
  await createUser(
    { username, password, email: `${username}@example.org`, firstName: 'Tess', lastName: 'Throttle' },
    null,
  );
  return { username: username.toLowerCase(), password };
}

let addresses = 0;
/** An address no other test uses. */
function newAddress(): string {
  addresses += 1;
  return `203.0.113.${addresses}`;
}

function signInFrom(address: string, username: string, password: string) {
  return call(authAction, request('/auth', { form: { username, password } }), {}, loadContext(address));
}

beforeEach(() => {
  checks.mockClear();
});

describe('login throttling', () => {
  it('20 parallel wrong passwords check at most 5 of them; the rest are refused without a check', async () => {
    const { username, password } = await newUser();
    const address = newAddress();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => signInFrom(address, username, `wrong-${i}`)),
    );
    const statuses = answers.map((res) => res.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);
    expect(checks).toHaveBeenCalledTimes(5);
    const refused = answers.find((res) => res.status === 429)!;
    expect((await refused.json()).message).toBe(LOCKED);

    // Locked for this address, even with the right password (and without a check)…
    checks.mockClear();
    const locked = await signInFrom(address, username, password);
    expect(locked.status).toBe(429);
    expect((await locked.json()).message).toBe(LOCKED);
    // The header says it too, for a client that reads no message: 15 minutes.
    expect(locked.headers.get('Retry-After')).toBe('900');
    expect(checks).not.toHaveBeenCalled();
    // …but not from another one.
    expect((await signInFrom(newAddress(), username, password)).status).toBe(302);
  });

  it('30 wrong passwords for the administrator from one address do not stop them signing in from another', async () => {
    const { username, password } = await newUser();
    const attacker = newAddress();
    for (let i = 0; i < 30; i++) {
      const res = await signInFrom(attacker, username, `guess-${i}`);
      expect([401, 429]).toContain(res.status);
    }
    expect(checks).toHaveBeenCalledTimes(5);
    const home = await signInFrom(newAddress(), username, password);
    expect(home.status).toBe(302);
    expect(home.headers.get('Location')).toBe('/golfers');
    // The JSON sign-in is throttled the same way.
    const api = await call(
      apiLogin,
      request('/api/login', { json: { username, password } }),
      {},
      loadContext(attacker),
    );
    expect(api.status).toBe(429);
    expect(api.headers.get('Retry-After')).toBe('900');
    expect((await api.json()).message).toBe(LOCKED);
  });

  it('slows down one address trying many usernames: after 30 failures it is refused whatever the username', async () => {
    const { username, password } = await newUser();
    const scanner = newAddress();
    for (let i = 0; i < 30; i++) {
      const res = await signInFrom(scanner, unique('nobody'), 'password');
      expect(res.status).toBe(401);
    }
    checks.mockClear();
    const next = await signInFrom(scanner, unique('nobody'), 'password');
    expect(next.status).toBe(429);
    expect((await next.json()).message).toBe(LOCKED);
    expect((await signInFrom(scanner, username, password)).status).toBe(429);
    expect(checks).not.toHaveBeenCalled();
    expect((await signInFrom(newAddress(), username, password)).status).toBe(302);
  });

  it('a successful sign-in starts the count again for that username and address', async () => {
    const { username, password } = await newUser();
    const address = newAddress();
    for (let i = 0; i < 4; i++) expect((await signInFrom(address, username, 'typo')).status).toBe(401);
    expect((await signInFrom(address, username, password)).status).toBe(302);
    for (let i = 0; i < 4; i++) expect((await signInFrom(address, username, 'typo')).status).toBe(401);
    expect((await signInFrom(address, username, password)).status).toBe(302);
  });

  it('an unknown username goes through bcrypt at the configured cost, like a wrong password', async () => {
    const { username } = await newUser();
    const address = newAddress();
    const wrong = await signInFrom(address, username, 'wrong-password');
    const unknown = await signInFrom(address, unique('ghost'), 'wrong-password');
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect((await unknown.json()).message).toBe('Invalid username or password');
    expect((await wrong.json()).message).toBe('Invalid username or password');
    expect(checks).toHaveBeenCalledTimes(2);
    const [[, realHash], [, dummyHash]] = checks.mock.calls;
    const stored = await db.user.findUniqueOrThrow({ where: { username } });
    expect(realHash).toBe(stored.passwordHash);
    expect(dummyHash).not.toBe(stored.passwordHash);
    // The same algorithm and cost ($2b$04$ under BCRYPT_COST=4): the same work, so the same time.
    const costOf = (hash: string) => hash.slice(0, 7);
    expect(costOf(dummyHash)).toBe(costOf(stored.passwordHash));
    expect(costOf(dummyHash)).toBe(`$2b$${String(process.env.BCRYPT_COST).padStart(2, '0')}$`);
  });
});

describe('the client address comes from the load context only', () => {
  it('an X-Client-Address (or X-Forwarded-For) header the client sends changes nothing: the lock follows the address server.js gave', async () => {
    const { username, password } = await newUser();
    const address = newAddress();
    for (let i = 0; i < 5; i++) {
      // Each guess claims another address; all are counted against the real one.
      const spoofed = { 'X-Client-Address': newAddress(), 'X-Forwarded-For': newAddress() };
      const res = await call(
        authAction,
        request('/auth', { form: { username, password: `wrong-${i}` }, headers: spoofed }),
        {},
        loadContext(address),
      );
      expect(res.status).toBe(401);
    }
    const locked = await call(
      authAction,
      request('/auth', { form: { username, password }, headers: { 'X-Client-Address': newAddress() } }),
      {},
      loadContext(address),
    );
    expect(locked.status).toBe(429);
    const keys = (await db.loginThrottle.findMany({ where: { key: { contains: username } } })).map((r) => r.key);
    expect(keys).toEqual([`user:${username}@${address}`]);
    // Claiming the locked address from another one does not borrow its lock either.
    const elsewhere = await call(
      authAction,
      request('/auth', { form: { username, password }, headers: { 'X-Client-Address': address } }),
      {},
      loadContext(newAddress()),
    );
    expect(elsewhere.status).toBe(302);
  });

  it('without a client address the sign-in is refused as a misconfigured server, and nothing is counted or checked', async () => {
    const { username, password } = await newUser();
    const before = await db.loginThrottle.count();
    const misconfigured = /Misconfigured server: the load context has no clientAddress/;
    for (const context of [{}, { cspNonce: 'n' }, { clientAddress: '' }, { clientAddress: 7 }]) {
      // The page's action: a defect Remix answers 500 (and logs with this message).
      await expect(
        call(
          authAction,
          request('/auth', { form: { username, password }, headers: { 'X-Client-Address': '1.2.3.4' } }),
          {},
          context,
        ),
      ).rejects.toThrow(misconfigured);
    }
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const api = await call(apiLogin, request('/api/login', { json: { username, password } }), {}, {});
      expect(api.status).toBe(500);
      expect(await api.json()).toEqual({ message: 'Something went wrong on our side.' });
      expect(String(logged.mock.calls[0]?.[0])).toMatch(misconfigured);
    } finally {
      logged.mockRestore();
    }
    expect(checks).not.toHaveBeenCalled();
    expect(await db.loginThrottle.count()).toBe(before);
  });
});

describe('the attempt counter', () => {
  it('reserves atomically: of 20 parallel attempts exactly 5 go ahead', async () => {
    const keys = throttleKeys(unique('u'), newAddress());
    const now = new Date();
    const results = await Promise.all(Array.from({ length: 20 }, () => reserveAttempt(keys, now)));
    expect(results.filter((m) => m === 0)).toHaveLength(5);
    expect(results.filter((m) => m === 15)).toHaveLength(15);
  });

  it('lets attempts through again once the lock has ended', async () => {
    const keys = throttleKeys(unique('u'), newAddress());
    const start = new Date();
    for (let i = 0; i < 5; i++) expect(await reserveAttempt(keys, start)).toBe(0);
    // The first refusal starts a 15-minute lock; later refusals say how much of it is left.
    const tenMinutesLater = new Date(start.getTime() + 10 * 60_000);
    expect(await reserveAttempt(keys, tenMinutesLater)).toBe(15);
    expect(await reserveAttempt(keys, new Date(tenMinutesLater.getTime() + 11 * 60_000))).toBe(4);
    const afterLock = new Date(tenMinutesLater.getTime() + 15 * 60_000 + 1);
    expect(await reserveAttempt(keys, afterLock)).toBe(0);
  });

  it('forgets failures older than the 15-minute window', async () => {
    const keys = throttleKeys(unique('u'), newAddress());
    const start = new Date();
    for (let i = 0; i < 4; i++) expect(await reserveAttempt(keys, start)).toBe(0);
    const later = new Date(start.getTime() + 16 * 60_000);
    for (let i = 0; i < 5; i++) expect(await reserveAttempt(keys, later)).toBe(0);
    expect(await reserveAttempt(keys, later)).toBe(15);
  });

  it('gives the address its attempt back on success, and nothing stays reserved when an attempt is refused', async () => {
    const address = newAddress();
    const user = throttleKeys(unique('u'), address);
    expect(await reserveAttempt(user)).toBe(0);
    await attemptSucceeded(user);
    expect(await db.loginThrottle.findUnique({ where: { key: user[0].key } })).toBeNull();
    expect((await db.loginThrottle.findUniqueOrThrow({ where: { key: user[1].key } })).attempts).toBe(0);

    // The address is locked: the username's count at that address is not raised by the refusal.
    for (let i = 0; i < 30; i++) expect(await reserveAttempt(throttleKeys(unique('x'), address))).toBe(0);
    const other = throttleKeys(unique('v'), address);
    expect(await reserveAttempt(other)).toBe(15);
    expect((await db.loginThrottle.findUnique({ where: { key: other[0].key } }))?.attempts ?? 0).toBe(0);
  });
});
