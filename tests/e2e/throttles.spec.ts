import Database from 'better-sqlite3';
import { request as newRequest, type APIRequestContext, type Page } from '@playwright/test';
import { currentSeason } from '../../app/domain/season';
import { expect, hydrated, test, unique } from './fixtures';
import { startOwnServer, type OwnServer } from './own-server';

/**
 * Login throttling (docs/decisions/091) and the registration rate limit (094) count per client address, which
 * server.js passes in Remix's load context (112). Every browser of the shared e2e server comes from 127.0.0.1 and that
 * server allows 1000 registrations an hour, so a lock-out there would also lock out the specs running beside these.
 * They run against a server of their own instead (one per project, its own database, no TRUST_PROXY: the address is
 * the connection's), which allows 2 registrations an hour. That a client-address header the client sends is not
 * believed is checked over HTTP alone in tests/integration/server-security.test.ts.
 */
test.describe.configure({ mode: 'serial' });

const ADMIN = { username: 'throttleadmin', password: 'throttle-admin-password' };
const ALLOWANCE = 2;
const LOCKED = 'Too many failed attempts. Try again in 15 minutes.';
const TOO_MANY_REGISTRATIONS = /Too many registrations from this network\. Try again in \d+ minutes?\./;

let server: OwnServer;
let admin: APIRequestContext;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startOwnServer('throttles', {
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    REGISTRATIONS_PER_HOUR: String(ALLOWANCE),
  });
  admin = await newRequest.newContext({ baseURL: server.base });
  expect((await admin.post('/api/login', { data: ADMIN })).status()).toBe(200);
  // Its database holds only the 2025 season: open this one for the whole year, as the shared server's fixtures do.
  const year = currentSeason();
  const season = await admin.post('/api/seasons', {
    data: { year, copyFrom: 2025, registrationOpens: `${year}-01-01`, registrationCloses: `${year}-12-31` },
  });
  expect(season.status(), await season.text()).toBe(201);
});

test.afterAll(async () => {
  await admin?.dispose();
  server?.stop();
});

/** A user of the own server to lock out (never its administrator, whose session the setup uses). */
async function newUser() {
  const username = unique('thr').toLowerCase();
  const password = 'throttle-user-password';
  const res = await admin.post('/api/register', {
    data: { username, password, email: `${username}@example.org`, firstName: 'Tess', lastName: 'Throttle' },
  });
  expect(res.status(), await res.text()).toBe(201);
  return { username, password };
}

/** The keys of the own server's sign-in and registration counters. */
function throttleKeys(): string[] {
  const file = new Database(server.dbFile, { readonly: true, fileMustExist: true });
  try {
    return file
      .prepare('SELECT key FROM login_throttles')
      .all()
      .map((row) => (row as { key: string }).key);
  } finally {
    file.close();
  }
}

async function signInThroughPage(page: Page, username: string, password: string) {
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  // With JavaScript the form posts as single fetch does, to /auth.data (decision 194); without it, to /auth.
  const answer = page.waitForResponse(
    (r) => r.request().method() === 'POST' && ['/auth', '/auth.data'].includes(new URL(r.url()).pathname),
  );
  await page.getByRole('button', { name: 'Sign In' }).click();
  return answer;
}

test('five wrong passwords lock the sign-in for 15 minutes: the next one, right or not, answers 429 and says so', async ({
  page,
}) => {
  const { username, password } = await newUser();
  await page.goto(`${server.base}/auth`);
  await hydrated(page);
  for (let i = 1; i <= 5; i++) {
    const wrong = await signInThroughPage(page, username, `wrong-password-${i}`);
    expect(wrong.status()).toBe(401);
    await expect(page.getByRole('alert')).toContainText('Invalid username or password');
  }
  const locked = await signInThroughPage(page, username, password);
  expect(locked.status()).toBe(429);
  expect(await locked.headerValue('Retry-After')).toBe('900');
  await expect(page.getByRole('alert')).toContainText(LOCKED);
  await expect(page).toHaveURL(/\/auth$/);
  // Not signed in: an admin page still sends the visitor to the sign-in.
  await page.goto(`${server.base}/golfers`);
  await expect(page).toHaveURL(/\/auth\?redirectTo=/);
});

test('past the hourly allowance a registration answers 429 with the form and the message, and no checkout starts', async ({
  page,
}) => {
  const registrant = (lastName: string) => ({
    registrationType: 'new',
    firstName: 'Rita',
    lastName,
    email: `${lastName.toLowerCase()}@example.org`,
    phone: '231-555-0142',
    estimatedScore: '43',
    termsAccepted: 'on',
  });
  // The allowance, used up from this address (127.0.0.1) by the page's own form post.
  const first = await newRequest.newContext({ baseURL: server.base });
  try {
    for (let i = 0; i < ALLOWANCE; i++) {
      const res = await first.post('/register', { form: registrant(unique('Allowed')), maxRedirects: 0 });
      expect(res.status()).toBe(303);
      expect(res.headers()['location']).toMatch(/\/checkout\/cs_test_sim_/);
    }
  } finally {
    await first.dispose();
  }

  // The browser even claims another address; it is counted as the one it comes from.
  await page.setExtraHTTPHeaders({ 'X-Client-Address': '198.51.100.77' });
  await page.goto(`${server.base}/register`);
  await hydrated(page);
  const lastName = unique('Refused');
  await page.getByRole('radio', { name: 'New golfer' }).check();
  await page.getByLabel('First Name').fill('Rita');
  await page.getByLabel('Last Name').fill(lastName);
  await page.getByLabel('Email').fill(`${lastName.toLowerCase()}@example.org`);
  await page.getByLabel('Phone').fill('231-555-0142');
  await page.getByLabel('Estimated 9-Hole Score').fill('43');
  await page.getByLabel('I accept the terms and conditions').check();
  const answer = page.waitForResponse(
    (r) => r.request().method() === 'POST' && ['/register', '/register.data'].includes(new URL(r.url()).pathname),
  );
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  const refused = await answer;
  expect(refused.status()).toBe(429);
  expect(Number(await refused.headerValue('Retry-After'))).toBeGreaterThan(55 * 60);
  await expect(page.getByText(TOO_MANY_REGISTRATIONS)).toBeVisible();
  // Still the form, with what was typed.
  await expect(page).toHaveURL(/\/register$/);
  await expect(page.getByLabel('Last Name')).toHaveValue(lastName);

  const file = new Database(server.dbFile, { readonly: true, fileMustExist: true });
  try {
    const started = file
      .prepare('SELECT count(*) AS n FROM pending_registrations WHERE lastName = ?')
      .get(lastName) as { n: number };
    expect(started.n).toBe(0);
  } finally {
    file.close();
  }
  expect(throttleKeys().filter((key) => key.startsWith('register:'))).toEqual([
    expect.stringMatching(/^register:(::ffff:)?127\.0\.0\.1$/),
  ]);
});
