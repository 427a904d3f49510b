import { beforeAll, describe, expect, it } from 'vitest';
import { createCourse } from '~/models/courses.server';
import { upsertFlightAssignment } from '~/models/flights.server';
import { createGolfer } from '~/models/golfers.server';
import { createMembership } from '~/models/memberships.server';
import { createRound } from '~/models/rounds.server';
import { action as importFileApi } from '~/routes/api.import.$type';
import { loader as exportLoader } from '~/routes/export.$type';
import { db } from '~/db/db.server';
import { call, request, signIn } from './helpers';

let cookie: string;

async function download(path: string) {
  const type = path.split('/')[2].split('?')[0];
  return call(exportLoader, request(path, { cookie }), { type });
}

async function reimport(type: string, text: string, name: string) {
  const form = new FormData();
  form.append('file', new File([text], name, { type: 'text/csv' }));
  const res = await call(importFileApi, request(`/api/import/${type}`, { form, cookie }), { type });
  return { status: res.status, body: await res.json() };
}

/** Everything the league stores, without ids that a re-import would not touch anyway. */
async function snapshot() {
  const [golfers, courses, rounds, memberships, flights, seasons, schedule] = await Promise.all([
    db.golfer.findMany({
      orderBy: { id: 'asc' },
      select: { id: true, firstName: true, lastName: true, nickname: true, fullName: true, email: true, phone: true },
    }),
    db.course.findMany({ orderBy: { id: 'asc' } }),
    db.round.findMany({ orderBy: { id: 'asc' }, omit: { createdAt: true } }),
    db.membership.findMany({ orderBy: { id: 'asc' } }),
    db.flightAssignment.findMany({ orderBy: { id: 'asc' } }),
    db.season.findMany({ orderBy: { year: 'asc' } }),
    db.scheduleEntry.findMany({ orderBy: { id: 'asc' } }),
  ]);
  return { golfers, courses, rounds, memberships, flights, seasons, schedule };
}

beforeAll(async () => {
  ({ cookie } = await signIn());
  const jane = await createGolfer(
    {
      firstName: 'Zoë',
      lastName: 'Müller',
      nickname: 'Z, "the ace"',
      email: 'zoe@example.org',
      phone: '+1 231 555 0100',
    },
    null,
  );
  const formula = await createGolfer(
    {
      firstName: '=HYPERLINK("http://evil.example")',
      lastName: '@Smith',
      phone: '-231 555 0101',
    },
    null,
  );
  const plain = await createGolfer({ firstName: 'Al', lastName: 'Brown' }, null);
  const course = await createCourse({ courseName: 'Pines, North', coursePar: 36, courseLength: '3.2 miles' }, null);
  await createCourse({ courseName: 'Eighteen', coursePar: 72, courseLength: '6100 yards' }, null);
  await createMembership(
    {
      golferId: jane.id,
      season: 2025,
      registered: true,
      paid: true,
      estimatedScore: 44,
      registrationDatetime: new Date('2025-04-01T13:30:00Z'),
    },
    null,
  );
  await createMembership({ golferId: formula.id, season: 2025, registered: true, paid: false }, null);
  await createMembership({ golferId: plain.id, season: 2025, registered: false, paid: false }, null);
  await createRound(
    {
      golferId: jane.id,
      courseId: course.id,
      date: '2025-06-02',
      grossScore: 45,
      points: 20.5,
      notes: 'windy, "wet"\nsecond line',
    },
    null,
  );
  await createRound({ golferId: jane.id, date: '2025-06-09', grossScore: 41 }, null);
  await createRound({ golferId: plain.id, courseId: course.id, date: '2025-06-02', grossScore: 50 }, null);
  await createRound({ golferId: plain.id, date: '2024-06-03', grossScore: 50 }, null);
  await upsertFlightAssignment({ golferId: jane.id, season: 2025, flightNo: '1' }, null);
  await upsertFlightAssignment({ golferId: plain.id, season: 2025, flightNo: '3' }, null);
});

