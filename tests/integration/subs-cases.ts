import { expect, it } from 'vitest';
import type { Db } from '~/db/db.server';

/*
 * Weekly availability and subs (docs/product/availability-and-subs.md): the same cases on SQLite (subs.test.ts) and
 * PostgreSQL (subs.postgres.test.ts). Each case plays in a season of its own (`year + n`), far enough ahead that its
 * nights are upcoming and before their cut-off whenever the tests run; the models and routes are imported when a case
 * runs, after the PostgreSQL file has pointed the client at its server.
 */

export const SPOT_TAKEN = 'This spot has been taken. Thank you!';
const TOO_LATE = 'Too late to change online: call the league administrator.';

async function app() {
  const [
    nights,
    view,
    offers,
    take,
    seasons,
    entries,
    golfers,
    availabilityApi,
    takeApi,
    offersApi,
    nightApi,
    meNights,
  ] = await Promise.all([
    import('~/features/subs/golfer-nights.server'),
    import('~/features/subs/night-view.server'),
    import('~/features/subs/offers.server'),
    import('~/features/subs/take-spot.server'),
    import('~/models/seasons.server'),
    import('~/models/schedule-entries.server'),
    import('~/models/golfers.server'),
    import('~/routes/api.me.availability.$date'),
    import('~/routes/api.subs.take.$token'),
    import('~/routes/api.nights.$date.offers'),
    import('~/routes/api.nights.$date'),
    import('~/routes/me.nights'),
  ]);
  return {
    ...nights,
    ...view,
    ...offers,
    ...take,
    ...seasons,
    ...entries,
    ...golfers,
    availabilityApi,
    takeApi,
    offersApi,
    nightApi,
    meNights,
  };
}

// The helpers load the database client: imported when a case runs, so the PostgreSQL file's client is the one used.
const helpers = () => import('./helpers');
const call: typeof import('./helpers').call = async (...args) => (await helpers()).call(...args);
const failureFrom: typeof import('./helpers').failureFrom = async (...args) => (await helpers()).failureFrom(...args);
/** A Request as Remix hands it to a loader or action (helpers.ts's request, for the JSON and form bodies used here). */
function request(
  path: string,
  init: { method?: string; json?: unknown; form?: Record<string, string>; cookie?: string } = {},
): Request {
  const headers = new Headers();
  if (init.cookie) headers.set('Cookie', init.cookie);
  let body: string | undefined;
  if (init.json !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(init.json);
  } else if (init.form) {
    headers.set('Content-Type', 'application/x-www-form-urlencoded');
    body = new URLSearchParams(init.form).toString();
  }
  return new Request(new URL(path, 'http://localhost'), {
    method: init.method ?? (body ? 'POST' : 'GET'),
    headers,
    body,
  });
}
const signIn: typeof import('./helpers').signIn = async (...args) => (await helpers()).signIn(...args);
const signInGolfer: typeof import('./helpers').signInGolfer = async (...args) =>
  (await helpers()).signInGolfer(...args);
let serial = 0;
const unique = (prefix: string) =>
  `${prefix}${Date.now().toString(36)}${(serial += 1)}${Math.random().toString(36).slice(2, 6)}`;

/** A season `year` with league nights on these dates (regular rounds) and an empty standing tee-time sheet. */
export async function leagueWithNights(year: number, dates: string[]) {
  const { createSeason, createScheduleEntry } = await app();
  await createSeason({ year, feeCents: 15000, registrationOpens: null, registrationCloses: null }, null);
  for (const [i, date] of dates.entries())
    await createScheduleEntry(year, { date, event: `Week ${i + 1}`, kind: 'regular-round', weekNumber: i + 1 }, null);
}

