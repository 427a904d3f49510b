import http from 'node:http';
import net from 'node:net';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { databaseConfig } from '~/db/database-url.server';
import { db } from '~/db/db.server';
import { notifyResultsChanged } from '~/db/results-changed.server';
import { createRound, createRounds, deleteRound, updateRound } from '~/models/rounds.server';
import {
  handleLiveResults,
  liveWatcherCount,
  reconnectLiveWatchers,
  startLiveResults,
} from '~/web/live-results.server';
import { createFlightAssignment } from '~/models/flights.server';
import { createGolfer } from '~/models/golfers.server';
import { setAvailability } from '~/features/subs/golfer-nights.server';
import { offerSpot } from '~/features/subs/offers.server';
import { takeSpot } from '~/features/subs/take-spot.server';
import { liveNight, playCard, rowsOf } from './live-results-cases';
import { golferWith, leagueWithNights, offerTokens } from './subs-cases';
import { unique } from './helpers';
import { boardOf, liveServer, openStream } from './sse-client';
import { renderPage } from './render-page';
import * as resultsPage from '~/routes/_public.stats.results.$date';

// The live results hub (app/web/live-results.server.ts) on SQLite: one process, a real HTTP server, real streams.

let server: Awaited<ReturnType<typeof liveServer>>;

function sqliteFile(): string {
  const config = databaseConfig();
  if (config.kind !== 'sqlite') throw new Error('These tests run on SQLite');
  return config.file;
}
let stop: () => Promise<void>;

beforeAll(async () => {
  stop = await startLiveResults();
  server = await liveServer(handleLiveResults);
});
afterAll(async () => {
  await server.close();
  await stop();
});

