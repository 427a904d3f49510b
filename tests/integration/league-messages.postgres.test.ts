import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '~/db/db.server';
import { withPostgres } from './pg-server';

// League messages where transactions really run side by side (SQLite serialises them): the same form posted twice at
// once queues it once, and both answers give the count. This file brings its own database.

let db: Db;
let messages: typeof import('~/features/league-messages/league-messages.server');
withPostgres((ready) => (db = ready));

beforeAll(async () => {
  messages = await import('~/features/league-messages/league-messages.server');
});

async function golfersIn(season: number, count: number) {
  const tag = `pg${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  await db.golfer.createMany({
    data: Array.from({ length: count }, (_, i) => ({
      firstName: `First${i}`,
      lastName: `${tag}-${i}`,
      fullName: `First${i} ${tag}-${i}`,
      email: `${tag}-${i}@example.org`,
    })),
  });
  const golfers = await db.golfer.findMany({ where: { lastName: { startsWith: `${tag}-` } } });
  await db.membership.createMany({
    data: golfers.map((g) => ({ golferId: g.id, season, registered: true, paid: false })),
  });
  return golfers;
}

describe('PostgreSQL: league messages', () => {
  it('queues a form sent several times at once exactly once, each golfer with one token', async () => {
    const season = 1901;
    const golfers = await golfersIn(season, 60);
    const input = {
      list: 'registered-not-paid' as const,
      kind: 'league' as const,
      sendId: messages.newSendId(),
      subject: 'Together',
      message: 'At once.',
    };
    const results = await Promise.all(
      Array.from({ length: 4 }, () =>
        messages.queueLeagueMessage(input, { origin: 'https://x.example', season }, null),
      ),
    );
    expect(results).toEqual(Array.from({ length: 4 }, () => ({ count: 60 })));
    const rows = await db.outboxMessage.findMany({ where: { key: { startsWith: `league:${input.sendId}:` } } });
    expect(rows).toHaveLength(60);
    const stored = await db.golfer.findMany({ where: { id: { in: golfers.map((g) => g.id) } } });
    for (const row of rows) {
      const token = stored.find((g) => g.id === row.golferId)!.unsubscribeToken!;
      expect(row.headers).toContain(`/unsubscribe/${token}`);
    }
  });
});
