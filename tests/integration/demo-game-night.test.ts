import { describe, expect, it } from 'vitest';
import { db } from '~/db/db.server';
import { getScorecard } from '~/models/scorecards.server';
import { seasonMoney } from '~/models/money.server';
import * as golferApi from '~/routes/api.public.golfers.$id';
import * as resultsApi from '~/routes/api.public.results.$date';
import * as golferPage from '~/routes/_public.stats.golfers.$id';
import * as resultsPage from '~/routes/_public.stats.results.$date';
import * as scoresPage from '~/routes/_admin.scores';
import { DEMO_CARD_NIGHTS, holesOfRound } from '../../prisma/demo-game-nights';
import { seedDemo } from '../../prisma/seed';
import { call, request, signIn } from './helpers';
import { renderPage } from './render-page';

// The demo plays game night (docs/product/scorecards.md#the-demo-league, docs/decisions/141): seeded as `npm start`
// seeds it, here on 2026-11-23 at noon in Detroit (the 2026 season over), its last played nights are on attested
// cards, so a new user finds skins, hole statistics and a finished card.
const NOW = new Date('2026-11-23T17:00:00Z');

type PageModule = Parameters<typeof renderPage>[1]['module'];
const page = (path: string, id: string, routePath: string, module: object, cookie?: string) =>
  renderPage(path, { id, path: routePath, module: module as PageModule }, cookie);

type Skins = { flight: string; gross: { won: { skins: number }[] }; net: { won: { skins: number }[] } }[];

