import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Channel } from '~/db/notify-channel.server';
import { withPostgres } from './pg-server';
import { boardOf, openStream, type liveServer } from './sse-client';

// Live results across processes on PostgreSQL (docs/decisions/124-live-results-and-skins.md): this file's hub is
// process A. Process B is a connection of its own writing with plain SQL (so A's Prisma client never sees the write)
// and a listener of its own on the commit listener's channel (docs/decisions/190-one-source-one-commit-listener.md),
// as a second server process has: B's NOTIFY must bring A's watchers B's write, and A's writes must reach B.

let url = '';
withPostgres(() => (url = process.env.DATABASE_URL!));
// Loaded once DATABASE_URL names the server (the client is made when its module first loads).
let app: {
  createRound: typeof import('~/models/rounds.server').createRound;
  notifyResultsChanged: typeof import('~/db/results-changed.server').notifyResultsChanged;
  cases: typeof import('./live-results-cases');
};

let server: Awaited<ReturnType<typeof liveServer>>;
let stop: () => Promise<void>;
let other: Channel;
let otherWriter: pg.Client;
const heardByOther: string[] = [];

afterAll(async () => {
  await otherWriter.end();
  await other.close();
  await server.close();
  await stop();
});
beforeAll(async () => {
  const { handleLiveResults, startLiveResults } = await import('~/web/live-results.server');
  const { openChannel } = await import('~/db/notify-channel.server');
  app = {
    createRound: (await import('~/models/rounds.server')).createRound,
    notifyResultsChanged: (await import('~/db/results-changed.server')).notifyResultsChanged,
    cases: await import('./live-results-cases'),
  };
  stop = await startLiveResults();
  server = await (await import('./sse-client')).liveServer(handleLiveResults);
  other = await openChannel(url, 'league_commits', {
    message: (message) => heardByOther.push(message),
    lost: (error) => {
      throw error;
    },
    restored: () => {},
  });
  otherWriter = new pg.Client({ connectionString: url });
  await otherWriter.connect();
});

describe('live results with several processes on PostgreSQL', () => {
  it("sends another process's write to this process's watchers, through NOTIFY", async () => {
    const { date, year, bo } = await app.cases.liveNight(2019);
    const stream = await openStream(`${server.url}/stats/results/${date}/live`);
    const first = await stream.next();

    // Process B writes a round; this process cannot know until B says so.
    await otherWriter.query(
      'INSERT INTO rounds ("golferId", "date", "season", "grossScore", "netScore", "createdAt") VALUES ($1, $2, $3, 40, 40, now())',
      [bo.id, date, year],
    );
    await expect(stream.next(300)).rejects.toThrow(/No event/);
    other.send(date);
    const event = await stream.next(2_000);
    expect(event.id).not.toBe(first.id);
    expect(app.cases.rowsOf(boardOf(event))[0]).toEqual([bo.id, 9]);
    stream.close();
  });

  it("tells the other processes of this process's write, and the night an announcement alone names", async () => {
    const { date, year, bo } = await app.cases.liveNight(2018);
    heardByOther.length = 0;
    // A round is a write to what visitors see: every night the others watch is read again ('*'). The night the write
    // announced goes in the same NOTIFY, never one of its own.
    await app.createRound({ golferId: bo.id, date, season: year, grossScore: 41 }, null);
    await expect.poll(() => heardByOther, { timeout: 2_000 }).toContain('*');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(heardByOther.filter((message) => message !== '*')).toEqual([]);
    // A night announced on its own names that night.
    heardByOther.length = 0;
    app.notifyResultsChanged(date);
    await expect.poll(() => heardByOther, { timeout: 2_000 }).toContain(date);
  });
});