describe('GET /stats/results/{date}/live', () => {
  it("sends the night's leaderboard, then each change to it without being asked", async () => {
    const { date, ann, bo } = await liveNight(2019);
    const stream = await openStream(`${server.url}/stats/results/${date}/live`);
    expect(stream.status).toBe(200);
    expect(stream.contentType).toMatch(/^text\/event-stream/);
    const first = await stream.next();
    expect(first.event).toBe('leaderboard');
    expect(first.id).toBe(boardOf(first).version);
    expect(rowsOf(boardOf(first))).toEqual([[ann.id, 9]]);
    // Every golfer listed has finished: nothing in play, so the page shows no 'Thru'.
    expect(boardOf(first).inPlay).toBe(false);

    await createRound({ golferId: bo.id, date, season: 2019, grossScore: 41 }, null);
    const second = boardOf(await stream.next());
    expect(second.version).not.toBe(boardOf(first).version);
    // Bo's 41 is the better net (no handicaps yet): he leads, and both are thru 9.
    expect(rowsOf(second)).toEqual([
      [bo.id, 9],
      [ann.id, 9],
    ]);

    const round = await db.round.findFirstOrThrow({ where: { golferId: bo.id, date } });
    await deleteRound(round.id, null);
    expect(rowsOf(boardOf(await stream.next()))).toEqual([[ann.id, 9]]);
    stream.close();
  });

  it("hears a write by another connection (a script's) through SQLite's data_version, within the poll", async () => {
    const { date, year, ann, bo } = await liveNight(2012);
    const stream = await openStream(`${server.url}/stats/results/${date}/live`);
    expect(rowsOf(boardOf(await stream.next()))).toEqual([[ann.id, 9]]);
    // Past the app's client, as a command-line script writes: nothing in this process announces it.
    const script = new Database(sqliteFile(), { fileMustExist: true });
    script
      .prepare('INSERT INTO rounds (golferId, date, season, grossScore, netScore) VALUES (?, ?, ?, 40, 40)')
      .run(bo.id, date, year);
    script.close();
    expect(rowsOf(boardOf(await stream.next(5_000)))).toEqual([
      [bo.id, 9],
      [ann.id, 9],
    ]);
    stream.close();
  });

  it('catches a reconnecting watcher up from its Last-Event-ID, and sends nothing to one that is current', async () => {
    const { date, bo } = await liveNight(2018);
    const stream = await openStream(`${server.url}/stats/results/${date}/live`);
    const seen = await stream.next();
    stream.close();
    // Missed while away.
    await createRound({ golferId: bo.id, date, season: 2018, grossScore: 40 }, null);

    const back = await openStream(`${server.url}/stats/results/${date}/live`, { 'last-event-id': seen.id! });
    const caughtUp = await back.next();
    expect(caughtUp.id).not.toBe(seen.id);
    expect(rowsOf(boardOf(caughtUp))[0]).toEqual([bo.id, 9]);

    // The page's own version (?since=) when nothing changed: no event until the next change.
    const current = await openStream(`${server.url}/stats/results/${date}/live?since=${caughtUp.id}`);
    await expect(current.next(300)).rejects.toThrow(/No event/);
    notifyResultsChanged(date); // announced, but nothing changed: still no event
    await expect(current.next(300)).rejects.toThrow(/No event/);
    back.close();
    current.close();
  });

  it("takes 'Thru' from the scorecards: a golfer on the course is listed with the holes scored so far", async () => {
    const { date, ann, bo } = await liveNight(2017);
    const stream = await openStream(`${server.url}/stats/results/${date}/live`);
    expect(rowsOf(boardOf(await stream.next()))).toEqual([[ann.id, 9]]);
    // Bo's first four holes, written through the scorecards model: the watcher hears them without asking.
    await playCard(date, [bo], [[5, 4, 4, 3, null, null, null, null, null]]);
    const board = boardOf(await stream.next());
    expect(rowsOf(board)).toEqual([
      [ann.id, 9],
      [bo.id, 4],
    ]);
    expect(board.inPlay).toBe(true);
    // The page without JavaScript shows the same: a last column 'Thru'; Bo has no place or points yet.
    const page = await renderPage(`/stats/results/${date}`, {
      id: 'routes/_public.stats.results.$date',
      path: 'stats/results/:date',
      module: resultsPage as unknown as Parameters<typeof renderPage>[1]['module'],
    });
    expect(page.text).toContain('PlaceGolferGrossHCPNetPointsThru');
    expect(page.text).toMatch(new RegExp(`Ann ${ann.lastName}44—44—9`));
    expect(page.text).toMatch(new RegExp(`—Bo ${bo.lastName}16—16—4`));
    stream.close();
  });

  it('shows a night an administrator started off the calendar from its first card, before any round', async () => {
    // 2014-03-04: no season's schedule has it and nobody has a round that night; only the started card makes it a night.
    const date = '2014-03-04';
    const cy = await createGolfer({ firstName: 'Cy', lastName: unique('Makeup') }, null);
    await createFlightAssignment({ golferId: cy.id, season: 2014, flightNo: '1' }, null);
    expect((await openStream(`${server.url}/stats/results/${date}/live`)).status).toBe(404);
    await playCard(date, [cy], [[4, 5, null, null, null, null, null, null, null]]);
    const stream = await openStream(`${server.url}/stats/results/${date}/live`);
    expect(stream.status).toBe(200);
    expect(rowsOf(boardOf(await stream.next()))).toEqual([[cy.id, 2]]);
    stream.close();
  });

  it("marks a sub 'Sub' the moment they take the spot, with no other write after it", async () => {
    // A night of its own, ahead (offers are open until the night's cut-off): the sub's round is in before the spot is
    // taken, so only the taking can change the board (docs/decisions/190-one-source-one-commit-listener.md).
    const year = 2078;
    const date = `${year}-06-02`;
    await leagueWithNights(year, [date]);
    const absent = await golferWith(db, { season: year, time: '16:40' });
    const sub = await golferWith(db, { canSub: true });
    await createFlightAssignment({ golferId: sub.id, season: year, flightNo: '1' }, null);
    await createRound({ golferId: sub.id, date, season: year, grossScore: 42 }, null);
    await setAvailability({ golferId: absent.id, date, available: false, origin: 'http://localhost' });
    await offerSpot({ golferId: absent.id, date, actor: null, origin: 'http://localhost' });
    const token = (await offerTokens(db, [sub.id])).get(sub.id)!;
    const subMark = (board: ReturnType<typeof boardOf>) =>
      board.flights.flatMap((f) => f.rows).find((row) => row.id === sub.id)?.sub;

    const stream = await openStream(`${server.url}/stats/results/${date}/live`);
    expect(subMark(boardOf(await stream.next()))).toBe(false);
    // Quiet for longer than the SQLite commit poll (a second): what comes next is the taking's own doing.
    await expect(stream.next(1_500)).rejects.toThrow(/No event/);
    await takeSpot({ token, origin: 'http://localhost' });
    expect(subMark(boardOf(await stream.next(2_000)))).toBe(true);
    stream.close();
  });

  it('answers 404 for a date that is no league night or no date, and forgets a watcher that left', async () => {
    expect((await openStream(`${server.url}/stats/results/2011-02-03/live`)).status).toBe(404);
    expect((await openStream(`${server.url}/stats/results/2011-02-30/live`)).status).toBe(404);
    expect((await openStream(`${server.url}/stats/results/nope/live`)).status).toBe(404);
    const { date } = await liveNight(2016);
    const before = liveWatcherCount();
    const stream = await openStream(`${server.url}/stats/results/${date}/live`);
    await stream.next();
    expect(liveWatcherCount()).toBe(before + 1);
    stream.close();
    await expect.poll(() => liveWatcherCount()).toBe(before);
  });

  it('drops a watcher that stops reading once a megabyte waits for it, and says so in the log', async () => {
    // A big night (400 golfers with long names), so each leaderboard is tens of kilobytes.
    const date = '2012-06-12';
    const tag = `Stalled${Date.now()}`;
    await db.golfer.createMany({
      data: Array.from({ length: 400 }, (_, i) => ({
        firstName: `Golfer${i}`,
        lastName: `${tag}-${'x'.repeat(80)}`,
        fullName: `Golfer${i} ${tag}-${'x'.repeat(80)}`,
      })),
    });
    const ids = (await db.golfer.findMany({ where: { lastName: { startsWith: tag } }, select: { id: true } })).map(
      (g) => g.id,
    );
    await createRounds(
      ids.map((golferId, i) => ({ golferId, date, season: 2012, grossScore: 36 + (i % 20) })),
      null,
    );
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      // A client that sends its request and then never reads a byte.
      const socket = net.connect(Number(new URL(server.url).port), '127.0.0.1');
      socket.write(`GET /stats/results/${date}/live HTTP/1.1\r\nHost: x\r\nAccept: text/event-stream\r\n\r\n`);
      socket.pause();
      socket.on('error', () => {});
      await expect.poll(() => liveWatcherCount()).toBeGreaterThan(0);
      const watching = liveWatcherCount();
      const round = await db.round.findFirstOrThrow({ where: { date, golferId: ids[0] } });
      for (let i = 0; i < 200 && warn.mock.calls.length === 0; i++) {
        await updateRound(round.id, { golferId: ids[0], date, season: 2012, grossScore: 30 + (i % 40) }, null);
        await new Promise((r) => setTimeout(r, 20));
      }
      expect(warn.mock.calls.map((c) => String(c[0]))).toEqual([
        expect.stringMatching(new RegExp(`^Live results: dropped a watcher of ${date} that stopped reading`)),
      ]);
      // The server has let go of it.
      await expect.poll(() => liveWatcherCount()).toBe(watching - 1);
      socket.destroy();
    } finally {
      warn.mockRestore();
    }
  }, 60_000);
});

