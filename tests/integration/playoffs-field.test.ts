import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFlightAssignment } from '~/models/flights.server';
import { createGolfer } from '~/models/golfers.server';
import { createRounds } from '~/models/rounds.server';
import { createMailSender } from '~/integrations/mail/sender.server';
import * as lockApi from '~/routes/api.seasons.$year.playoffs.lock';
import * as replaceApi from '~/routes/api.seasons.$year.playoffs.replace';
import * as roundsApi from '~/routes/api.rounds';
import * as playoffsApi from '~/routes/api.public.playoffs';
import * as playoffsPage from '~/routes/_public.stats.playoffs';
import * as seasonPage from '~/routes/_admin.seasons.$year';
import * as adminRounds from '~/routes/_admin.rounds';
import { db } from '~/db/db.server';
import { call, request, signIn, toastOf } from './helpers';
import { startMailServer, type TestMailServer } from './mail-helpers';
import { playoffsLeague, type PlayoffsLeague } from './playoffs-league';
import { renderPage } from './render-page';

// Locking the playoff field, 'Replace' and the 'You're in the playoffs' email on SQLite (docs/product/playoffs.md),
// through the routes an administrator uses: the API, the /seasons/{year} forms, and the lock by itself when the last
// qualifier night gets its points. Then the nights: the flight champions and the league champion from net scores.

const YEAR = 2061;
// A past season: rounds are refused in a season not yet begun.
const AUTO_YEAR = 2006;
let league: PlayoffsLeague;
let admin: string;
let member: string;
let smtp: TestMailServer;

type FieldJson = {
  season: number;
  locked: boolean;
  flights: {
    flight: string;
    field: {
      seed: number;
      golferId: number;
      name: string;
      status: string;
      net: number | null;
      champion: string | null;
    }[];
    race: { golferId: number; seed: number | null; status: string }[];
  }[];
  grandChampionship: {
    entrants: { golferId: number; flight: string; net: number | null }[];
    champion: { golferId: number; name: string; flight: string; net: number; decidedBy: string } | null;
  };
};

const lock = (year: number, cookie?: string) =>
  call(lockApi.action, request(`/api/seasons/${year}/playoffs/lock`, { method: 'POST', cookie }), {
    year: String(year),
  });
const replace = (year: number, json: unknown, cookie = admin) =>
  call(replaceApi.action, request(`/api/seasons/${year}/playoffs/replace`, { method: 'POST', json, cookie }), {
    year: String(year),
  });
const publicPlayoffs = async (year: number) =>
  (await (await call(playoffsApi.loader, request(`/api/public/playoffs?season=${year}`))).json()) as FieldJson;
const playoffsHtml = async (year: number) =>
  (
    await renderPage(`/stats/playoffs?season=${year}`, {
      id: 'routes/_public.stats.playoffs',
      path: 'stats/playoffs',
      module: playoffsPage as unknown as Parameters<typeof renderPage>[1]['module'],
    })
  ).text;
const mailTo = (first: string, year = YEAR) => `${first.toLowerCase()}.race${year}@example.org`;
const deliver = () =>
  createMailSender({
    wait: () => Promise.resolve(),
    perSecond: 1000,
    backoffBaseMs: 1000,
    log: () => undefined,
  }).deliverDue();

beforeAll(async () => {
  smtp = await startMailServer();
  process.env.SMTP_URL = smtp.url;
  league = await playoffsLeague(YEAR, { emails: true });
  admin = (await signIn({ isAdmin: true })).cookie;
  member = (await signIn({ isAdmin: false })).cookie;
  // Amy opted out of league messages: the playoffs email is transactional, so she gets it anyway.
  await db.golfer.update({ where: { id: league.golfers.Amy.id }, data: { unsubscribedAt: new Date() } });
}, 120_000);

afterAll(async () => {
  delete process.env.SMTP_URL;
  await smtp.stop();
});

describe('the playoff field before the lock', () => {
  it('refuses a lock or a replacement from anyone but an administrator', async () => {
    expect((await lock(YEAR)).status).toBe(401);
    expect((await lock(YEAR, member)).status).toBe(403);
    expect((await replace(YEAR, { flight: '1', seed: 1, reason: 'Hurt' }, member)).status).toBe(403);
    expect(await db.playoffField.count({ where: { season: YEAR } })).toBe(0);
  });

  it('refuses to replace a golfer while the field is provisional, saying why (409)', async () => {
    const res = await replace(YEAR, { flight: '1', seed: 1, reason: 'Hurt' });
    expect(res.status).toBe(409);
    expect(((await res.json()) as { message: string }).message).toBe(
      `The ${YEAR} playoff field is not locked yet: it follows the standings, so there is no seed to replace`,
    );
    expect((await publicPlayoffs(YEAR)).locked).toBe(false);
  });
});

