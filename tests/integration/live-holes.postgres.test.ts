import { describe, expect, it } from 'vitest';
import { withPostgres } from './pg-server';
import { liveHoleCases } from './live-holes-cases';

// The live leaderboard and skins from the scorecards' hole scores on a real PostgreSQL server.
withPostgres(() => {});

describe('live results from hole scores (PostgreSQL)', () => {
  it('runs on the PostgreSQL server', async () => {
    const { databaseConfig } = await import('~/db/database-url.server');
    expect(databaseConfig().kind).toBe('postgresql');
  });
  liveHoleCases(2061);
});