describe('a server that is stopping (docs/decisions/171-graceful-restarts.md)', () => {
  it('ends every stream with a short retry, answers a new watcher the same way at once, and closes their connections', async () => {
    const { date } = await liveNight(2011);
    const stream = await openStream(`${server.url}/stats/results/${date}/live`);
    await stream.next();
    const rest = stream.body();
    reconnectLiveWatchers();
    try {
      // Each stream ends (cleanly, its connection closed: it is never reused) with the time to come back after.
      expect(await rest).toMatch(/^retry: (\d{3}|[12]\d{3}|3000)\n\n$/);
      const late = await new Promise<{ status?: number; type?: string; connection?: string; text: string }>(
        (resolve, reject) =>
          http
            .get(`${server.url}/stats/results/${date}/live`, (res) => {
              let text = '';
              res.setEncoding('utf8');
              res.on('data', (chunk: string) => (text += chunk));
              res.on('end', () =>
                resolve({
                  status: res.statusCode,
                  type: res.headers['content-type'],
                  connection: res.headers.connection,
                  text,
                }),
              );
            })
            .on('error', reject),
      );
      expect(late).toEqual({
        status: 200,
        type: 'text/event-stream; charset=utf-8',
        connection: 'close',
        text: expect.stringMatching(/^retry: \d+\n\n$/),
      });
      await expect.poll(() => liveWatcherCount()).toBe(0);
    } finally {
      // The hub as the other tests of this file found it.
      await stop();
      stop = await startLiveResults();
    }
  });
});
