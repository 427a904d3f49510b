import { afterAll, beforeAll, expect, test } from 'vitest';
import { db } from '~/db/db.server';
import { createGolfer } from '~/models/golfers.server';
import { createScheduleEntry } from '~/models/schedule-entries.server';
import { createSeason, getSeason } from '~/models/seasons.server';
import { golferCookieValue } from '../golfer-cookie';
import { startBuiltServer, stopBuiltServers } from './built-server';
import { unique } from './helpers';
import { Client } from './http-client';

/*
 * What the real server answers to clients that are no browser page, over HTTP alone: the calendar feeds, the phone
 * app's manifest and icons, and the administrators' JSON API. One server of this file's own, on this file's database
 * (setup-env.ts). These were checks of browser specs that used no page (docs/decisions/185-http-checks-in-vitest.md).
 */

const ADMIN = { username: 'feedsadmin', password: 'feeds-admin-password' };
const SECRET = process.env.SESSION_SECRET!;
let baseURL = '';
const client = () => new Client(baseURL);

beforeAll(async () => {
  const server = await startBuiltServer({
    DATABASE_URL: process.env.DATABASE_URL!,
    SESSION_SECRET: SECRET,
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    BCRYPT_COST: '4',
    STRIPE_SECRET_KEY: '',
  });
  baseURL = server.url;
});

afterAll(() => stopBuiltServers());

// From tests/e2e/schedule.spec.ts (docs/product/seasons.md#public-schedule-and-calendar).
test('the calendar feeds answer text/calendar, and 404 for anything that is not a season', async () => {
  const PAST = 2013;
  await createSeason({ year: PAST, registrationOpens: null, registrationCloses: null }, null);
  for (const entry of [
    { date: `${PAST}-05-06`, event: 'Practice Round', kind: 'practice-round' },
    { date: `${PAST}-05-13`, weekNumber: 1, event: 'First Scoring Round', kind: 'regular-round' },
  ] as const) {
    await createScheduleEntry(PAST, entry, null);
  }
  const request = client();
  const league = await request.get('/schedule.ics');
  expect(league.status).toBe(200);
  expect(league.headers['content-type']).toBe('text/calendar; charset=utf-8');
  expect(league.text()).toMatch(/^BEGIN:VCALENDAR\r\n/);

  const past = await request.get(`/schedule/${PAST}.ics`);
  expect(past.status).toBe(200);
  expect(past.headers['content-type']).toBe('text/calendar; charset=utf-8');
  const text = past.text();
  expect(text).toContain(`UID:schedule-${PAST}-05-06@golf-league`);
  // May 6, 11:00 in Detroit (EDT) is 15:00 UTC.
  expect(text).toContain(`DTSTART:${PAST}0506T150000Z`);

  expect((await request.get('/schedule/abc.ics')).status).toBe(404);
  expect((await request.get('/schedule/2099.ics')).status).toBe(404);
});

