import { describe, expect, it, vi } from 'vitest';
import { copySchedule } from '~/domain/seasons';
import { getDashboard } from '~/models/dashboard.server';
import { getRegistrationSeason, getSchedule } from '~/models/seasons.server';
import { getStandings } from '~/models/standings.server';
import { getPublicPlayoffs, getPublicStandings } from '~/models/stats.server';
import * as playoffsRoute from '~/routes/_public.stats.playoffs';
import * as standingsRoute from '~/routes/_public.stats._index';
import { db } from '~/db/db.server';
import { seedDemoLeague, seedDemoPlayoffs } from '../../prisma/seed';
import { renderPage } from './render-page';

// Seeded as on 2026-11-23 at noon in Detroit: the 2026 season is over (its Grand Championship was on September 21)
// and the next one (2027) is the league season. seed-mid-season.test.ts seeds it while a season is on.
const NOW = new Date('2026-11-23T17:00:00Z');
const TODAY = '2026-11-23';
const SEASON = 2026;
/** The current season's first three regular rounds, the demo league's (Memorial Day, May 25, is no league night). */
const FIRST_WEEKS = ['2026-05-18', '2026-06-01', '2026-06-08'];
/** The ids of the rounds seedDemoLeague played on them, which the playoffs' step keeps. */
let firstWeeks: number[] = [];

/** A stats page as a visitor without JavaScript gets it. */
const page = (path: string, routePath: string, module: object) =>
  renderPage(path, {
    id: `routes/${routePath}`,
    path: routePath,
    module: module as Parameters<typeof renderPage>[1]['module'],
  });

