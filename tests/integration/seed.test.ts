import { describe, expect, it } from 'vitest';
import { currentSeason } from '~/domain/season';
import { getStandings } from '~/models/standings.server';
import { db } from '~/utils/db.server';
import { seedDemoLeague } from '../../prisma/seed';

// `npm start` seeds this league into an empty embedded database: it is the first thing a new user sees.
describe('the demo league', () => {
  it('has golfers in four flights with paid memberships, computed rounds, points, standings and tee times', async () => {
    const season = currentSeason();
    const summary = await seedDemoLeague(db);
    expect(summary).toContain('16 golfers in 4 flights');

    expect(await db.golfer.count()).toBe(16);
    const memberships = await db.membership.findMany({ where: { season } });
    expect(memberships).toHaveLength(16);
    expect(memberships.every((m) => m.registered && m.estimatedScore !== null)).toBe(true);
    expect(memberships.filter((m) => !m.paid).length).toBeGreaterThan(0);

    const flights = await db.flightAssignment.groupBy({ by: ['flightNo'], where: { season }, _count: true });
    expect(flights.map((f) => [f.flightNo, f._count]).sort()).toEqual([
      ['1', 4],
      ['2', 4],
      ['3', 4],
      ['4', 4],
    ]);

    const rounds = await db.round.findMany({ where: { season } });
    expect(rounds).toHaveLength(48);
    expect(rounds.every((r) => r.hcpIndexBefore !== null && r.netScore !== null && r.hcpIndexAfter !== null)).toBe(
      true,
    );
    // Each date's four golfers of a flight share 24 + 23 + 22 + 21 = 90 points (ties split, so the sum holds).
    const pointsPerDateAndFlight = rounds.reduce((sum, r) => sum + (r.points ?? 0), 0) / (3 * 4);
    expect(pointsPerDateAndFlight).toBe(90);

    const standings = await getStandings(season);
    expect(standings).toHaveLength(4);
    for (const flight of standings) {
      expect(flight.rows).toHaveLength(4);
      expect(flight.rows[0].totalPoints).toBeGreaterThan(0);
    }

    const held = await db.teeTime.findMany({
      where: { season, OR: [{ golfer1Id: { not: null } }, { golfer2Id: { not: null } }] },
    });
    expect(held).toHaveLength(8);
  });
});