/** A golfer (with an email) who may hold position 1 of a tee time of `season` at `time`, and may be a sub. */
export async function golferWith(
  db: Db,
  opts: { season?: number; time?: string; canSub?: boolean; unsubscribed?: boolean } = {},
) {
  const { createGolfer } = await app();
  const name = unique('g');
  const golfer = await createGolfer(
    { firstName: `F${name}`, lastName: `L${name}`, email: `${name}@example.org`, canSub: opts.canSub ?? false },
    null,
  );
  if (opts.unsubscribed) await db.golfer.update({ where: { id: golfer.id }, data: { unsubscribedAt: new Date() } });
  if (opts.season !== undefined && opts.time)
    await db.teeTime.upsert({
      where: { time_season: { time: opts.time, season: opts.season } },
      create: { time: opts.time, season: opts.season, golfer1Id: golfer.id },
      update: { golfer1Id: golfer.id },
    });
  return golfer;
}

/** The 'Take the spot' link's token of each offer email queued to these golfers for the spot. */
export async function offerTokens(db: Db, golferIds: number[]): Promise<Map<number, string>> {
  const rows = await db.outboxMessage.findMany({
    where: { kind: 'sub-offer', golferId: { in: golferIds } },
    select: { golferId: true, text: true },
    orderBy: { id: 'asc' },
  });
  const out = new Map<number, string>();
  for (const r of rows) out.set(r.golferId!, /\/subs\/take\/([A-Za-z0-9_-]+)/.exec(r.text)![1]);
  return out;
}

const put = (date: string, cookie: string | undefined, body: unknown) =>
  request(`/api/me/availability/${date}`, { method: 'PUT', cookie, json: body });

