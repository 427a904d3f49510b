import { describe, expect, it } from 'vitest';
import type { Db } from '~/db/db.server';
import { call, request } from './helpers';
import { playoffsLeague } from './playoffs-league';
import { withPostgres } from './pg-server';

// The race to the playoffs on a real PostgreSQL server (docs/product/playoffs.md): the same season as on SQLite gives
// the same field, seeds and status lines (registration timestamps, decimal points and the relation filters included).

let db: Db;
withPostgres((ready) => (db = ready));

describe('GET /api/public/playoffs on PostgreSQL', () => {
  it('answers the seeded field and the race of each flight', async () => {
    const { golfers } = await playoffsLeague(2053);
    const { loader } = await import('~/routes/api.public.playoffs');
    const res = await call(loader, request('/api/public/playoffs?season=2053'));
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      locked: boolean;
      flights: {
        flight: string;
        field: { seed: number; golferId: number }[];
        race: { name: string; status: string }[];
      }[];
    };
    expect(body.locked).toBe(false);
    const [one, two, three] = body.flights;
    expect(one.field.map((e) => [e.seed, e.golferId])).toEqual([
      [1, golfers.Amy.id],
      [2, golfers.Cat.id],
      [3, golfers.Bea.id],
    ]);
    expect(one.race.map((r) => r.status)).toEqual([
      'Needs 1 more qualifier week',
      'In the top 4',
      'In the top 4',
      'In the top 4',
      'Cannot qualify this season',
      'Needs 1 more regular round and 1 more qualifier week',
    ]);
    expect(two.field.map((e) => e.golferId)).toEqual([golfers.Ian.id, golfers.Hal.id]);
    expect(three.field.map((e) => e.golferId)).toEqual([golfers.Kim.id, golfers.Jo.id]);
    // The data came from this server.
    expect(await db.round.count({ where: { season: 2053 } })).toBe(84);
  });
});