describe("'Lock playoff field'", () => {
  it('stores the provisional field, audits it, and queues one email per seeded golfer, opted-out ones included', async () => {
    const res = await lock(YEAR, admin);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ season: YEAR, locked: true, newlyLocked: true, seeds: 7, emails: 7 });
    const { golfers } = league;
    const seeds = await db.playoffSeed.findMany({
      where: { season: YEAR },
      orderBy: [{ flightNo: 'asc' }, { seed: 'asc' }],
    });
    expect(seeds.map((s) => [s.flightNo, s.seed, s.golferId])).toEqual([
      ['1', 1, golfers.Amy.id],
      ['1', 2, golfers.Cat.id],
      ['1', 3, golfers.Bea.id],
      ['2', 1, golfers.Ian.id],
      ['2', 2, golfers.Hal.id],
      ['3', 1, golfers.Kim.id],
      ['3', 2, golfers.Jo.id],
    ]);
    const audit = await db.auditEntry.findFirst({ where: { entity: 'playoff field', entityId: String(YEAR) } });
    expect(audit?.summary).toBe(`Locked the ${YEAR} playoff field (Flight 1: 3, Flight 2: 2, Flight 3: 2)`);
    const queued = await db.outboxMessage.findMany({ where: { key: { startsWith: `playoffs:${YEAR}:` } } });
    expect(queued.map((m) => m.subject).sort()).toEqual(
      [
        `You're in the ${YEAR} playoffs: Flight 1, seed 1`,
        `You're in the ${YEAR} playoffs: Flight 1, seed 2`,
        `You're in the ${YEAR} playoffs: Flight 1, seed 3`,
        `You're in the ${YEAR} playoffs: Flight 2, seed 1`,
        `You're in the ${YEAR} playoffs: Flight 2, seed 2`,
        `You're in the ${YEAR} playoffs: Flight 3, seed 1`,
        `You're in the ${YEAR} playoffs: Flight 3, seed 2`,
      ].sort(),
    );
    // Delivered by the real sender to a real SMTP server: Amy's arrives, with the playoff night's date.
    await deliver();
    const [amy] = smtp.to(mailTo('Amy'));
    expect(amy.mail.subject).toBe(`You're in the ${YEAR} playoffs: Flight 1, seed 1`);
    expect(amy.mail.text).toContain('Flight playoff');
    expect(amy.mail.text).toMatch(/Tee time:? +To be announced/);
    expect(smtp.to(mailTo('Dan'))).toHaveLength(0);
  });

  it('is harmless when pressed again: nothing changes and no email goes out twice', async () => {
    const before = await db.outboxMessage.count({ where: { key: { startsWith: `playoffs:${YEAR}:` } } });
    const res = await lock(YEAR, admin);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ locked: true, newlyLocked: false, emails: 0 });
    expect(await db.outboxMessage.count({ where: { key: { startsWith: `playoffs:${YEAR}:` } } })).toBe(before);
    expect(await db.playoffSeed.count({ where: { season: YEAR } })).toBe(7);
  });

  it('shows the locked field on /stats/playoffs and in the API, no longer the race', async () => {
    const body = await publicPlayoffs(YEAR);
    expect(body.locked).toBe(true);
    expect(body.flights[0].field.map((e) => [e.seed, e.name, e.status])).toEqual([
      [1, `Amy Race${YEAR}`, 'In the field'],
      [2, `Cat Race${YEAR}`, 'In the field'],
      [3, `Bea Race${YEAR}`, 'In the field'],
    ]);
    const html = await playoffsHtml(YEAR);
    expect(html).toContain('The field');
    expect(html).not.toContain('The race to the playoffs');
    expect(html).toContain('Only 3 golfers of Flight 1 qualified: the field is smaller.');
  });
});

