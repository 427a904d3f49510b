import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { todayInLeague } from '~/domain/season';
import { db } from '~/db/db.server';
import { golferCookieValue } from '../golfer-cookie';
import { unique } from './helpers';

/*
 * A crash in the middle of game night (docs/product/faults.md#a-crash-in-the-middle-of-game-night, docs/decisions/
 * 148): a server process on this file's SQLite database is killed with SIGKILL while 30 phones send their holes one
 * hole at a time. Every hole it acknowledged (2xx) is stored; after a restart the phones resend their whole queues
 * (the same client ids) and every hole is stored exactly once.
 */
const GROUPS = 30;
const HOLES = 9;
/** Acknowledged sends after which the server is killed: a third of them, while every phone is still sending. */
const KILL_AFTER = Math.floor((GROUPS * HOLES) / 3);

type Entry = { clientId: string; golferId: number; hole: number; strokes: number; enteredAt: number };
type Phone = { cookie: string; teeTimeId: number; entries: Entry[] };

const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

function startServer(): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/integration/phone-server.ts'], {
    env: { ...process.env, TEST_OWN_DATABASE: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    let output = '';
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const m = /ready at (\S+)/.exec(output);
      if (m) resolve({ child, url: m[1] });
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.on('exit', (code) => reject(new Error(`The phone server exited (${code}):\n${output}`)));
  });
}

/** One send of `entries`: the status, or null when the server went away before answering. */
function send(url: string, date: string, phone: Phone, entries: Entry[]): Promise<number | null> {
  const body = JSON.stringify({ teeTimeId: phone.teeTimeId, entries });
  return new Promise((resolve) => {
    const req = http.request(
      `${url}/api/me/scorecard/${date}`,
      {
        method: 'POST',
        agent: false,
        headers: {
          'Content-Type': 'application/json',
          'Content-Length': Buffer.byteLength(body),
          Cookie: phone.cookie,
          Origin: url,
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', () => resolve(null));
      },
    );
    req.on('error', () => resolve(null));
    req.end(body);
  });
}

async function setUp(date: string): Promise<Phone[]> {
  const course = await db.course.create({
    data: { courseName: unique('Crash Links'), coursePar: 36, courseLength: '3 mi' },
  });
  await db.hole.createMany({
    data: Array.from({ length: HOLES }, (_, i) => ({ courseId: course.id, number: i + 1, par: 4, strokeIndex: i + 1 })),
  });
  const phones: Phone[] = [];
  for (let t = 0; t < GROUPS; t++) {
    const golferIds: number[] = [];
    for (let g = 0; g < 4; g++) {
      const last = unique(`Crash${t}`);
      const golfer = await db.golfer.create({
        data: { firstName: `G${g}`, lastName: last, fullName: `G${g} ${last}` },
      });
      golferIds.push(golfer.id);
    }
    const time = `${String(11 + Math.floor(t / 6)).padStart(2, '0')}:${String((t % 6) * 10).padStart(2, '0')}`;
    const slot = await db.teeTime.create({
      data: {
        time,
        season: Number(date.slice(0, 4)),
        golfer1Id: golferIds[0],
        golfer2Id: golferIds[1],
        golfer3Id: golferIds[2],
        golfer4Id: golferIds[3],
      },
    });
    await db.scorecard.create({ data: { date, teeTimeId: slot.id, courseId: course.id } });
    const { name, value } = await golferCookieValue(golferIds[0], process.env.SESSION_SECRET!);
    const entries: Entry[] = [];
    for (let h = 1; h <= HOLES; h++)
      golferIds.forEach((golferId, g) =>
        entries.push({
          clientId: unique(`crash-${t}-${g}-${h}-`),
          golferId,
          hole: h,
          strokes: 3 + ((t + 2 * g + 3 * h) % 5),
          enteredAt: Date.now() - (HOLES - h) * 600_000,
        }),
      );
    phones.push({ cookie: `${name}=${value}`, teeTimeId: slot.id, entries });
  }
  return phones;
}

describe('a crash in the middle of game night (docs/product/faults.md, docs/decisions/148)', () => {
  it('keeps every acknowledged hole through kill -9, and stores each resent hole once', async () => {
    const date = todayInLeague();
    const phones = await setUp(date);
    const first = await startServer();
    const exited = new Promise<void>((resolve) => first.child.once('exit', () => resolve()));
    const acknowledged: Entry[] = [];
    let killed = false;
    // Each phone sends its holes one at a time (its four golfers' entries of that hole), as golfers play them.
    await Promise.all(
      phones.map(async (phone) => {
        for (let h = 1; h <= HOLES && !killed; h++) {
          const entries = phone.entries.filter((e) => e.hole === h);
          const status = await send(first.url, date, phone, entries);
          if (status === null) return;
          expect(status).toBe(200);
          acknowledged.push(...entries);
          if (acknowledged.length >= KILL_AFTER * 4 && !killed) {
            killed = true;
            first.child.kill('SIGKILL');
          }
        }
      }),
    );
    await exited;
    expect(first.child.signalCode).toBe('SIGKILL');
    expect(acknowledged.length).toBeGreaterThanOrEqual(KILL_AFTER * 4);
    expect(acknowledged.length).toBeLessThan(GROUPS * HOLES * 4);

    const all = phones.flatMap((p) => p.entries);
    const stored = async () =>
      db.holeScore.findMany({
        where: { clientId: { in: all.map((e) => e.clientId) } },
        select: { clientId: true, strokes: true },
      });
    const afterCrash = new Map((await stored()).map((s) => [s.clientId, s.strokes]));
    for (const e of acknowledged) expect(afterCrash.get(e.clientId)).toBe(e.strokes);

    const second = await startServer();
    const statuses = await Promise.all(phones.map((phone) => send(second.url, date, phone, phone.entries)));
    expect(statuses).toEqual(phones.map(() => 200));
    const final = await stored();
    expect(final).toHaveLength(all.length);
    expect(new Set(final.map((s) => s.clientId)).size).toBe(all.length);
    const strokes = new Map(final.map((s) => [s.clientId, s.strokes]));
    for (const e of all) expect(strokes.get(e.clientId)).toBe(e.strokes);
    second.child.kill('SIGKILL');
  }, 120_000);
});