// The feed's half of tests/e2e/my-calendar.spec.ts (docs/product/my-league.md#my-calendar), whose page (the address
// shown on /me, 'New calendar link' and its toast) stays there. The address is the one /me shows
// (GET /api/me/calendar gives the same); 'New calendar link' is the form /me posts.
test("a golfer's calendar address names their calendar, and 'New calendar link' ends the old one", async () => {
  const year = 2086;
  if (!(await getSeason(year)))
    await createSeason({ year, feeCents: 15000, registrationOpens: null, registrationCloses: null }, null);
  for (const [i, date] of [`${year}-06-01`, `${year}-06-08`].entries())
    await createScheduleEntry(
      year,
      { date, event: `League night ${i + 1}`, kind: 'regular-round', weekNumber: i + 1 },
      null,
    );
  const last = unique('Sub');
  const me = await createGolfer({ firstName: 'Cal', lastName: last, email: `${last.toLowerCase()}@example.org` }, null);
  await db.teeTime.create({ data: { time: '17:20', season: year, golfer1Id: me.id } });
  const { name, value } = await golferCookieValue(me.id, SECRET);
  const request = client();
  const cookie = { Cookie: `${name}=${value}` };
  const address = async () => (await request.get('/api/me/calendar', { headers: cookie })).json<{ url: string }>().url;
  const old = await address();
  expect(old).toMatch(new RegExp(`^${baseURL.replace(/[.:/]/g, '\\$&')}/calendar/[A-Za-z0-9_-]{43}\\.ics$`));

  const feed = await request.get(old);
  expect(feed.status).toBe(200);
  expect(feed.headers['content-type']).toBe('text/calendar; charset=utf-8');
  const ics = feed.text();
  expect(ics).toContain('SUMMARY:In: League night 1');
  expect(ics).toContain('SUMMARY:In: League night 2');
  expect(ics).not.toContain(me.email!);

  const renewed = await request.post('/me/calendar', { headers: cookie, form: {}, maxRedirects: 0 });
  expect(renewed.status).toBe(303);
  expect(renewed.headers['location']).toBe('/me');
  const fresh = await address();
  expect(fresh).not.toBe(old);

  const gone = await request.get(old);
  expect(gone.status).toBe(404);
  expect(gone.headers['content-type']).toBe('text/plain; charset=utf-8');
  expect(gone.text()).toMatch(/^This calendar link does not work/);
  expect((await request.get(fresh)).status).toBe(200);
});

// The manifest's half of "the manifest gives 'Add to Home Screen' the league's name, its icons and My league; only
// golfers' pages link it" (tests/e2e/phone-app.js.spec.ts, docs/decisions/160-golfers-phone-app.md), whose pages (which
// link the manifest) stay there.
test("the manifest gives 'Add to Home Screen' the league's name, its icons and My league", async () => {
  const request = client();
  const manifest = (await request.get('/manifest.webmanifest')).json<{
    name: string;
    short_name: string;
    start_url: string;
    display: string;
    theme_color: string;
    icons: { src: string; sizes: string; type: string }[];
  }>();
  expect(manifest).toMatchObject({ short_name: 'My league', start_url: '/me', display: 'standalone' });
  expect(manifest.name.length).toBeGreaterThan(0);
  expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/);
  for (const size of [192, 512]) {
    const icon = manifest.icons.find((i) => i.sizes === `${size}x${size}`);
    expect(icon?.type).toBe('image/png');
    const png = (await request.get(icon!.src)).body;
    // A PNG's IHDR holds its width and height at bytes 16 and 20.
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([size, size]);
  }
});

// From tests/e2e/outbox.spec.ts.
test('GET /api/outbox lists the same for administrators and refuses an unknown status', async () => {
  const tag = unique('fail');
  const message = await db.outboxMessage.create({
    data: {
      key: `test:${tag}`,
      kind: 'receipt',
      toAddress: `${tag}@example.org`,
      subject: `Receipt ${tag} <b>not bold</b>`,
      text: 'Thank you for registering.',
      html: '<p>Thank you for <em>registering</em>.</p><script>parent.document.title = "hacked"</script>',
      status: 'failed',
      attempts: 5,
      lastError: '550 5.1.1 mailbox unavailable',
    },
  });
  const request = client();
  expect((await request.post('/api/login', { data: ADMIN })).status).toBe(200);
  const ok = await request.get('/api/outbox?status=failed');
  expect(ok.status).toBe(200);
  const body = ok.json<{ rows: { id: number; status: string }[]; page: number; pageSize: number }>();
  expect(body.rows.some((r) => r.id === message.id)).toBe(true);
  expect(body.rows.every((r) => r.status === 'failed')).toBe(true);
  expect(body).toMatchObject({ page: 1, pageSize: 50 });
  const bad = await request.get('/api/outbox?status=lost');
  expect(bad.status).toBe(400);
  expect(bad.json<{ message: string }>().message).toMatch(/^Invalid status: "lost"/);
});