describe("'Replace'", () => {
  it('refuses a seed that does not exist, a blank reason, and a golfer who is not qualified, saying why', async () => {
    const noSeed = await replace(YEAR, { flight: '1', seed: 4, reason: 'Hurt' });
    expect(noSeed.status).toBe(409);
    expect(((await noSeed.json()) as { message: string }).message).toBe(
      `Flight 1 has no seed 4 in the ${YEAR} field: fewer golfers qualified`,
    );
    expect((await replace(YEAR, { flight: '1', seed: 9, reason: 'Hurt' })).status).toBe(400);
    expect((await replace(YEAR, { flight: '1', seed: 1, reason: '  ' })).status).toBe(400);
    expect((await replace(YEAR, { flight: '7', seed: 1, reason: 'Hurt' })).status).toBe(400);
    const notQualified = await replace(YEAR, { flight: '1', seed: 1, reason: 'Hurt', golferId: league.golfers.Eli.id });
    expect(notQualified.status).toBe(409);
    expect(((await notQualified.json()) as { message: string }).message).toBe(
      `Eli Race${YEAR} is not a qualified golfer of Flight 1 outside the field`,
    );
    const nobody = await replace(YEAR, { flight: '2', seed: 1, reason: 'Hurt' });
    expect(nobody.status).toBe(409);
    expect(((await nobody.json()) as { message: string }).message).toBe(
      'No other qualified golfer of Flight 2 can take seed 1',
    );
    expect(await db.playoffReplacement.count({ where: { season: YEAR } })).toBe(0);
  });

  it('gives the seed to the next qualified golfer, records the reason, audits it and emails the new golfer', async () => {
    // Zed qualifies after the lock with fewer points than the field: the next qualified golfer of Flight 1.
    const zed = await createGolfer({ firstName: 'Zed', lastName: `Race${YEAR}`, email: mailTo('Zed') }, null);
    await createFlightAssignment({ golferId: zed.id, season: YEAR, flightNo: '1' }, null);
    await createRounds(
      [...league.regular.slice(0, 5), ...league.qualifiers.slice(0, 3)].map((date) => ({
        golferId: zed.id,
        date,
        season: YEAR,
        grossScore: 45,
        points: 1,
      })),
      null,
    );
    const res = await replace(YEAR, { flight: '1', seed: 2, reason: 'Broken wrist' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      season: YEAR,
      flight: '1',
      seed: 2,
      out: { golferId: league.golfers.Cat.id, name: `Cat Race${YEAR}` },
      in: { golferId: zed.id, name: `Zed Race${YEAR}` },
    });
    const seed2 = await db.playoffSeed.findUnique({
      where: { season_flightNo_seed: { season: YEAR, flightNo: '1', seed: 2 } },
    });
    expect(seed2?.golferId).toBe(zed.id);
    const [replacement] = await db.playoffReplacement.findMany({ where: { season: YEAR } });
    expect(replacement).toMatchObject({
      outGolferId: league.golfers.Cat.id,
      inGolferId: zed.id,
      reason: 'Broken wrist',
    });
    const audit = await db.auditEntry.findFirst({ where: { entity: 'playoff field', action: 'replace' } });
    expect(audit?.summary).toBe(`Flight 1, seed 2: Zed Race${YEAR} replaces Cat Race${YEAR} (Broken wrist)`);
    await deliver();
    expect(smtp.to(mailTo('Zed')).map((m) => m.mail.subject)).toEqual([
      `You're in the ${YEAR} playoffs: Flight 1, seed 2`,
    ]);
    // Cat, replaced, does not come back by a second replacement, and nobody else is left.
    const again = await replace(YEAR, { flight: '1', seed: 2, reason: 'Zed is away' });
    expect(again.status).toBe(409);
  });

  it('works from /seasons/{year} without JavaScript: plain form posts, answered by a redirect or the form (400)', async () => {
    const relock = await call(
      seasonPage.action,
      request(`/seasons/${YEAR}`, { form: { intent: 'lock-playoffs' }, cookie: admin }),
      { year: String(YEAR) },
    );
    expect(relock.status).toBe(302);
    expect((await toastOf(relock))?.title).toBe('Playoff field already locked');
    const form = { intent: 'replace-seed', flight: '3', seed: '2', reason: '' };
    const refused = await call(seasonPage.action, request(`/seasons/${YEAR}`, { form, cookie: admin }), {
      year: String(YEAR),
    });
    expect(refused.status).toBe(400);
    const page = await call(seasonPage.loader, request(`/seasons/${YEAR}`, { cookie: admin }), { year: String(YEAR) });
    const data = (await page.json()) as { playoffs: { locked: unknown; replacements: { reason: string }[] } };
    expect(data.playoffs.locked).not.toBeNull();
    expect(data.playoffs.replacements.map((r) => r.reason)).toEqual(['Broken wrist']);
  });
});

