import { describe, expect, it } from 'vitest';
import { action as apiLogin } from '~/routes/api.login';
import { action as apiLogout } from '~/routes/api.logout';
import { action as apiRegister } from '~/routes/api.register';
import { loader as apiUser } from '~/routes/api.user';
import { action as authAction, loader as authLoader } from '~/routes/auth';
import { loader as adminLoader } from '~/routes/_admin';
import { createUser } from '~/models/users.server';
import { db } from '~/db/db.server';
import { call, loadContext, newClientAddress, request, signIn, unique } from './helpers';

async function newUser(password = 'correct-horse') {
  const username = unique('u');
  await createUser(
    { username, password, email: `${username}@example.org`, firstName: 'Pat', lastName: 'Golfer' },
    null,
  );
  return { username, password };
}

describe('sign-in page', () => {
  it('signs in with the right password and redirects to /golfers with a welcome toast', async () => {
    const { username, password } = await newUser();
    const res = await call(authAction, request('/auth', { form: { username, password } }));
    expect(res.status).toBe(302);
    expect(res.headers.get('Location')).toBe('/golfers');
    const cookie = res.headers.get('Set-Cookie')!.split(';')[0];
    const me = await call(apiUser, request('/api/user', { cookie }));
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ username, firstName: 'Pat' });
  });

  it('follows a same-site redirectTo but never an outside one', async () => {
    const { username, password } = await newUser();
    const ok = await call(
      authAction,
      request('/auth', { form: { username, password, redirectTo: '/rounds?season=2025' } }),
    );
    expect(ok.headers.get('Location')).toBe('/rounds?season=2025');
    const evil = await call(
      authAction,
      request('/auth', { form: { username, password, redirectTo: '//evil.example' } }),
    );
    expect(evil.headers.get('Location')).toBe('/golfers');
  });

  it('never follows a redirectTo that a browser would read as another site, and never answers it with a 500', async () => {
    const { username, password } = await newUser();
    // A browser strips tabs and newlines from a URL, so "/\t/evil.example" would become "//evil.example".
    for (const redirectTo of [
      '/\t/evil.example/x',
      '/\n/evil.example',
      '/\r\n/evil.example',
      '/\\evil.example',
      'https://evil.example',
      '/%09/evil.example',
    ]) {
      const res = await call(authAction, request('/auth', { form: { username, password, redirectTo } }));
      expect(res.status, redirectTo).toBe(302);
      const location = res.headers.get('Location')!;
      expect(new URL(location, 'http://league.example').origin, redirectTo).toBe('http://league.example');
      expect(location.startsWith('//'), redirectTo).toBe(false);
    }
  });

  it('answers a wrong password with 401 and "Invalid username or password", and no session', async () => {
    const { username } = await newUser();
    const res = await call(authAction, request('/auth', { form: { username, password: 'wrong' } }));
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ message: 'Invalid username or password' });
    expect(res.headers.get('Set-Cookie')).toBeNull();
  });

  it('gives the field messages for empty fields', async () => {
    const res = await call(authAction, request('/auth', { form: { username: '', password: '' } }));
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.result.error).toMatchObject({ username: ['Username is required'], password: ['Password is required'] });
  });

  it('refuses a 10 MB body with 413 before reading it all', async () => {
    const big = 'username=' + 'a'.repeat(10 * 1024 * 1024);
    const res = await call(
      authAction,
      new Request('http://localhost/auth', {
        method: 'POST',
        body: big,
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      }),
    );
    expect(res.status).toBe(413);
  });

  it('refuses a 10 MB multipart body sent in chunks (no Content-Length) with 413, counting what arrives', async () => {
    const boundary = 'league-boundary';
    const chunk = new TextEncoder().encode('a'.repeat(64 * 1024));
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(
          new TextEncoder().encode(`--${boundary}\r\nContent-Disposition: form-data; name="password"\r\n\r\n`),
        );
      },
      pull(controller) {
        if (sent >= 10 * 1024 * 1024) {
          controller.enqueue(new TextEncoder().encode(`\r\n--${boundary}--\r\n`));
          controller.close();
          return;
        }
        sent += chunk.byteLength;
        controller.enqueue(chunk);
      },
    });
    const req = new Request('http://localhost/auth', {
      method: 'POST',
      body,
      headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}` },
      duplex: 'half',
    });
    const res = await call(authAction, req);
    expect(res.status).toBe(413);
    expect(sent).toBeLessThan(1024 * 1024);
  });

  it('reads a small multipart login form like a urlencoded one', async () => {
    const { username, password } = await newUser();
    const form = new FormData();
    form.set('username', username);
    form.set('password', password);
    const res = await call(authAction, request('/auth', { form }));
    expect(res.status).toBe(302);
    expect(res.headers.get('Location')).toBe('/golfers');
  });

  it('locks a username after 5 failed attempts from one address, even with the right password', async () => {
    const { username, password } = await newUser();
    const from = loadContext(newClientAddress());
    for (let i = 0; i < 5; i++) {
      const res = await call(authAction, request('/auth', { form: { username, password: 'nope' } }), {}, from);
      expect(res.status).toBe(401);
    }
    const locked = await call(authAction, request('/auth', { form: { username, password } }), {}, from);
    expect(locked.status).toBe(429);
    expect((await locked.json()).message).toBe('Too many failed attempts. Try again in 15 minutes.');
  });

  it('redirects a signed-in user away from /auth to /golfers', async () => {
    const { cookie } = await signIn();
    const res = await call(authLoader, request('/auth', { cookie }));
    expect(res.status).toBe(302);
    expect(res.headers.get('Location')).toBe('/golfers');
  });
});

describe('API auth rules', () => {
  it('GET /api/user is 401 JSON when anonymous', async () => {
    const res = await call(apiUser, request('/api/user'));
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: 'Not authenticated' });
  });

  it('POST /api/login signs in with JSON and never returns the password hash', async () => {
    const { username, password } = await newUser();
    const res = await call(apiLogin, request('/api/login', { json: { username, password } }));
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ username, firstName: 'Pat', isAdmin: false });
    expect(JSON.stringify(body)).not.toContain('passwordHash');
    expect(res.headers.get('Set-Cookie')).toContain('__league_session=');
  });

  it('POST /api/login answers bad JSON with 400 and a wrong password with 401', async () => {
    const bad = await call(apiLogin, request('/api/login', { jsonText: '{nope' }));
    expect(bad.status).toBe(400);
    const { username } = await newUser();
    const wrong = await call(apiLogin, request('/api/login', { json: { username, password: 'x' } }));
    expect(wrong.status).toBe(401);
  });

  it('POST /api/logout clears the cookie and ends the session, so a copy of the cookie stops working', async () => {
    const { cookie } = await signIn();
    expect((await call(apiUser, request('/api/user', { cookie }))).status).toBe(200);
    const res = await call(apiLogout, request('/api/logout', { method: 'POST', cookie }));
    expect(res.headers.get('Set-Cookie')).toMatch(/__league_session=;|Max-Age=0|Expires=Thu, 01 Jan 1970/);
    expect((await call(apiUser, request('/api/user', { cookie }))).status).toBe(401);
  });

  it('POST /api/register: anonymous 401 once users exist, non-admin 403, admin 201, duplicate 409, bad body 400', async () => {
    await newUser();
    const body = {
      username: unique('new'),
      password: 'longenough',
      email: 'new@example.org',
      firstName: 'New',
      lastName: 'Person',
    };
    expect((await call(apiRegister, request('/api/register', { json: body }))).status).toBe(401);
    const plain = await signIn({ isAdmin: false });
    expect((await call(apiRegister, request('/api/register', { json: body, cookie: plain.cookie }))).status).toBe(403);
    const admin = await signIn({ isAdmin: true });
    const created = await call(apiRegister, request('/api/register', { json: body, cookie: admin.cookie }));
    expect(created.status).toBe(201);
    expect(await created.json()).toMatchObject({ username: body.username.toLowerCase(), isAdmin: false });
    expect((await call(apiRegister, request('/api/register', { json: body, cookie: admin.cookie }))).status).toBe(409);
    const invalid = await call(
      apiRegister,
      request('/api/register', { json: { username: 'x' }, cookie: admin.cookie }),
    );
    expect(invalid.status).toBe(400);
    expect((await invalid.json()).errors).toHaveProperty('password');
  });

  it('stores passwords only as a salted bcrypt hash', async () => {
    const { username, password } = await newUser('plain-text-secret');
    const row = await db.user.findUniqueOrThrow({ where: { username: username.toLowerCase() } });
    expect(row.passwordHash).not.toContain(password);
    expect(row.passwordHash).toMatch(/^\$2[aby]\$/);
  });
});

describe('admin pages', () => {
  it('redirect anonymous visitors to /auth, and / to /join', async () => {
    const golfers = await call(adminLoader, request('/golfers'));
    expect(golfers.status).toBe(302);
    expect(golfers.headers.get('Location')).toBe('/auth?redirectTo=%2Fgolfers');
    const home = await call(adminLoader, request('/'));
    expect(home.headers.get('Location')).toBe('/join');
  });

  it('let a signed-in user in', async () => {
    const { cookie, user } = await signIn();
    const res = await call(adminLoader, request('/golfers', { cookie }));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ user: { id: user.id } });
  });
});
