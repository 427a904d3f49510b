import http from 'node:http';
import https from 'node:https';
import type { Db } from '~/db/db.server';
import { golferCookieValue } from '../golfer-cookie';

/*
 * Game night's phones for the tests that stop the built server in the middle of it (crash-cases.ts,
 * graceful-restart-cases.ts, behind-nginx.postgres.test.ts): tonight's cards, each group's phone with its golfers'
 * entries, and one request of the kind a phone or a browser sends. The app's modules are imported when called, after
 * a PostgreSQL file has pointed the client at its server.
 */

export const HOLES = 9;

export type Entry = { clientId: string; golferId: number; hole: number; strokes: number; enteredAt: number };
export type Phone = { cookie: string; teeTimeId: number; entries: Entry[] };

/** Tonight's card for each of `groups` groups of four, and each group's phone with its 36 entries. */
export async function phonesOfTonight(db: Db, date: string, groups: number, secret: string): Promise<Phone[]> {
  const { unique } = await import('./helpers');
  const course = await db.course.create({
    data: { courseName: unique('Night Links'), coursePar: 36, courseLength: '3 mi' },
  });
  await db.hole.createMany({
    data: Array.from({ length: HOLES }, (_, i) => ({ courseId: course.id, number: i + 1, par: 4, strokeIndex: i + 1 })),
  });
  const season = Number(date.slice(0, 4));
  // Tee times are one per time of day and season: the groups take the next free ten-minute slots from 11:00.
  const taken = new Set((await db.teeTime.findMany({ where: { season }, select: { time: true } })).map((s) => s.time));
  const slots = Array.from({ length: 144 }, (_, i) => (66 + i) % 144)
    .map((i) => `${String(Math.floor(i / 6)).padStart(2, '0')}:${String((i % 6) * 10).padStart(2, '0')}`)
    .filter((time) => !taken.has(time));
  const phones: Phone[] = [];
  for (let t = 0; t < groups; t++) {
    const golferIds: number[] = [];
    for (let g = 0; g < 4; g++) {
      const last = unique(`Night${t}`);
      const golfer = await db.golfer.create({
        data: { firstName: `G${g}`, lastName: last, fullName: `G${g} ${last}` },
      });
      golferIds.push(golfer.id);
    }
    const slot = await db.teeTime.create({
      data: {
        time: slots[t],
        season,
        golfer1Id: golferIds[0],
        golfer2Id: golferIds[1],
        golfer3Id: golferIds[2],
        golfer4Id: golferIds[3],
      },
    });
    await db.scorecard.create({ data: { date, teeTimeId: slot.id, courseId: course.id } });
    const { name, value } = await golferCookieValue(golferIds[0], secret);
    const entries: Entry[] = [];
    for (let h = 1; h <= HOLES; h++)
      golferIds.forEach((golferId, g) =>
        entries.push({
          clientId: unique(`night-${t}-${g}-${h}-`),
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

/** What one request came to: the answer's status and headers, or the error that ended it (its code: ECONNREFUSED…). */
export type Outcome =
  { status: number; headers: http.IncomingHttpHeaders; body: string } | { status: null; error: string };

/**
 * One request. `agent` decides the connection (a keep-alive agent reuses one, as browsers and proxies do; none: a
 * connection of its own). With an https URL, `agent` must be an https.Agent.
 */
export function send(
  url: string,
  {
    method = 'GET',
    headers = {},
    body,
    agent,
  }: { method?: string; headers?: Record<string, string>; body?: string; agent?: http.Agent | false },
): Promise<Outcome> {
  return new Promise((resolve) => {
    const request = url.startsWith('https:') ? https.request : http.request;
    const req = request(
      url,
      {
        method,
        agent: agent ?? false,
        headers: { ...headers, ...(body === undefined ? {} : { 'Content-Length': String(Buffer.byteLength(body)) }) },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
        res.on('error', (error: NodeJS.ErrnoException) =>
          resolve({ status: null, error: error.code ?? error.message }),
        );
      },
    );
    req.on('error', (error: NodeJS.ErrnoException) => resolve({ status: null, error: error.code ?? error.message }));
    req.end(body);
  });
}

/** A phone's send of `entries` (POST /api/me/scorecard/{date}, as the card page sends it). */
export function sendHoles(
  origin: string,
  date: string,
  phone: Phone,
  entries: Entry[],
  agent?: http.Agent | false,
): Promise<Outcome> {
  return send(`${origin}/api/me/scorecard/${date}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Cookie: phone.cookie, Origin: origin },
    body: JSON.stringify({ teeTimeId: phone.teeTimeId, entries }),
    agent,
  });
}