describe('CSV exports', () => {
  it('downloads golfers as an attachment in the importer columns, with formula-like text defused', async () => {
    const res = await download('/export/golfers');
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('Content-Disposition')).toBe('attachment; filename="golfers.csv"');
    const bytes = new Uint8Array(await res.arrayBuffer());
    // A UTF-8 byte-order mark, so Excel shows accented names correctly.
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes).split('\r\n');
    expect(lines[0]).toBe('id,firstName,lastName,nickname,email,phone');
    expect(lines.find((l) => l.includes('HYPERLINK'))).toMatch(
      /^\d+,"'=HYPERLINK\(""http:\/\/evil\.example""\)",'@Smith,,,'-231 555 0101$/,
    );
    expect(lines.find((l) => l.includes('Müller'))).toMatch(
      /^\d+,Zoë,Müller,"Z, ""the ace""",zoe@example\.org,'\+1 231 555 0100$/,
    );
  });

  it('exports one season of rounds, memberships and flights', async () => {
    const rounds = await (await download('/export/rounds?season=2025')).text();
    const lines = rounds.trim().split('\r\n');
    expect(lines[0]).toBe(
      'golferId,date,grossScore,courseId,points,notes,golferName,courseName,hcpIndexBefore,netScore,hcpIndexAfter',
    );
    expect(lines).toHaveLength(1 + 3);
    expect((await download('/export/rounds?season=2024')).headers.get('Content-Disposition')).toBe(
      'attachment; filename="rounds-2024.csv"',
    );
    const memberships = (await (await download('/export/memberships?season=2025')).text()).trim().split('\r\n');
    expect(memberships[0]).toBe('golferId,season,registered,paid,registrationDatetime,estimatedScore,golferName');
    // Detroit wall-clock time (EDT in April).
    expect(memberships.find((l) => l.includes('Zoë'))).toMatch(
      /^\d+,2025,true,true,2025-04-01 09:30:00,44,Zoë Müller$/,
    );
    const flights = (await (await download('/export/flights?season=2025')).text()).trim().split('\r\n');
    expect(flights).toEqual([
      'golferId,season,flightNo,golferName',
      expect.stringMatching(/,2025,1,Zoë Müller$/),
      expect.stringMatching(/,2025,3,Al Brown$/),
    ]);
  });

  it('exports a season’s schedule in date order, in the importer’s columns', async () => {
    const res = await download('/export/schedule?season=2025');
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Disposition')).toBe('attachment; filename="schedule-2025.csv"');
    const lines = (await res.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    const stored = await db.scheduleEntry.findMany({ where: { season: 2025 }, orderBy: { date: 'asc' } });
    expect(lines[0]).toBe('date,weekNumber,event,kind,rainOut');
    expect(lines.slice(1)).toEqual(
      stored.map((e) =>
        [e.date, e.weekNumber ?? '', e.event.includes(',') ? `"${e.event}"` : e.event, e.kind, e.rainOut].join(','),
      ),
    );
    expect(lines[1]).toBe('2025-05-05,,Practice Round,practice-round,false');
    const empty = await (await download('/export/schedule?season=2031')).text();
    expect(empty.replace(/^\uFEFF/, '').trim()).toBe('date,weekNumber,event,kind,rainOut');
  });

  it('re-imports every export without changing anything', async () => {
    const before = await snapshot();
    const files: [string, string][] = [
      ['golfers', '/export/golfers'],
      ['courses', '/export/courses'],
      ['memberships', '/export/memberships?season=2025'],
      ['flights', '/export/flights?season=2025'],
      ['rounds', '/export/rounds?season=2025'],
      ['rounds', '/export/rounds?season=2024'],
      ['schedule', '/export/schedule?season=2025'],
    ];
    const expected = {
      golfers: 3,
      courses: 2,
      memberships: 3,
      flights: 2,
      rounds: [3, 1],
      schedule: await db.scheduleEntry.count({ where: { season: 2025 } }),
    };
    let roundFile = 0;
    for (const [type, path] of files) {
      const text = await (await download(path)).text();
      const { status, body } = await reimport(type, text, `${type}.csv`);
      expect(status, `${path}: ${JSON.stringify(body)}`).toBe(200);
      const count =
        type === 'rounds' ? expected.rounds[roundFile++] : expected[type as Exclude<keyof typeof expected, 'rounds'>];
      expect(body).toEqual({ count });
    }
    expect(await snapshot()).toEqual(before);
  });

  it('is for signed-in users only and refuses unknown types and seasons', async () => {
    const anonymous = await call(exportLoader, request('/export/golfers'), { type: 'golfers' });
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get('Location')).toBe('/auth?redirectTo=%2Fexport%2Fgolfers');
    expect((await download('/export/users')).status).toBe(404);
    const badSeason = await download('/export/rounds?season=abc');
    expect(badSeason.status).toBe(400);
    expect(await badSeason.json()).toEqual({ message: 'Invalid season: "abc"' });
  });
});
