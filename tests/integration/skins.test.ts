import { afterEach, describe, expect, it } from 'vitest';
import { db } from '~/db/db.server';
import { getSettings, updateSettings } from '~/models/settings.server';
import { createRound } from '~/models/rounds.server';
import * as golferApi from '~/routes/api.public.golfers.$id';
import * as resultsApi from '~/routes/api.public.results.$date';
import * as golferPage from '~/routes/_public.stats.golfers.$id';
import * as resultsPage from '~/routes/_public.stats.results.$date';
import { call, request, signIn } from './helpers';
import { liveNight, playCard } from './live-results-cases';
import { renderPage } from './render-page';
import { postSettings, settingsFormOf } from './settings-helpers';

// Skins on a night's results and hole stats on a golfer's page (docs/decisions/124-live-results-and-skins.md), from the scorecards' hole scores written
// and attested through the scorecards model. Without hole scores: nothing shown.

type PageModule = Parameters<typeof renderPage>[1]['module'];
const pages = {
  results: (date: string) =>
    renderPage(`/stats/results/${date}`, {
      id: 'routes/_public.stats.results.$date',
      path: 'stats/results/:date',
      module: resultsPage as unknown as PageModule,
    }),
  golfer: (id: number) =>
    renderPage(`/stats/golfers/${id}`, {
      id: 'routes/_public.stats.golfers.$id',
      path: 'stats/golfers/:id',
      module: golferPage as unknown as PageModule,
    }),
};
const api = {
  results: async (date: string) =>
    (await call(resultsApi.loader, request(`/api/public/results/${date}`), { date })).json() as Promise<
      Record<string, unknown>
    >,
  golfer: async (id: number) =>
    (await call(golferApi.loader, request(`/api/public/golfers/${id}`), { id: String(id) })).json() as Promise<
      Record<string, unknown>
    >,
};

/** Ann and Bo's card: Ann wins hole 1, Bo hole 3; holes 2 and 4-9 are tied. */
const row = (first: number, third: number) => [first, 4, third, 4, 4, 4, 4, 4, 4];

afterEach(async () => {
  await updateSettings({ skins: true, skinsCarryOver: false }, null);
});

describe('skins on the results page and in GET /api/public/results/{date}', () => {
  it('shows nothing of skins on a night without hole scores', async () => {
    const { date, ann } = await liveNight(2015);
    expect(await api.results(date)).not.toHaveProperty('skins');
    const page = await pages.results(date);
    expect(page.status).toBe(200);
    expect(page.text).not.toContain('Skins');
    expect(await api.golfer(ann.id)).not.toHaveProperty('holeStats');
    expect((await pages.golfer(ann.id)).text).not.toContain('Hole by hole');
  });

  it("lists each flight's gross and net skins with the winners' names, and follows 'Skins' and 'Skins carry over'", async () => {
    const { date, ann, bo } = await liveNight(2014);
    // Bo's handicap on the night is 1 (a 37 on the default par 36 the year before: 0.8 × 1, rounded), so he gets
    // 1 stroke, on hole 1 (stroke index 1); Ann has none. Ann's total round of the night makes way for her card's.
    await createRound({ golferId: bo.id, date: '2013-12-31', season: 2013, grossScore: 37 }, null);
    await db.round.deleteMany({ where: { golferId: ann.id, date } });
    const card = await playCard(date, [ann, bo], [row(3, 5), row(4, 3)]);
    // Written but not attested: no skins yet.
    expect(await api.results(date)).not.toHaveProperty('skins');
    await card.attest();
    const body = await api.results(date);
    const annName = `Ann ${ann.lastName}`;
    const boName = `Bo ${bo.lastName}`;
    expect(body.skins).toEqual([
      {
        flight: '1',
        gross: {
          won: [
            { golferId: ann.id, name: annName, skins: 1, holes: [1] },
            { golferId: bo.id, name: boName, skins: 1, holes: [3] },
          ].sort((a, b) => a.golferId - b.golferId),
          unclaimed: [],
        },
        // Net: Bo's stroke on hole 1 makes it a 3 against Ann's 3, tied; only Bo's hole 3 is won outright.
        net: { won: [{ golferId: bo.id, name: boName, skins: 1, holes: [3] }], unclaimed: [] },
      },
    ]);
    const page = await pages.results(date);
    expect(page.text).toContain('Skins');
    expect(page.text).toContain(`Gross skins${annName}: 1 skin (hole 1)`);
    expect(page.text).toContain(`Net skins${boName}: 1 skin (hole 3)`);

    // Carry-over: the net tie on hole 1 and 2 go to Bo's hole 3; holes 4-9 stay unclaimed, and the page says so.
    await updateSettings({ skinsCarryOver: true }, null);
    const carried = (await api.results(date)).skins as { net: { won: unknown[]; unclaimed: number[] } }[];
    expect(carried[0].net).toEqual({
      won: [{ golferId: bo.id, name: boName, skins: 3, holes: [3] }],
      unclaimed: [4, 5, 6, 7, 8, 9],
    });
    expect((await pages.results(date)).text).toContain('Unclaimed at the end of the round: holes 4, 5, 6, 7, 8, 9.');

    await updateSettings({ skins: false }, null);
    expect(await api.results(date)).not.toHaveProperty('skins');
    expect((await pages.results(date)).text).not.toContain('Gross skins');
  });

  it("shows a golfer's hole averages against par and counts of birdies, pars and bogeys", async () => {
    const { ann } = await liveNight(2013);
    // Two attested cards of the season on which Ann did not finish: a 3 on hole 1 (par 4) and a 3 on hole 2 (par 3),
    // then a 5 on hole 1. Holes of cards not attested are no part of her stats.
    const pars = [4, 3, 4, 4, 4, 4, 4, 4, 4];
    const first = await playCard('2013-05-07', [ann], [[3, 3, null, null, null, null, null, null, null]], pars);
    await first.didNotFinish(0);
    await first.attest();
    const second = await playCard('2013-05-14', [ann], [[5, null, null, null, null, null, null, null, null]], pars);
    await second.didNotFinish(0);
    await second.attest();
    await playCard('2013-05-21', [ann], [[2, 2, 2, null, null, null, null, null, null]], pars);
    expect((await api.golfer(ann.id)).holeStats).toEqual({
      counts: { eaglesOrBetter: 0, birdies: 1, pars: 1, bogeys: 1, doubleOrWorse: 0 },
      holes: [
        { number: 1, played: 2, average: 4, toPar: 0 },
        { number: 2, played: 1, average: 3, toPar: 0 },
      ],
    });
    const page = await pages.golfer(ann.id);
    expect(page.text).toContain('Hole by hole');
    expect(page.text).toContain('Birdies1');
  });
});

describe("Settings 'Skins' and 'Skins carry over'", () => {
  it('are on and off by default, saved from the Settings form and audited', async () => {
    const before = await getSettings();
    expect(before).toMatchObject({ skins: true, skinsCarryOver: false });
    const admin = await signIn({ isAdmin: true });
    const form = { ...settingsFormOf(before), publishStats: 'on', skinsCarryOver: 'on' };
    expect((await postSettings(admin.cookie, form)).status).toBe(302);
    expect(await getSettings()).toMatchObject({ skins: false, skinsCarryOver: true });
    const entry = await db.auditEntry.findFirstOrThrow({ where: { entity: 'settings' }, orderBy: { id: 'desc' } });
    expect(entry.summary).toMatch(/skins/i);
  });
});
