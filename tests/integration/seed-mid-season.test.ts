import { describe, expect, it, vi } from 'vitest';
import { getSchedule } from '~/models/seasons.server';
import { getPublicPlayoffs, getPublicStandings } from '~/models/stats.server';
import * as playoffsRoute from '~/routes/_public.stats.playoffs';
import { db } from '~/db/db.server';
import { seedDemoLeague, seedDemoPlayoffs } from '../../prisma/seed';
import { renderPage } from './render-page';

// The demo league seeded while a season is on (seed.test.ts seeds it once the season is over): on the day of the
// 2026 Grand Championship, at noon in Detroit, before its night is played. The season keeps its first three weeks
// and the rest to come; only the season before is played to its champions.
const NOW = new Date('2026-09-21T16:00:00Z');
const SEASON = 2026;

describe('the demo league seeded during a season', () => {
  it('plays the season before to its champions and keeps this season at its first three weeks', async () => {
    await seedDemoLeague(db, NOW);
    expect(await seedDemoPlayoffs(db, NOW)).toBe(
      `the ${SEASON - 1} season played to its playoff champions (228 rounds)`,
    );
    const grand = (await getSchedule(SEASON)).find((e) => e.kind === 'grand-championship')?.date;
    expect(grand).toBe('2026-09-21');

    const rounds = await db.round.findMany({ where: { season: SEASON } });
    expect(rounds).toHaveLength(48);
    expect([...new Set(rounds.map((r) => r.date))].sort()).toEqual(['2026-05-18', '2026-06-01', '2026-06-08']);
    // Their points again from the nets the season before moved: each flight's four share 90 points a night.
    expect(rounds.every((r) => r.netScore !== null && r.points !== null)).toBe(true);
    expect(rounds.reduce((sum, r) => sum + (r.points ?? 0), 0) / (3 * 4)).toBe(90);
    expect(await db.playoffField.findUnique({ where: { season: SEASON } })).toBeNull();

    const last = await getPublicPlayoffs(SEASON - 1);
    expect(last.locked).toBe(true);
    expect(last.grandChampionship.champion?.decidedBy).toBeTruthy();
  }, 120_000);

  it('opens /stats and /stats/playoffs on this season, with no champions yet', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    try {
      const playoffs = await getPublicPlayoffs(null);
      expect(playoffs.season).toBe(SEASON);
      expect(playoffs.grandChampionship.champion).toBeNull();
      expect((await getPublicStandings(null)).season).toBe(SEASON);
      const page = await renderPage('/stats/playoffs', {
        id: 'routes/stats/playoffs',
        path: 'stats/playoffs',
        module: playoffsRoute as unknown as Parameters<typeof renderPage>[1]['module'],
      });
      expect(page.status).toBe(200);
      expect(page.text).toContain(`${SEASON} season.`);
      expect(page.text).toContain('The race to the playoffs');
      expect(page.text).not.toContain(`Champions ${SEASON}`);
      expect(page.text).not.toContain('League champion');
    } finally {
      vi.useRealTimers();
    }
  });
});
