import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startBuiltServer, stopBuiltServers } from './built-server';
import { Client } from './http-client';

/*
 * The real server behind a proxy it trusts (TRUST_PROXY=1, docs/product/accounts.md#secure-cookies): one server of this
 * file's own, on this file's database. Without TRUST_PROXY the same forwarded https is not believed
 * (server-security.test.ts). From tests/e2e/security.spec.ts (docs/decisions/185-http-checks-in-vitest.md).
 */

const ADMIN = { username: 'proxyadmin', password: 'proxy-admin-password' };
let base = '';

beforeAll(async () => {
  const server = await startBuiltServer({
    DATABASE_URL: process.env.DATABASE_URL!,
    SESSION_SECRET: process.env.SESSION_SECRET!,
    TRUST_PROXY: '1',
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    BCRYPT_COST: '4',
    STRIPE_SECRET_KEY: '',
  });
  base = server.url;
});

afterAll(() => stopBuiltServers());

describe('behind a proxy trusted with TRUST_PROXY=1', () => {
  test('the cookie is Secure when the proxy says the request came over https, and not otherwise', async () => {
    const api = new Client(base);
    const login = (proto?: string) =>
      api.post('/api/login', {
        data: { username: ADMIN.username, password: ADMIN.password },
        headers: proto ? { 'X-Forwarded-Proto': proto } : {},
      });
    const https = await login('https');
    expect(https.status).toBe(200);
    expect(https.setCookies.join('\n')).toMatch(/__league_session=.*;\s*Secure/i);
    const http = await login();
    expect(http.status).toBe(200);
    expect(http.setCookies.join('\n')).not.toMatch(/;\s*Secure/i);
    // The flash toast of the sign-in page is Secure over https too.
    const page = await api.post('/auth', {
      form: { username: ADMIN.username, password: ADMIN.password },
      headers: { 'X-Forwarded-Proto': 'https' },
      maxRedirects: 0,
    });
    expect(page.status).toBe(302);
    expect(page.setCookies.join('\n')).toMatch(/;\s*Secure/i);
  });
});