describe('the lock by itself', () => {
  it('locks once the last qualifier night has points, as the rounds are entered, and emails the field', async () => {
    const auto = await playoffsLeague(AUTO_YEAR, { emails: true });
    expect(await db.playoffField.count({ where: { season: AUTO_YEAR } })).toBe(0);
    const last = auto.qualifiers[3];
    const res = await call(
      roundsApi.action,
      request('/api/rounds', {
        method: 'POST',
        cookie: admin,
        json: { golferId: auto.golfers.Amy.id, date: last, season: AUTO_YEAR, grossScore: 44, points: 12 },
      }),
    );
    expect(res.status).toBe(201);
    const field = await db.playoffField.findUnique({ where: { season: AUTO_YEAR } });
    expect(field?.lockedBy).toBe('automatic');
    expect(await db.playoffSeed.count({ where: { season: AUTO_YEAR } })).toBe(7);
    expect(await db.outboxMessage.count({ where: { key: { startsWith: `playoffs:${AUTO_YEAR}:` } } })).toBe(7);
  });
});

describe('the nights', () => {
  it('give no standings points: Calculate points refuses a playoff night', async () => {
    const playoff = league.dates[13];
    await createRounds([{ golferId: league.golfers.Amy.id, date: playoff, season: YEAR, grossScore: 44 }], null);
    const res = await call(
      adminRounds.action,
      request(`/rounds?season=${YEAR}`, { form: { intent: 'calculate-points', date: playoff }, cookie: admin }),
    );
    expect(res.status).toBe(400);
    expect(JSON.stringify(await res.json())).toContain('is a playoff night: it gives no standings points');
    expect(
      (await db.round.findFirst({ where: { golferId: league.golfers.Amy.id, date: playoff } }))?.points,
    ).toBeNull();
    await db.round.deleteMany({ where: { date: playoff, season: YEAR } });
  });

  it('crown the flight champions by the lowest net and the league champion at the Grand Championship', async () => {
    const { golfers, dates } = league;
    const [playoff, grand] = [dates[13], dates[14]];
    const nets = (await db.round.findMany({ where: { season: YEAR, date: playoff } })).length;
    expect(nets).toBe(0);
    const zed = (await db.golfer.findFirst({ where: { firstName: 'Zed', lastName: `Race${YEAR}` } }))!;
    // Flight 1: Amy 40, Zed 44, Bea 42 gross; Flight 2: Ian and Hal level on net: the better seed (Ian, 1) wins.
    const played = [
      [golfers.Amy.id, 40],
      [zed.id, 44],
      [golfers.Bea.id, 42],
      [golfers.Ian.id, 43],
      [golfers.Hal.id, 43],
      [golfers.Kim.id, 39],
      [golfers.Jo.id, 47],
    ] as const;
    for (const [golferId, grossScore] of played)
      await createRounds([{ golferId, date: playoff, season: YEAR, grossScore }], null);
    const afterPlayoff = await publicPlayoffs(YEAR);
    const champions = afterPlayoff.flights.map((f) => f.field.find((e) => e.champion)?.golferId);
    const netOf = (id: number) => afterPlayoff.flights.flatMap((f) => f.field).find((e) => e.golferId === id)!.net!;
    const flightOne = [golfers.Amy.id, zed.id, golfers.Bea.id].sort((a, b) => netOf(a) - netOf(b))[0];
    expect(champions[0]).toBe(flightOne);
    expect(champions[1]).toBe(golfers.Ian.id);
    expect(netOf(golfers.Ian.id)).toBe(netOf(golfers.Hal.id));
    expect(champions[2]).toBe(golfers.Kim.id);
    expect(afterPlayoff.grandChampionship.entrants.map((e) => e.golferId)).toEqual(champions);
    expect(afterPlayoff.grandChampionship.champion).toBeNull();
    // No standings points on the playoff night.
    expect(await db.round.count({ where: { season: YEAR, date: playoff, points: { not: null } } })).toBe(0);

    for (const [i, golferId] of champions.entries())
      await createRounds([{ golferId: golferId!, date: grand, season: YEAR, grossScore: [45, 38, 44][i] }], null);
    const body = await publicPlayoffs(YEAR);
    const grandNets = body.grandChampionship.entrants.map((e) => e.net!);
    const best = body.grandChampionship.entrants[grandNets.indexOf(Math.min(...grandNets))];
    expect(body.grandChampionship.champion).toMatchObject({ golferId: best.golferId, decidedBy: 'The lowest net' });
    const html = await playoffsHtml(YEAR);
    expect(html).toContain(`League champion ${YEAR}`);
    expect(html).toContain('Flight champion');
    expect(html).toContain('Decided by: The better seed.');
    expect(html.indexOf(`Champions ${YEAR}`)).toBeLessThan(html.indexOf('The field'));
  });
});