describe('the demo league plays game night', () => {
  it('keeps its last played nights on attested cards whose holes add up to the rounds', async () => {
    const summary = await seedDemo(db, NOW);
    const cards = await db.scorecard.findMany({ include: { holeScores: true }, orderBy: { date: 'asc' } });
    const nights = [...new Set(cards.map((c) => c.date))];
    expect(nights).toHaveLength(DEMO_CARD_NIGHTS);
    expect(summary).toContain(`the nights of ${nights.join(', ')} kept on cards`);
    // The last nights of the season on which the whole league played: no night of the season after them has cards
    // or a full field (the Grand Championship is played by four).
    const later = await db.round.groupBy({
      by: ['date'],
      where: { season: 2026, date: { gt: nights[nights.length - 1] } },
      _count: { _all: true },
    });
    expect(later.every((n) => n._count._all < 16)).toBe(true);
    expect(cards.every((c) => c.state === 'attested' && c.attestedBy && c.submittedBy)).toBe(true);
    // It plays its side games on those nights (docs/product/money.md#the-demo-league): pots paid out, balances kept.
    expect(summary).toContain(`side games played on ${DEMO_CARD_NIGHTS} nights`);
    const money = await seasonMoney(2026);
    expect(money.nights.map((n) => n.date)).toEqual(nights);
    for (const night of money.nights) {
      expect(night.pots.skins).toBeGreaterThan(0);
      const paid = night.payouts.reduce((sum, p) => sum + p.cents, 0) + night.carriedOver;
      expect(night.payouts.some((p) => p.game === 'closestToPin')).toBe(true);
      expect(paid).toBeGreaterThan(0);
    }
    expect(money.golfers).toHaveLength(16);
    expect(money.golfers.some((g) => g.paidCents > 0 && g.wonCents > 0)).toBe(true);
    // Every golfer of every card has all nine holes, and the holes add up to the round the card records.
    const rounds = await db.round.findMany({ where: { date: { in: nights } } });
    expect(rounds).toHaveLength(16 * DEMO_CARD_NIGHTS);
    for (const round of rounds) {
      const holes = cards
        .filter((c) => c.date === round.date)
        .flatMap((c) => c.holeScores)
        .filter((h) => h.golferId === round.golferId);
      expect(holes.map((h) => h.holeNumber).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
      expect(holes.reduce((sum, h) => sum + h.strokes, 0)).toBe(round.grossScore);
    }
    // And the card says so, as /scores and the phone read it.
    const card = cards[0];
    const view = await getScorecard(card.date, card.teeTimeId);
    for (const line of Object.values(view.lines)) expect(line.thru).toBe(9);
  }, 120_000);

  it('shows skins on the results page and in GET /api/public/results/{date}', async () => {
    const [last] = await db.scorecard.findMany({ orderBy: { date: 'desc' }, take: 1, select: { date: true } });
    const res = await call(resultsApi.loader, request(`/api/public/results/${last.date}`), { date: last.date });
    const body = (await res.json()) as { skins?: Skins };
    expect(body.skins?.length).toBe(4);
    const won = body.skins!.flatMap((f) => [...f.gross.won, ...f.net.won]);
    expect(won.reduce((sum, w) => sum + w.skins, 0)).toBeGreaterThan(0);
    const results = await page(
      `/stats/results/${last.date}`,
      'routes/_public.stats.results.$date',
      'stats/results/:date',
      resultsPage,
    );
    expect(results.status).toBe(200);
    expect(results.text).toContain('Gross skins');
    expect(results.text).toMatch(/\d skins? \(holes? \d/);
  });

  it("shows hole statistics on a golfer's page and in GET /api/public/golfers/{id}", async () => {
    const golfer = await db.golfer.findFirstOrThrow({ where: { email: 'avery.lindqvist@example.org' } });
    const res = await call(golferApi.loader, request(`/api/public/golfers/${golfer.id}`), { id: String(golfer.id) });
    const body = (await res.json()) as { holeStats?: { holes: { played: number }[] } };
    expect(body.holeStats?.holes).toHaveLength(9);
    expect(body.holeStats!.holes.every((h) => h.played === DEMO_CARD_NIGHTS)).toBe(true);
    const stats = await page(
      `/stats/golfers/${golfer.id}`,
      'routes/_public.stats.golfers.$id',
      'stats/golfers/:id',
      golferPage,
    );
    expect(stats.text).toContain('Hole by hole');
  });

  it('shows a finished card on /scores', async () => {
    const [card] = await db.scorecard.findMany({ orderBy: { date: 'desc' }, take: 1, include: { teeTime: true } });
    const admin = await signIn({ isAdmin: true });
    const scores = await page(
      `/scores?date=${card.date}&card=${card.teeTimeId}`,
      'routes/_admin.scores',
      'scores',
      scoresPage,
      admin.cookie,
    );
    expect(scores.status).toBe(200);
    expect(scores.text).toContain(`${card.teeTime.time} card · Boyne Highlands Front Nine · Attested`);
    expect(scores.text).toContain(`Attested by ${card.attestedBy}`);
    // The night is started, and the page says what starting it again would do (docs/product/scorecards.md#game-night).
    expect(scores.text).toContain('This night is already started: 8 of 8 groups have a card.');
    expect(scores.text).toContain(
      "'Start the night' again makes no new card, and moves the cards with no score yet to the course chosen.",
    );
    // A night of the season played by totals only was never started.
    const first = await page('/scores?date=2026-05-18', 'routes/_admin.scores', 'scores', scoresPage, admin.cookie);
    expect(first.text).toContain('Not started');
    expect(first.text).not.toContain('already started');
    // A group without its card on a started night: starting again would make it.
    await db.scorecard.delete({ where: { id: card.id } });
    const partly = await page(`/scores?date=${card.date}`, 'routes/_admin.scores', 'scores', scoresPage, admin.cookie);
    expect(partly.text).toContain('This night is already started: 7 of 8 groups have a card.');
    expect(partly.text).toContain("'Start the night' again makes cards for the 1 group without one, and moves");
  });
});

describe("the demo's holes of a round", () => {
  const holes = [4, 3, 5, 4, 4, 3, 4, 5, 4].map((par, i) => ({ number: i + 1, par, strokeIndex: i + 1 }));

  it('add up to the gross, from 1 stroke to double par, for every gross the course allows', () => {
    for (let gross = 9; gross <= 72; gross++)
      for (let golfer = 0; golfer < 16; golfer++) {
        const strokes = holesOfRound(gross, holes, golfer, golfer % 3);
        expect(strokes.reduce((a, b) => a + b, 0)).toBe(gross);
        strokes.forEach((s, i) => expect(s >= 1 && s <= 2 * holes[i].par).toBe(true));
      }
  });

  it('refuses a gross the holes cannot hold', () => {
    expect(() => holesOfRound(73, holes, 0, 0)).toThrow('cannot be played');
  });
});