// `npm start` seeds this league into an empty embedded database: it is the first thing a new user sees.
describe('the demo league', () => {
  it('has seasons, golfers in four flights with paid memberships, computed rounds, points, standings and tee times', async () => {
    const summary = await seedDemoLeague(db, NOW);
    expect(summary).toContain('16 golfers in 4 flights');

    // The demo course has its nine holes (docs/product/scorecards.md), their pars adding up to the course's 36.
    const course = await db.course.findFirstOrThrow({ where: { courseName: 'Boyne Highlands Front Nine' } });
    const holes = await db.hole.findMany({ where: { courseId: course.id }, orderBy: { number: 'asc' } });
    expect(holes.map((h) => h.number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(holes.map((h) => h.strokeIndex).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(holes.reduce((sum, h) => sum + h.par, 0)).toBe(course.coursePar);

    // The current season and the next, each with the 2025 schedule copied by the rule of 'Add Season'.
    const template = await getSchedule(2025);
    expect(template).toHaveLength(22);
    for (const year of [2026, 2027]) {
      expect(await getSchedule(year)).toEqual(copySchedule(template, year));
    }
    expect((await getSchedule(2026))[0]).toMatchObject({ date: '2026-05-04', kind: 'practice-round' });
    const schedule2027 = await getSchedule(2027);
    const last2027 = schedule2027[schedule2027.length - 1].date;
    expect(last2027.startsWith('2027-09-')).toBe(true);

    // Registration is open today for the league season, from the day of seeding to its last date.
    expect(await db.season.findUnique({ where: { year: 2027 } })).toMatchObject({
      registrationOpens: TODAY,
      registrationCloses: last2027,
    });
    const registration = await getRegistrationSeason(db, TODAY);
    expect(registration.season.year).toBe(2027);
    expect(registration.state).toEqual({ status: 'open', closes: last2027 });
    // The ended season keeps its default window.
    expect(await db.season.findUnique({ where: { year: 2026 } })).toMatchObject({
      registrationOpens: null,
      registrationCloses: null,
    });

    // The dashboard's next event comes from the schedules in the database: in the off-season, the next season's.
    expect((await getDashboard(SEASON, TODAY)).next).toEqual(schedule2027[0]);
    expect((await getDashboard(SEASON, '2026-06-02')).next).toMatchObject({ date: '2026-06-08', weekNumber: 3 });
    expect((await getDashboard(2030, '2030-01-01')).next).toBeNull();

    expect(await db.golfer.count()).toBe(16);
    const memberships = await db.membership.findMany({ where: { season: SEASON } });
    expect(memberships).toHaveLength(16);
    expect(memberships.every((m) => m.registered && m.estimatedScore !== null)).toBe(true);
    expect(memberships.filter((m) => !m.paid).length).toBeGreaterThan(0);

    const flights = await db.flightAssignment.groupBy({ by: ['flightNo'], where: { season: SEASON }, _count: true });
    expect(flights.map((f) => [f.flightNo, f._count]).sort()).toEqual([
      ['1', 4],
      ['2', 4],
      ['3', 4],
      ['4', 4],
    ]);

    const rounds = await db.round.findMany({ where: { season: SEASON }, orderBy: { id: 'asc' } });
    expect(rounds).toHaveLength(48);
    // The season's first three regular rounds, whatever the day of seeding: the playoffs' step plays the rest.
    expect([...new Set(rounds.map((r) => r.date))].sort()).toEqual(FIRST_WEEKS);
    firstWeeks = rounds.map((r) => r.id);
    expect(rounds.every((r) => r.hcpIndexBefore !== null && r.netScore !== null && r.hcpIndexAfter !== null)).toBe(
      true,
    );
    // Each date's four golfers of a flight share 24 + 23 + 22 + 21 = 90 points (ties split, so the sum holds).
    const pointsPerDateAndFlight = rounds.reduce((sum, r) => sum + (r.points ?? 0), 0) / (3 * 4);
    expect(pointsPerDateAndFlight).toBe(90);

    const standings = await getStandings(SEASON);
    expect(standings).toHaveLength(4);
    for (const flight of standings) {
      expect(flight.rows).toHaveLength(4);
      expect(flight.rows[0].totalPoints).toBeGreaterThan(0);
      expect(flight.rows[0].countingRounds).toBe(3);
    }

    const held = await db.teeTime.findMany({
      where: { season: SEASON, OR: [{ golfer1Id: { not: null } }, { golfer2Id: { not: null } }] },
    });
    expect(held).toHaveLength(8);
    // The league season's standing tee times are there, all free, for new registrations to choose from.
    const leagueSlots = await db.teeTime.findMany({ where: { season: 2027 } });
    expect(leagueSlots.length).toBe(await db.teeTime.count({ where: { season: SEASON } }));
    expect(
      leagueSlots.every((t) => [t.golfer1Id, t.golfer2Id, t.golfer3Id, t.golfer4Id].every((g) => g === null)),
    ).toBe(true);
  }, 120_000);

  it('has the season before and the season just over played to their champions, with every night of this season', async () => {
    // Start-up seeds the playoffs right after the league, with the same moment (app/web/prepare.server.ts). On
    // November 23 the 2026 Grand Championship (September 21) is over: 2026 is played to the end as well as 2025.
    expect(await seedDemoPlayoffs(db, NOW)).toBe(
      `the ${SEASON - 1} and ${SEASON} seasons played to their playoff champions (408 rounds)`,
    );
    for (const year of [SEASON - 1, SEASON]) {
      const playoffs = await getPublicPlayoffs(year);
      expect(playoffs.locked).toBe(true);
      expect(playoffs.flights.map((f) => f.field.length)).toEqual([4, 4, 4, 4]);
      const champions = playoffs.flights.map((f) => f.field.filter((e) => e.champion !== null));
      expect(champions.every((c) => c.length === 1)).toBe(true);
      expect(playoffs.grandChampionship.entrants).toHaveLength(4);
      const champion = playoffs.grandChampionship.champion!;
      expect(champions.flat().find((e) => e.golferId === champion.golferId)?.champion).toBe(`League champion ${year}`);
      // Playoff nights give no standings points.
      const { playoff, grand } = playoffs.nights;
      if (!playoff || !grand) throw new Error('The demo schedule has no playoff nights');
      expect(await db.round.count({ where: { date: { in: [playoff, grand] }, points: { not: null } } })).toBe(0);
      expect(await db.round.count({ where: { date: playoff } })).toBe(16);
      expect(await db.round.count({ where: { date: grand } })).toBe(4);
    }

    // This season: its first three weeks kept as seedDemoLeague played them, and every regular and qualifier night
    // after them, each with its handicaps and calculated points.
    const counting = (await getSchedule(SEASON))
      .filter((e) => e.kind === 'regular-round' || e.kind === 'playoff-qualifier')
      .map((e) => e.date);
    expect(counting).toHaveLength(13);
    const rounds = await db.round.findMany({
      where: { season: SEASON, date: { in: counting } },
      orderBy: { id: 'asc' },
    });
    expect(rounds).toHaveLength(16 * 13);
    expect(rounds.filter((r) => FIRST_WEEKS.includes(r.date)).map((r) => r.id)).toEqual(firstWeeks);
    expect(rounds.every((r) => r.hcpIndexBefore !== null && r.netScore !== null && r.points !== null)).toBe(true);
    expect(rounds.reduce((sum, r) => sum + (r.points ?? 0), 0) / (13 * 4)).toBe(90);
    for (const flight of await getStandings(SEASON)) {
      expect(flight.rows.map((r) => [r.countingRounds, r.qualified])).toEqual(Array(4).fill([13, true]));
    }
  }, 120_000);

  it('opens /stats and /stats/playoffs on the season just over, its champions first', async () => {
    // The pages read the clock for the default season: the day the demo was seeded.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    try {
      const { champion } = (await getPublicPlayoffs(null)).grandChampionship;
      expect((await getPublicPlayoffs(null)).season).toBe(SEASON);
      expect((await getPublicStandings(null)).season).toBe(SEASON);
      const playoffs = await page('/stats/playoffs', 'stats/playoffs', playoffsRoute);
      expect(playoffs.status).toBe(200);
      expect(playoffs.text).toContain(`Champions ${SEASON}League champion ${SEASON}: ${champion!.name}`);
      expect(playoffs.text.indexOf(`Champions ${SEASON}`)).toBeLessThan(playoffs.text.indexOf('The field'));
      const standings = await page('/stats', 'stats', standingsRoute);
      expect(standings.status).toBe(200);
      expect(standings.text).toContain(`Champions ${SEASON}League champion ${SEASON}: ${champion!.name}`);
    } finally {
      vi.useRealTimers();
    }
  });
});