export function subsCases(year: number, database: () => Db): void {
  it('a golfer marks a night Out and back In through the API, and the night view shows it; 401 without a session', async () => {
    const db = database();
    const { availabilityApi, nightView } = await app();
    const y = year;
    await leagueWithNights(y, [`${y}-06-01`, `${y}-06-08`]);
    const golfer = await golferWith(db, { season: y, time: '17:00' });
    const action = availabilityApi.action;

    const anonymous = await call(action, put(`${y}-06-01`, undefined, { status: 'out' }), { date: `${y}-06-01` });
    expect(anonymous.status).toBe(401);
    expect(await db.nightOut.count({ where: { golferId: golfer.id } })).toBe(0);

    const cookie = await signInGolfer(golfer.id);
    const out = await call(action, put(`${y}-06-01`, cookie, { status: 'out' }), { date: `${y}-06-01` });
    expect(out.status).toBe(200);
    expect(await out.json()).toMatchObject({ date: `${y}-06-01`, status: 'out', offered: 0 });
    const night = await nightView(`${y}-06-01`);
    const slot = night.groups.find((g) => g.time === '17:00')!.slots[0];
    expect(slot).toMatchObject({ golferId: golfer.id, status: 'out' });
    // /me/nights lists the golfer's nights of the season of their standing tee time.
    const mine = await (await app()).golferNights(golfer.id);
    expect(mine.nights.filter((n) => n.date.startsWith(`${y}-`))).toEqual([
      expect.objectContaining({ date: `${y}-06-01`, status: 'out', open: true, time: '5:00 PM' }),
      expect.objectContaining({ date: `${y}-06-08`, status: 'in', open: true, time: '5:00 PM' }),
    ]);
    // The other night is untouched: In, with the same standing tee time.
    const other = await nightView(`${y}-06-08`);
    expect(other.groups.find((g) => g.time === '17:00')!.slots[0]).toMatchObject({ golferId: golfer.id, status: 'in' });

    const back = await call(action, put(`${y}-06-01`, cookie, { status: 'in' }), { date: `${y}-06-01` });
    expect(back.status).toBe(200);
    expect((await nightView(`${y}-06-01`)).groups.find((g) => g.time === '17:00')!.slots[0].status).toBe('in');

    // Bad input: a clear status, nothing changed.
    const bad = await call(action, put(`${y}-06-01`, cookie, { status: 'maybe' }), { date: `${y}-06-01` });
    expect(bad.status).toBe(400);
    const notNight = await call(action, put(`${y}-06-02`, cookie, { status: 'out' }), { date: `${y}-06-02` });
    expect(notNight.status).toBe(404);
    const malformed = await call(action, put('2026-13-40', cookie, { status: 'out' }), { date: '2026-13-40' });
    expect(malformed.status).toBe(400);
    expect(await db.nightOut.count({ where: { golferId: golfer.id, out: true } })).toBe(0);
  });

  it('refuses a past night (400) and a night after its cut-off (409), changing nothing', async () => {
    const db = database();
    const { setAvailability } = await app();
    const past = 2011;
    await leagueWithNights(past, [`${past}-06-06`]);
    const golfer = await golferWith(db, { season: past, time: '17:10' });
    const pastFailure = await failureFrom(
      setAvailability({ golferId: golfer.id, date: `${past}-06-06`, available: false, origin: 'http://x' }),
    );
    expect(pastFailure).toMatchObject({ status: 400, message: expect.stringMatching(/has passed/) });

    const y = year + 1;
    await leagueWithNights(y, [`${y}-06-01`]);
    const later = await golferWith(db, { season: y, time: '17:10' });
    // Noon the day before in Detroit (EDT in June): 16:00 UTC.
    const afterCutoff = new Date(`${y}-05-31T16:00:00Z`);
    const late = await failureFrom(
      setAvailability({
        golferId: later.id,
        date: `${y}-06-01`,
        available: false,
        origin: 'http://x',
        now: afterCutoff,
      }),
    );
    expect(late).toEqual({ status: 409, message: TOO_LATE });
    const justBefore = new Date(afterCutoff.getTime() - 60_000);
    await setAvailability({
      golferId: later.id,
      date: `${y}-06-01`,
      available: false,
      origin: 'http://x',
      now: justBefore,
    });
    expect(await db.nightOut.count({ where: { golferId: { in: [golfer.id, later.id] }, out: true } })).toBe(1);
  });

  it("/me/nights lists the upcoming nights with In/Out and 'I can sub', and its forms work without JavaScript", async () => {
    const db = database();
    const { meNights } = await app();
    const golfer = await golferWith(db);
    const cookie = await signInGolfer(golfer.id);
    const page = await call(meNights.loader, request('/me/nights', { cookie }));
    expect(page.status).toBe(200);
    expect(await page.json()).toMatchObject({ canSub: false, hasTeeTime: false });
    const anonymous = await call(meNights.loader, request('/me/nights'));
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get('Location')).toBe('/me/sign-in?next=%2Fme%2Fnights');

    const saved = await call(
      meNights.action,
      request('/me/nights', { cookie, form: { intent: 'can-sub', canSub: 'on', back: '/me' } }),
    );
    expect(saved.status).toBe(303);
    expect(saved.headers.get('Location')).toBe('/me');
    expect((await db.golfer.findUniqueOrThrow({ where: { id: golfer.id } })).canSub).toBe(true);
    const off = await call(meNights.action, request('/me/nights', { cookie, form: { intent: 'can-sub' } }));
    expect(off.status).toBe(303);
    expect((await db.golfer.findUniqueOrThrow({ where: { id: golfer.id } })).canSub).toBe(false);

    // No standing tee time: nothing to mark, a clear 409 on the page.
    const y = year + 2;
    await leagueWithNights(y, [`${y}-06-01`]);
    const refused = await call(
      meNights.action,
      request('/me/nights', { cookie, form: { intent: 'out', date: `${y}-06-01` } }),
    );
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ error: expect.stringMatching(/no standing tee time/) });
  });

  it("offers the spot to the subs within 5 of the golfer's handicap, one link each, stored only as a hash", async () => {
    const db = database();
    const { offersApi, createRound } = { ...(await app()), ...(await import('~/models/rounds.server')) };
    const y = year + 3;
    await leagueWithNights(y, [`${y}-06-01`]);
    const absent = await golferWith(db, { season: y, time: '17:20' });
    const near = await golferWith(db, { canSub: true });
    // A sub who opted out of league messages still gets offers: only 'I can sub' counts.
    const nearUnsubscribed = await golferWith(db, { canSub: true, unsubscribed: true });
    const far = await golferWith(db, { canSub: true });
    const notSub = await golferWith(db);
    // Handicaps from one round each at the default par 36: round(0.8 × (gross − 36)).
    const roundOn = (golferId: number, grossScore: number) =>
      createRound({ golferId, date: '2012-05-21', grossScore }, null);
    await roundOn(absent.id, 45); // 7
    await roundOn(near.id, 46); // 8
    await roundOn(nearUnsubscribed.id, 42); // 5
    await roundOn(far.id, 60); // 19
    await roundOn(notSub.id, 45);
    await db.nightOut.create({
      data: { golferId: absent.id, date: `${y}-06-01`, season: y, teeTime: '17:20', position: 1 },
    });

    const { cookie } = await signIn({ isAdmin: true });
    const offer = (golferId: number, c = cookie) =>
      call(offersApi.action, request(`/api/nights/${y}-06-01/offers`, { cookie: c, json: { golferId } }), {
        date: `${y}-06-01`,
      });
    const { cookie: notAdmin } = await signIn({ isAdmin: false });
    expect((await offer(absent.id, notAdmin)).status).toBe(403);
    const res = await offer(absent.id);
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ offered: 2 });
    const tokens = await offerTokens(db, [near.id, nearUnsubscribed.id, far.id, notSub.id]);
    expect([...tokens.keys()].sort()).toEqual([near.id, nearUnsubscribed.id].sort());
    expect(new Set(tokens.values()).size).toBe(2);
    const stored = await db.subOffer.findMany({ where: { subGolferId: { in: [near.id, nearUnsubscribed.id] } } });
    expect(stored).toHaveLength(2);
    for (const row of stored) expect([...tokens.values()]).not.toContain(row.tokenHash);
    // Noon the day before, Detroit.
    expect(stored[0].expiresAt.toISOString()).toBe(`${y}-05-31T16:00:00.000Z`);

    // Offering again queues nothing twice; an offer for a golfer who is In is refused.
    expect(await (await offer(absent.id)).json()).toEqual({ offered: 0 });
    const inGolfer = await golferWith(db, { season: y, time: '17:30' });
    const refused = await offer(inGolfer.id);
    expect(refused.status).toBe(409);
    // After the night's cut-off the links would be dead on arrival: refused, nothing queued.
    const { offerSpot } = await app();
    const late = await failureFrom(
      offerSpot({
        golferId: absent.id,
        date: `${y}-06-01`,
        actor: null,
        origin: 'http://x',
        now: new Date(`${y}-05-31T16:00:00Z`),
      }),
    );
    expect(late).toEqual({ status: 409, message: TOO_LATE });
    // A past night: 400, nothing queued.
    await leagueWithNights(2010, ['2010-06-07']);
    await db.nightOut.create({ data: { golferId: absent.id, date: '2010-06-07', season: 2010 } });
    const past = await call(
      offersApi.action,
      request('/api/nights/2010-06-07/offers', { cookie, json: { golferId: absent.id } }),
      { date: '2010-06-07' },
    );
    expect(past.status).toBe(400);
    expect(await db.outboxMessage.count({ where: { kind: 'sub-offer', golferId: { in: [far.id, notSub.id] } } })).toBe(
      0,
    );
  });

  it('offers the spot to every sub when none is within 5', async () => {
    const db = database();
    const { offerSpot } = await app();
    const y = year + 4;
    await leagueWithNights(y, [`${y}-06-01`]);
    const absent = await golferWith(db, { season: y, time: '17:20' });
    await db.nightOut.create({
      data: { golferId: absent.id, date: `${y}-06-01`, season: y, teeTime: '17:20', position: 1 },
    });
    const subs = await db.golfer.count({ where: { canSub: true, email: { not: null } } });
    const sub = await golferWith(db, { canSub: true });
    const { offered } = await offerSpot({ golferId: absent.id, date: `${y}-06-01`, actor: null, origin: 'http://x' });
    // Handicaps unknown (no rounds): every free sub of the league, this one among them.
    expect(offered).toBe(subs + 1);
    expect((await offerTokens(db, [sub.id])).size).toBe(1);
  });

  it("the first sub to take the spot gets it for that night only, with 'You have the spot'; the rest are told it is taken", async () => {
    const db = database();
    const { offerSpot, takeApi, setAvailability, nightView, spotOffer } = await app();
    const y = year + 5;
    await leagueWithNights(y, [`${y}-06-01`, `${y}-06-08`]);
    const absent = await golferWith(db, { season: y, time: '16:40' });
    const [first, second] = [await golferWith(db, { canSub: true }), await golferWith(db, { canSub: true })];
    await setAvailability({ golferId: absent.id, date: `${y}-06-01`, available: false, origin: 'http://x' });
    await offerSpot({ golferId: absent.id, date: `${y}-06-01`, actor: null, origin: 'http://localhost' });
    const tokens = await offerTokens(db, [first.id, second.id]);
    const take = (token: string) =>
      call(takeApi.action, request(`/api/subs/take/${token}`, { method: 'POST' }), { token });

    // Opening the link changes nothing.
    expect(await spotOffer(tokens.get(first.id)!)).toMatchObject({ state: 'open' });
    const won = await take(tokens.get(first.id)!);
    expect(won.status).toBe(200);
    const expected = `You have the spot: ${formatNight(`${y}-06-01`)} at 4:40 PM`;
    expect(await won.json()).toMatchObject({ state: 'yours', message: expected });
    const mail = await db.outboxMessage.findFirstOrThrow({ where: { kind: 'sub-spot', golferId: first.id } });
    expect(mail.subject).toBe(expected);
    // The group's card of that night, which the sub keeps (docs/product/availability-and-subs.md).
    expect(mail.text).toMatch(new RegExp(`Your scorecard that night: http://[^/]+/me/scorecard/${y}-06-01\\n`));
    // Again: still theirs, nothing sent twice.
    expect((await take(tokens.get(first.id)!)).status).toBe(200);
    expect(await db.outboxMessage.count({ where: { kind: 'sub-spot', golferId: first.id } })).toBe(1);

    const lost = await take(tokens.get(second.id)!);
    expect(lost.status).toBe(409);
    expect(await lost.json()).toEqual({ message: SPOT_TAKEN });
    const tampered = await take(`${tokens.get(second.id)!.slice(0, -2)}xx`);
    expect(tampered.status).toBe(404);

    // The administrators see who took it; the absent golfer keeps the tee time for the other night.
    const night = await nightView(`${y}-06-01`);
    expect(night.groups.find((g) => g.time === '16:40')!.slots[0]).toMatchObject({
      golferId: absent.id,
      status: 'sub-found',
      subId: first.id,
    });
    expect(night.subs.map((s) => s.id)).not.toContain(first.id);
    const next = await nightView(`${y}-06-08`);
    expect(next.groups.find((g) => g.time === '16:40')!.slots[0]).toMatchObject({ golferId: absent.id, status: 'in' });

    // Marking In again does not take the spot back from the sub.
    const back = await failureFrom(
      setAvailability({ golferId: absent.id, date: `${y}-06-01`, available: true, origin: 'http://x' }),
    );
    expect(back).toMatchObject({ status: 409, message: expect.stringMatching(/A sub has already taken your spot/) });
    expect((await nightView(`${y}-06-01`)).groups.find((g) => g.time === '16:40')!.slots[0].subId).toBe(first.id);
  });

  it('a golfer back In before anyone took the spot has it again, and the links then say it is no longer open', async () => {
    const db = database();
    const { offerSpot, takeSpot, setAvailability, spotOffer } = await app();
    const y = year + 6;
    await leagueWithNights(y, [`${y}-06-01`]);
    const absent = await golferWith(db, { season: y, time: '16:50' });
    const sub = await golferWith(db, { canSub: true });
    await setAvailability({ golferId: absent.id, date: `${y}-06-01`, available: false, origin: 'http://x' });
    await offerSpot({ golferId: absent.id, date: `${y}-06-01`, actor: null, origin: 'http://x' });
    const token = (await offerTokens(db, [sub.id])).get(sub.id)!;
    const back = await setAvailability({
      golferId: absent.id,
      date: `${y}-06-01`,
      available: true,
      origin: 'http://x',
    });
    expect(back.status).toBe('in');
    expect(await spotOffer(token)).toMatchObject({ state: 'withdrawn' });
    expect(await failureFrom(takeSpot({ token, origin: 'http://x' }))).toMatchObject({ status: 409 });
    const row = await db.nightOut.findFirstOrThrow({ where: { golferId: absent.id } });
    expect(row).toMatchObject({ out: false, subGolferId: null });

    // An expired link (after the cut-off) is refused too, and changes nothing.
    await setAvailability({ golferId: absent.id, date: `${y}-06-01`, available: false, origin: 'http://x' });
    const expired = await failureFrom(takeSpot({ token, origin: 'http://x', now: new Date(`${y}-06-01T00:00:00Z`) }));
    expect(expired).toMatchObject({ status: 409, message: expect.stringMatching(/expired/) });
    expect((await db.nightOut.findFirstOrThrow({ where: { golferId: absent.id } })).subGolferId).toBeNull();
  });

  it('a golfer Out who took another spot as a sub cannot also mark their own tee time In (409, nothing changed)', async () => {
    const db = database();
    const { offerSpot, takeSpot, setAvailability } = await app();
    const y = year + 12;
    const night = `${y}-06-01`;
    await leagueWithNights(y, [night]);
    const absent = await golferWith(db, { season: y, time: '16:30' });
    const both = await golferWith(db, { season: y, time: '16:40', canSub: true });
    await setAvailability({ golferId: both.id, date: night, available: false, origin: 'http://x' });
    await setAvailability({ golferId: absent.id, date: night, available: false, origin: 'http://x' });
    await offerSpot({ golferId: absent.id, date: night, actor: null, origin: 'http://x' });
    await takeSpot({ token: (await offerTokens(db, [both.id])).get(both.id)!, origin: 'http://x' });
    const back = await failureFrom(
      setAvailability({ golferId: both.id, date: night, available: true, origin: 'http://x' }),
    );
    expect(back).toMatchObject({
      status: 409,
      message: expect.stringMatching(/You took the 4:30 PM spot .* as a sub/),
    });
    expect(await db.nightOut.findFirstOrThrow({ where: { golferId: both.id, date: night } })).toMatchObject({
      out: true,
    });
  });

  it("with 'Offer open spots to subs automatically' on, marking Out sends the offer at once", async () => {
    const db = database();
    const { setAvailability } = await app();
    const { updateSettings } = await import('~/models/settings.server');
    const y = year + 7;
    await leagueWithNights(y, [`${y}-06-01`]);
    const absent = await golferWith(db, { season: y, time: '16:30' });
    const sub = await golferWith(db, { canSub: true });
    await updateSettings({ autoOfferSubs: true }, null);
    try {
      const out = await setAvailability({
        golferId: absent.id,
        date: `${y}-06-01`,
        available: false,
        origin: 'http://x',
      });
      expect(out.offered).toBeGreaterThan(0);
      expect((await offerTokens(db, [sub.id])).size).toBe(1);
    } finally {
      await updateSettings({ autoOfferSubs: false }, null);
    }
  });

  it("50 subs taking one spot at once: one gets it, 49 are told 'This spot has been taken. Thank you!'", async () => {
    const db = database();
    const { offerSpot, takeApi } = await app();
    const y = year + 8;
    await leagueWithNights(y, [`${y}-06-01`]);
    const absent = await golferWith(db, { season: y, time: '16:20' });
    await db.nightOut.create({
      data: { golferId: absent.id, date: `${y}-06-01`, season: y, teeTime: '16:20', position: 1 },
    });
    const subs = [];
    for (let i = 0; i < 50; i++) subs.push(await golferWith(db, { canSub: true }));
    await offerSpot({ golferId: absent.id, date: `${y}-06-01`, actor: null, origin: 'http://x' });
    const tokens = await offerTokens(
      db,
      subs.map((s) => s.id),
    );
    expect(tokens.size).toBe(50);
    const answers = await Promise.all(
      [...tokens.values()].map((token) =>
        call(takeApi.action, request(`/api/subs/take/${token}`, { method: 'POST' }), { token }),
      ),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    for (const a of answers.filter((x) => x.status === 409)) expect(await a.json()).toEqual({ message: SPOT_TAKEN });
    const row = await db.nightOut.findFirstOrThrow({ where: { golferId: absent.id } });
    expect(subs.map((s) => s.id)).toContain(row.subGolferId);
    expect(await db.subOffer.count({ where: { nightOutId: row.id, usedAt: { not: null } } })).toBe(1);
    expect(await db.outboxMessage.count({ where: { kind: 'sub-spot', key: `sub-spot:${row.id}` } })).toBe(1);
  });

  it("a sub's round counts for the sub's handicap and shows marked 'Sub' on the night's results, with no points", async () => {
    const db = database();
    const { createRound } = await import('~/models/rounds.server');
    const { calculatePointsForDate } = await import('~/models/points.server');
    const { getNightResults } = await import('~/models/stats.server');
    const { createFlightAssignment } = await import('~/models/flights.server');
    const y = 2013;
    await leagueWithNights(y, [`${y}-06-03`]);
    const [a, b, absent] = [await golferWith(db), await golferWith(db), await golferWith(db)];
    const sub = await golferWith(db, { canSub: true });
    // The sub is in a flight of their own season too: still no points for a night played as a sub.
    for (const g of [a, b, absent, sub])
      await createFlightAssignment({ golferId: g.id, season: y, flightNo: '1' }, null);
    await db.nightOut.create({
      data: { golferId: absent.id, date: `${y}-06-03`, season: y, teeTime: '17:00', position: 1, subGolferId: sub.id },
    });
    await createRound({ golferId: a.id, date: `${y}-06-03`, grossScore: 44 }, null);
    await createRound({ golferId: b.id, date: `${y}-06-03`, grossScore: 48 }, null);
    const subRound = await createRound({ golferId: sub.id, date: `${y}-06-03`, grossScore: 40 }, null);
    const result = await calculatePointsForDate(`${y}-06-03`, null);
    expect(result.awarded).toBe(2);
    const rounds = await db.round.findMany({ where: { date: `${y}-06-03` } });
    expect(rounds.find((r) => r.golferId === a.id)!.points).toBe(24);
    expect(rounds.find((r) => r.golferId === b.id)!.points).toBe(23);
    expect(rounds.find((r) => r.golferId === sub.id)!.points).toBeNull();
    // The round counts for the sub's handicap: round(0.8 × (40 − 36)) = 3.
    expect(subRound.hcpIndexAfter).toBe(3);
    const results = await getNightResults(`${y}-06-03`);
    const rows = results.flights.flatMap((f) => f.rows);
    expect(rows.find((r) => r.golferId === sub.id)).toMatchObject({ sub: true, points: null, place: null });
    expect(rows.find((r) => r.golferId === a.id)).toMatchObject({ sub: false, points: 24, place: '1' });
  });
}

function formatNight(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(y, m - 1, d).toLocaleDateString('en-US', { weekday: 'long', month: 'long', day: 'numeric' });
}
