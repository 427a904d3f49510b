import http from 'node:http';
import { afterAll, expect, it } from 'vitest';
import type { Db } from '~/db/db.server';
import { startBuiltServer, stopBuiltServers } from './built-server';
import { HOLES, phonesOfTonight, send, sendHoles, type Entry, type Outcome } from './game-night-phones';

/*
 * A graceful restart (docs/decisions/171-graceful-restarts.md, docs/product/faults.md#a-restart-in-the-middle-of-game-night)
 * on SQLite (graceful-restart.test.ts) and PostgreSQL (graceful-restart.postgres.test.ts): the built server, started
 * as `npm start` starts it, gets SIGTERM in the middle of a burst of hole entries and registrations, each phone and
 * each registering golfer on a keep-alive connection of its own, as browsers keep them. Every request the server
 * took is answered, none reset: those under way, and those still coming on open connections, answered with
 * `Connection: close`; a new connection is then refused, which a client sees as the server being away (a phone keeps
 * its queue, a proxy tries another process). Everything acknowledged is stored. A live-results watcher is told to
 * reconnect. The app's modules are imported when the case runs, after the PostgreSQL file has pointed the client at
 * its server.
 */
const GROUPS = 12;
/** Hole sends acknowledged before SIGTERM: a third of them, while every phone is still sending. */
const STOP_AFTER_SENDS = Math.floor((GROUPS * HOLES) / 3);
const REGISTRATION_LANES = 4;
const SECRET = 'graceful-restart-session-secret';

/** A raw read of a live-results stream: its text, and whether it ended cleanly (not reset). */
function watch(url: string) {
  let text = '';
  let firstEvent: () => void = () => {};
  const hasEvent = new Promise<void>((resolve) => (firstEvent = resolve));
  const ended = new Promise<{ clean: boolean; text: string }>((resolve) => {
    http
      .get(url, { agent: false, headers: { Accept: 'text/event-stream' } }, (res) => {
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
          if (text.includes('event: leaderboard')) firstEvent();
        });
        res.on('end', () => resolve({ clean: true, text }));
        res.on('error', () => resolve({ clean: false, text }));
      })
      .on('error', () => resolve({ clean: false, text }));
  });
  return { hasEvent, ended };
}

export function gracefulRestartCases(database: () => Db): void {
  afterAll(() => stopBuiltServers());

  it('answers every request it took when stopped with SIGTERM in a burst, resets none, and loses nothing acknowledged', async () => {
    const { todayInLeague } = await import('~/domain/season');
    const { openRegistration } = await import('./helpers');
    const { newGolferBody } = await import('./registration-helpers');
    const { liveNight } = await import('./live-results-cases');
    await openRegistration();
    const date = todayInLeague();
    const phones = await phonesOfTonight(database(), date, GROUPS, SECRET);
    const night = await liveNight(2017);
    const server = await startBuiltServer({
      DATABASE_URL: process.env.DATABASE_URL!,
      SESSION_SECRET: SECRET,
      REGISTRATIONS_PER_HOUR: '100000',
    });

    const watcher = watch(`${server.url}/stats/results/${night.date}/live`);
    await watcher.hasEvent;

    const stop: { exited: Promise<number | null> | null; at: number } = { exited: null, at: 0 };
    const holes: Entry[] = [];
    const emails: string[] = [];
    /** Every answer and error, and whether it came after SIGTERM was sent. */
    const outcomes: { afterStop: boolean; outcome: Outcome }[] = [];
    let sends = 0;

    /** Sends `next()`'s requests on one keep-alive connection until the server refuses a new one or `next` is done. */
    async function lane(next: (agent: http.Agent) => { request: Promise<Outcome>; acknowledge: () => void } | null) {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      try {
        for (let step = next(agent); step; step = next(agent)) {
          // SIGTERM goes while this request is under way.
          if (!stop.exited && sends >= STOP_AFTER_SENDS) {
            stop.at = performance.now();
            stop.exited = server.stop('SIGTERM');
          }
          const outcome = await step.request;
          outcomes.push({ afterStop: stop.exited !== null, outcome });
          if (outcome.status === 200) step.acknowledge();
          else return;
        }
      } finally {
        agent.destroy();
      }
    }

    await Promise.all([
      ...phones.map((phone) => {
        let hole = 0;
        return lane((agent) => {
          if (++hole > HOLES) return null;
          const entries = phone.entries.filter((e) => e.hole === hole);
          return {
            request: sendHoles(server.url, date, phone, entries, agent),
            acknowledge: () => {
              sends += 1;
              holes.push(...entries);
            },
          };
        });
      }),
      ...Array.from({ length: REGISTRATION_LANES }, () =>
        lane((agent) => {
          const body = newGolferBody();
          return {
            request: send(`${server.url}/api/register-golfer`, {
              method: 'POST',
              headers: { 'Content-Type': 'application/json', Origin: server.url },
              body: JSON.stringify(body),
              agent,
            }),
            acknowledge: () => emails.push(body.email),
          };
        }),
      ),
    ]);

    expect(stop.exited, 'SIGTERM was sent in the burst').not.toBeNull();
    expect(await stop.exited).toBe(0);
    const stoppedIn = performance.now() - stop.at;
    // Drained, not cut at the bound (25 s).
    expect(stoppedIn).toBeLessThan(20_000);
    expect(server.output()).not.toMatch(/still running after/);

    // Every request was answered 200, or (after SIGTERM, on a new connection) refused: none reset, none cut.
    const failures = outcomes.filter(
      ({ afterStop, outcome }) =>
        !(outcome.status === 200 || (afterStop && outcome.status === null && outcome.error === 'ECONNREFUSED')),
    );
    expect(failures).toEqual([]);
    const answeredAfterStop = outcomes.filter(({ afterStop, outcome }) => afterStop && outcome.status === 200);
    expect(answeredAfterStop.length, 'requests under way at SIGTERM were answered').toBeGreaterThan(0);
    // Requests on open connections were answered during the drain, each closing its connection after it.
    expect(
      answeredAfterStop.some(({ outcome }) => outcome.status === 200 && outcome.headers.connection === 'close'),
    ).toBe(true);
    expect(
      outcomes.some(({ outcome }) => outcome.status === null),
      'new connections were refused',
    ).toBe(true);
    expect(holes.length).toBeLessThan(GROUPS * HOLES * 4);

    // Everything acknowledged is stored.
    const stored = await database().holeScore.findMany({
      where: { clientId: { in: holes.map((e) => e.clientId) } },
      select: { clientId: true, strokes: true },
    });
    const strokes = new Map(stored.map((s) => [s.clientId, s.strokes]));
    for (const e of holes) expect(strokes.get(e.clientId), e.clientId).toBe(e.strokes);
    const pending = await database().pendingRegistration.findMany({
      where: { email: { in: emails } },
      select: { email: true },
    });
    expect(new Set(pending.map((p) => p.email))).toEqual(new Set(emails));

    // The live-results watcher was told to come back within 0.5 to 3 s (to another process, behind a proxy), and its
    // stream ended cleanly.
    const { clean, text } = await watcher.ended;
    expect(clean).toBe(true);
    const retry = /retry: (\d+)\n\n$/.exec(text);
    expect(retry, text.slice(-200)).not.toBeNull();
    expect(Number(retry![1])).toBeGreaterThanOrEqual(500);
    expect(Number(retry![1])).toBeLessThanOrEqual(3_000);
  }, 180_000);
}
