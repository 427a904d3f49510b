import * as XLSX from 'xlsx';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCourse } from '~/models/courses.server';
import { createGolfer } from '~/models/golfers.server';
import { createMembership } from '~/models/memberships.server';
import { createRounds } from '~/models/rounds.server';
import { createSeason } from '~/models/seasons.server';
import { action as importFileApi } from '~/routes/api.import.$type';
import { action as importJsonApi } from '~/routes/api.import.$type.json';
import { action as pageAction, loader as pageLoader } from '~/routes/_admin.import';
import { db } from '~/db/db.server';
import { BASE, call, request, signIn, unique } from './helpers';

let cookie: string;
beforeAll(async () => {
  ({ cookie } = await signIn());
});

type Cell = string | number | boolean | Date | null;

/** A real workbook written by SheetJS, as Excel would save it. */
function workbook(rows: Cell[][], name: string, bookType: XLSX.BookType = 'xlsx'): File {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows, { cellDates: true }), 'Sheet1');
  const bytes = XLSX.write(book, { type: 'buffer', bookType }) as Buffer;
  return new File([new Uint8Array(bytes)], name);
}

function csv(text: string, name = 'data.csv'): File {
  return new File([text], name, { type: 'text/csv' });
}

async function upload(type: string, file: File | null) {
  const form = new FormData();
  if (file) form.append('file', file);
  const res = await call(importFileApi, request(`/api/import/${type}`, { form, cookie }), { type });
  return {
    status: res.status,
    body: (await res.json()) as { count?: number; message?: string; errors?: Record<string, string[]> },
  };
}

async function postJson(type: string, body: string) {
  const req = new Request(new URL(`/api/import/${type}/json`, BASE), {
    method: 'POST',
    body,
    headers: { 'Content-Type': 'application/json', Cookie: cookie },
  });
  const res = await call(importJsonApi, req, { type });
  return {
    status: res.status,
    body: (await res.json()) as { count?: number; message?: string; errors?: Record<string, string[]> },
  };
}

describe('golfers import from files', () => {
  it('imports a CSV with headers in any style, a byte-order mark and accented names', async () => {
    const tag = unique('csv');
    const text = `\uFEFFFirst Name,last_name,EMAIL,Phone,Nickname,Handicap\r\nZoë,Müller-${tag},zoe-${tag}@example.org,231-555-0100,Zo,7\r\n"Jean, Jr",O'Brien-${tag},,,\r\n`;
    const { status, body } = await upload('golfers', csv(text));
    expect(status).toBe(200);
    expect(body).toEqual({ count: 2 });
    const rows = await db.golfer.findMany({ where: { lastName: { contains: tag } }, orderBy: { id: 'asc' } });
    expect(rows.map((g) => [g.firstName, g.lastName, g.email, g.phone, g.nickname, g.fullName])).toEqual([
      ['Zoë', `Müller-${tag}`, `zoe-${tag}@example.org`, '231-555-0100', 'Zo', `Zoë Müller-${tag}`],
      ['Jean, Jr', `O'Brien-${tag}`, null, null, null, `Jean, Jr O'Brien-${tag}`],
    ]);
  });

  it('imports a 10,000-golfer .xlsx in one go', async () => {
    const tag = unique('big');
    const rows: Cell[][] = [['firstName', 'lastName', 'email', 'phone']];
    for (let i = 0; i < 10_000; i += 1) rows.push([`Golfer${i}`, tag, `g${i}-${tag}@example.org`, 2315550000 + i]);
    const started = Date.now();
    const { status, body } = await upload('golfers', workbook(rows, 'golfers.xlsx'));
    expect(body).toEqual({ count: 10_000 });
    expect(status).toBe(200);
    expect(Date.now() - started).toBeLessThan(60_000);
    expect(await db.golfer.count({ where: { lastName: tag } })).toBe(10_000);
    // Excel stores a phone typed without dashes as a number: it is still stored as text.
    expect((await db.golfer.findFirst({ where: { lastName: tag, firstName: 'Golfer7' } }))?.phone).toBe('2315550007');
  }, 120_000);

  it('imports nothing from a file with one bad row in the middle, and names the row and field', async () => {
    const tag = unique('bad');
    const rows: Cell[][] = [['firstName', 'lastName', 'email']];
    for (let i = 0; i < 1_000; i += 1)
      rows.push([`G${i}`, tag, i === 499 ? 'not-an-email' : `g${i}-${tag}@example.org`]);
    const { status, body } = await upload('golfers', workbook(rows, 'golfers.xlsx'));
    expect(status).toBe(400);
    // Data row 500 is spreadsheet row 501: the header is row 1.
    expect(body.message).toBe('Nothing was imported: 1 row has errors.\nRow 501: email: Enter a valid email address');
    expect(body.errors).toEqual({ 'Row 501': ['email: Enter a valid email address'] });
    expect(await db.golfer.count({ where: { lastName: tag } })).toBe(0);
  });

  it('reads an old .xls workbook', async () => {
    const tag = unique('xls');
    const { status, body } = await upload(
      'golfers',
      workbook(
        [
          ['First Name', 'Last Name'],
          ['Ann', tag],
          ['Bob', tag],
        ],
        'old.xls',
        'biff8',
      ),
    );
    expect([status, body]).toEqual([200, { count: 2 }]);
    expect(await db.golfer.count({ where: { lastName: tag } })).toBe(2);
  });

  it('lists the first 20 bad rows and counts the rest', async () => {
    const tag = unique('many');
    const rows: Cell[][] = [['firstName', 'lastName']];
    for (let i = 0; i < 30; i += 1) rows.push([`G${i}`, null]);
    const { status, body } = await upload('golfers', workbook(rows, 'golfers.xlsx'));
    expect(status).toBe(400);
    const lines = body.message!.split('\n');
    expect(lines[0]).toBe('Nothing was imported: 30 rows have errors.');
    expect(lines[1]).toBe('Row 2: lastName: Last name is required');
    expect(lines[20]).toBe('Row 21: lastName: Last name is required');
    expect(lines[21]).toBe('…and 10 more rows with errors.');
    expect(Object.keys(body.errors!)).toHaveLength(20);
    expect(await db.golfer.count({ where: { firstName: 'G0', lastName: tag } })).toBe(0);
  });

  it('names a missing required column once instead of failing every row', async () => {
    const { status, body } = await upload('golfers', csv('firstName,email\nAnn,ann@example.org\n'));
    expect(status).toBe(400);
    expect(body.message).toBe(
      'The file has no lastName column. golfers need the columns firstName, lastName in the first row.',
    );
  });
});

describe('files that cannot be imported', () => {
  it('refuses a garbage file with a clear message', async () => {
    const garbage = new Uint8Array(2048).map((_, i) => (i * 7919) % 256);
    const { status, body } = await upload('golfers', new File([garbage], 'golfers.xlsx'));
    expect(status).toBe(400);
    expect(body.message).toBe(
      'Could not read "golfers.xlsx". Make sure it is a CSV file or an Excel workbook (.xlsx or .xls) and not damaged.',
    );
  });

  it('refuses a damaged workbook', async () => {
    const { status, body } = await upload('golfers', new File(['PK\u0003\u0004 not really a zip'], 'golfers.xlsx'));
    expect(status).toBe(400);
    expect(body.message).toContain('Could not read "golfers.xlsx"');
  });

  it('refuses a file of another type with 415', async () => {
    const { status, body } = await upload('golfers', new File(['%PDF-1.4'], 'golfers.pdf'));
    expect(status).toBe(415);
    expect(body.message).toBe('"golfers.pdf" is not a CSV or Excel file. Choose a .csv, .xlsx or .xls file.');
  });

  it('refuses an empty file and a header without rows', async () => {
    expect(await upload('golfers', csv('', 'empty.csv'))).toEqual({
      status: 400,
      body: { message: '"empty.csv" is empty.' },
    });
    expect(await upload('golfers', csv('firstName,lastName\n', 'header.csv'))).toEqual({
      status: 400,
      body: { message: '"header.csv" has no rows to import below its header row.' },
    });
  });

  it('refuses a file over 5 MB with 413, not a 500', async () => {
    const big = csv('firstName,lastName\n' + 'Ann,Smith\n'.repeat(600_000));
    const { status, body } = await upload('golfers', big);
    expect(status).toBe(413);
    expect(body.message).toBe('The file is larger than 5 MB. Split it into smaller files.');
  });

  it('refuses more than 10,000 rows with 413', async () => {
    const text = 'firstName,lastName\n' + 'Ann,Smith\n'.repeat(10_001);
    const { status, body } = await upload('golfers', csv(text));
    expect(status).toBe(413);
    expect(body.message).toBe('The import has more than 10,000 rows. Split it into smaller files.');
  });

  it('never drops rows after blank lines: every row of a file with gaps is imported, in CSV and Excel alike', async () => {
    for (const kind of ['csv', 'xlsx', 'xls'] as const) {
      const tag = unique(`Gap${kind}`);
      // 5,000 golfers, 5 blank lines, 5,000 more: the blank lines push the last rows past the first read's window.
      const rows: Cell[][] = [['firstName', 'lastName']];
      for (let i = 0; i < 10_000; i++) {
        if (i === 5_000) for (let b = 0; b < 5; b++) rows.push(['', '']);
        rows.push([`G${i}`, `${tag}${i}`]);
      }
      const file =
        kind === 'csv'
          ? csv(rows.map((r) => r.join(',')).join('\n'))
          : workbook(rows, `gaps.${kind}`, kind === 'xls' ? 'biff8' : 'xlsx');
      const { status, body } = await upload('golfers', file);
      expect({ kind, status, body }).toEqual({ kind, status: 200, body: { count: 10_000 } });
      expect(await db.golfer.count({ where: { lastName: { startsWith: tag } } })).toBe(10_000);
    }
  }, 120_000);

  it('counts the row limit past blank lines', async () => {
    const text = 'firstName,lastName\n,\n' + 'Ann,Smith\n'.repeat(10_001);
    const { status, body } = await upload('golfers', csv(text));
    expect(status).toBe(413);
    expect(body.message).toBe('The import has more than 10,000 rows. Split it into smaller files.');
  });

  it('asks for a file when none was sent', async () => {
    expect(await upload('golfers', null)).toEqual({ status: 400, body: { message: 'Please select a file first.' } });
  });

  it('answers an unknown type with 404 and an anonymous caller with 401', async () => {
    const form = new FormData();
    form.append('file', csv('firstName,lastName\nA,B\n'));
    const unknown = await call(importFileApi, request('/api/import/users', { form, cookie }), { type: 'users' });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({
      message: 'Unknown import type "users". Use one of golfers, rounds, memberships, flights, courses, schedule.',
    });
    const anonymous = await call(importFileApi, request('/api/import/golfers', { form }), { type: 'golfers' });
    expect(anonymous.status).toBe(401);
  });
});

describe('JSON import', () => {
  it('imports an array of objects and answers {count}', async () => {
    const tag = unique('json');
    const { status, body } = await postJson(
      'golfers',
      JSON.stringify([
        { firstName: 'Ann', lastName: tag, phone: 2315550100 },
        { FirstName: 'Bob', last_name: tag },
      ]),
    );
    expect([status, body]).toEqual([200, { count: 2 }]);
    expect(await db.golfer.count({ where: { lastName: tag } })).toBe(2);
  });

  it('lets other requests run while it writes thousands of rows (the event loop is never held for the whole import)', async () => {
    const tag = unique('loop');
    const items = Array.from({ length: 3_000 }, (_, i) => ({ firstName: `Row${i}`, lastName: tag }));
    // A timer stands for a request arriving: it runs only when the import lets the event loop turn.
    let turns = 0;
    const timer = setInterval(() => (turns += 1), 1);
    try {
      expect(await postJson('golfers', JSON.stringify(items))).toEqual({ status: 200, body: { count: 3_000 } });
    } finally {
      clearInterval(timer);
    }
    expect(await db.golfer.count({ where: { lastName: tag } })).toBe(3_000);
    expect(turns).toBeGreaterThanOrEqual(5);
  });

  it('refuses JSON that is not an array, does not parse, or is blank', async () => {
    expect(await postJson('golfers', '{"firstName":"Ann","lastName":"Smith"}')).toEqual({
      status: 400,
      body: { message: 'JSON data must be an array of objects.' },
    });
    expect(await postJson('golfers', '[{"firstName":')).toEqual({
      status: 400,
      body: { message: 'Invalid JSON format' },
    });
    expect(await postJson('golfers', '  ')).toEqual({
      status: 400,
      body: { message: 'Please enter JSON data first.' },
    });
    expect(await postJson('golfers', '[]')).toEqual({
      status: 400,
      body: { message: 'The JSON array is empty: there is nothing to import.' },
    });
  });

  it('refuses numbers and booleans where a JSON item needs text, rather than storing "123 true"', async () => {
    const golfers = await postJson('golfers', JSON.stringify([{ firstName: 123, lastName: true }]));
    expect(golfers.status).toBe(400);
    expect(golfers.body.errors).toEqual({
      'Item 1': ['firstName: First name must be text', 'lastName: Last name must be text'],
    });
    const courses = await postJson(
      'courses',
      JSON.stringify([{ courseName: 7, coursePar: 36, courseLength: '3 miles' }]),
    );
    expect(courses.status).toBe(400);
    expect(courses.body.errors).toEqual({ 'Item 1': ['courseName: Enter text here'] });
    expect(await db.golfer.count({ where: { firstName: '123' } })).toBe(0);
  });

  it('numbers items from 1 and reports items that are not objects', async () => {
    const tag = unique('items');
    const { status, body } = await postJson(
      'golfers',
      JSON.stringify([{ firstName: 'Ann', lastName: tag }, 'Bob', { firstName: 'Cy' }]),
    );
    expect(status).toBe(400);
    expect(body.errors).toEqual({
      'Item 2': ['must be an object with the fields of the type'],
      'Item 3': ['lastName: Last name is required'],
    });
    expect(await db.golfer.count({ where: { lastName: tag } })).toBe(0);
  });
});

describe('golfer matching', () => {
  it('updates a golfer matched by email (any case) or by name instead of adding a duplicate, keeping what blank cells leave out', async () => {
    const tag = unique('match');
    const byEmail = await createGolfer(
      {
        firstName: 'Ann',
        lastName: tag,
        email: `ann-${tag}@example.org`,
        phone: '231-555-0101',
        nickname: 'Annie',
      },
      null,
    );
    const byName = await createGolfer({ firstName: 'Bob', lastName: tag, phone: '231-555-0102' }, null);
    const namesake = await createGolfer({ firstName: 'Cy', lastName: tag, email: `cy-${tag}@example.org` }, null);
    const text = [
      'firstName,lastName,email,phone',
      `Ann,${tag},ANN-${tag}@Example.org,231-555-0199`,
      `bob,${tag.toUpperCase()},bob-${tag}@example.org,`,
      `Cy,${tag},other-cy-${tag}@example.org,`,
    ].join('\n');
    expect(await upload('golfers', csv(text))).toEqual({ status: 200, body: { count: 3 } });
    const rows = await db.golfer.findMany({
      where: { lastName: { in: [tag, tag.toUpperCase()] } },
      orderBy: { id: 'asc' },
    });
    expect(rows).toHaveLength(4);
    const [ann, bob, cy, otherCy] = rows;
    expect([ann.id, ann.phone, ann.nickname, ann.email]).toEqual([
      byEmail.id,
      '231-555-0199',
      'Annie',
      `ann-${tag}@example.org`,
    ]);
    expect([bob.id, bob.email, bob.phone, bob.firstName]).toEqual([
      byName.id,
      `bob-${tag}@example.org`,
      '231-555-0102',
      'bob',
    ]);
    // A same-named golfer with another email on file is someone else.
    expect(cy.id).toBe(namesake.id);
    expect(otherCy.email).toBe(`other-cy-${tag}@example.org`);
  });

  it('matches rows of the same file to each other', async () => {
    const tag = unique('same');
    const text = `firstName,lastName,email,phone\nDee,${tag},dee-${tag}@example.org,\nDee,${tag},,231-555-0103\n`;
    expect(await upload('golfers', csv(text))).toEqual({ status: 200, body: { count: 2 } });
    const rows = await db.golfer.findMany({ where: { lastName: tag } });
    expect(rows.map((g) => [g.email, g.phone])).toEqual([[`dee-${tag}@example.org`, '231-555-0103']]);
  });
});

describe('rounds, memberships, flights and courses', () => {
  it('imports rounds from an .xls with Excel date cells and computes their handicap columns', async () => {
    const golfer = await createGolfer({ firstName: 'Rae', lastName: unique('rounds') }, null);
    const course = await createCourse({ courseName: unique('Course'), coursePar: 36, courseLength: '3.1 miles' }, null);
    const file = workbook(
      [
        ['golferId', 'date', 'grossScore', 'courseId', 'points', 'notes'],
        [golfer.id, new Date(2025, 5, 2), 46, course.id, 20, 'first'],
        [golfer.id, '6/9/2025', 40, null, null, null],
        [golfer.id, '2025-06-16', 44, course.id, '8.5', null],
      ],
      'rounds.xls',
      'biff8',
    );
    expect(await upload('rounds', file)).toEqual({ status: 200, body: { count: 3 } });
    const rounds = await db.round.findMany({ where: { golferId: golfer.id }, orderBy: { date: 'asc' } });
    expect(rounds.map((r) => [r.date, r.season, r.grossScore, r.courseId, r.points, r.notes])).toEqual([
      ['2025-06-02', 2025, 46, course.id, 20, 'first'],
      ['2025-06-09', 2025, 40, null, null, null],
      ['2025-06-16', 2025, 44, course.id, 8.5, null],
    ]);
    // Differentials 10 and 4 at par 36: 80% of their mean is 7 after two rounds.
    expect(rounds.map((r) => [r.hcpIndexBefore, r.netScore, r.hcpIndexAfter])).toEqual([
      [null, 46, 8],
      [8, 32, 6],
      [6, 38, 6],
    ]);
  });

  it('imports rounds and memberships for more golfers than SQLite takes parameters in one statement', async () => {
    const tag = unique('wide');
    const golfers = [['firstName', 'lastName'] as Cell[]];
    for (let i = 0; i < 1_200; i += 1) golfers.push([`W${i}`, tag]);
    expect((await upload('golfers', workbook(golfers, 'golfers.xlsx'))).status).toBe(200);
    const ids = (await db.golfer.findMany({ where: { lastName: tag }, select: { id: true } })).map((g) => g.id);
    const memberships = await postJson(
      'memberships',
      JSON.stringify(ids.map((golferId) => ({ golferId, season: 2025, registered: true, estimatedScore: 45 }))),
    );
    expect(memberships).toEqual({ status: 200, body: { count: 1_200 } });
    const rounds = await postJson(
      'rounds',
      JSON.stringify(ids.map((golferId) => ({ golferId, date: '2025-06-02', grossScore: 45 }))),
    );
    expect(rounds).toEqual({ status: 200, body: { count: 1_200 } });
    // The estimate (three entries of 45 at par 36) seeds every golfer's handicap: round(0.8 × 9) = 7.
    const stored = await db.round.findMany({
      where: { golferId: { in: ids.slice(0, 500) } },
      select: { hcpIndexBefore: true },
    });
    expect(new Set(stored.map((r) => r.hcpIndexBefore))).toEqual(new Set([7]));
  }, 120_000);

  it('updates the round of a golfer and date instead of adding a second one', async () => {
    const golfer = await createGolfer({ firstName: 'Sam', lastName: unique('again') }, null);
    const first = await postJson(
      'rounds',
      JSON.stringify([{ golferId: golfer.id, date: '2025-07-14', grossScore: 45, notes: 'keep' }]),
    );
    expect(first.status).toBe(200);
    const second = await postJson(
      'rounds',
      JSON.stringify([{ golferId: golfer.id, date: '2025-07-14', grossScore: 41 }]),
    );
    expect(second).toEqual({ status: 200, body: { count: 1 } });
    const rounds = await db.round.findMany({ where: { golferId: golfer.id } });
    expect(rounds.map((r) => [r.grossScore, r.notes, r.netScore])).toEqual([[41, 'keep', 41]]);
  });

  it('refuses rounds of golfers or courses that do not exist, and impossible dates, importing none', async () => {
    const golfer = await createGolfer({ firstName: 'Tia', lastName: unique('refs') }, null);
    const text = `golferId,date,grossScore,courseId\n${golfer.id},2025-06-02,45,\n999999,2025-06-09,45,\n${golfer.id},2025-02-30,45,\n${golfer.id},2025-06-23,45,888888\n`;
    const { status, body } = await upload('rounds', csv(text));
    expect(status).toBe(400);
    expect(body.errors).toEqual({ 'Row 4': ['date: Enter a real calendar date (yyyy-mm-dd)'] });
    const fixed = text.replace('2025-02-30', '2025-06-16');
    const again = await upload('rounds', csv(fixed));
    expect(again.body.errors).toEqual({
      'Row 3': ['golferId: Golfer #999999 does not exist'],
      'Row 5': ['courseId: Course #888888 does not exist'],
    });
    expect(await db.round.count({ where: { golferId: golfer.id } })).toBe(0);
  });

  it('upserts memberships by golfer and season, reading yes/no cells, Detroit times and keeping what blank cells leave out', async () => {
    const ann = await createGolfer({ firstName: 'Ann', lastName: unique('member') }, null);
    const bob = await createGolfer({ firstName: 'Bob', lastName: unique('member') }, null);
    await createMembership({ golferId: bob.id, season: 2025, registered: true, paid: false, estimatedScore: 45 }, null);
    const text = `golferId,season,registered,paid,registrationDatetime,estimatedScore\n${ann.id},2025,yes,no,2025-04-01 09:30,40\n${bob.id},2025,,TRUE,,\n`;
    expect(await upload('memberships', csv(text))).toEqual({ status: 200, body: { count: 2 } });
    const rows = await db.membership.findMany({
      where: { golferId: { in: [ann.id, bob.id] } },
      orderBy: { golferId: 'asc' },
    });
    expect(
      rows.map((m) => [
        m.golferId,
        m.registered,
        m.paid,
        m.estimatedScore,
        m.registrationDatetime?.toISOString() ?? null,
      ]),
    ).toEqual([
      [ann.id, true, false, 40, '2025-04-01T13:30:00.000Z'],
      [bob.id, true, true, 45, rows[1].registrationDatetime?.toISOString() ?? null],
    ]);
    expect(rows[1].registrationDatetime).not.toBeNull();
  });

  it('refuses the same golfer and season twice in one file', async () => {
    const golfer = await createGolfer({ firstName: 'Dup', lastName: unique('member') }, null);
    const { status, body } = await postJson(
      'memberships',
      JSON.stringify([
        { golferId: golfer.id, season: 2025 },
        { golferId: golfer.id, season: 2025, paid: true },
      ]),
    );
    expect(status).toBe(400);
    expect(body.errors).toEqual({ 'Item 2': ['The same golferId and season as item 1'] });
  });

  it('assigns and moves flights, accepting 2 or "Flight 2"', async () => {
    const a = await createGolfer({ firstName: 'Fay', lastName: unique('flight') }, null);
    const b = await createGolfer({ firstName: 'Gus', lastName: unique('flight') }, null);
    expect(
      await upload(
        'flights',
        workbook(
          [
            ['golferId', 'season', 'flightNo'],
            [a.id, 2025, 2],
            [b.id, 2025, 'Flight 3'],
          ],
          'flights.xlsx',
        ),
      ),
    ).toEqual({
      status: 200,
      body: { count: 2 },
    });
    expect(await postJson('flights', JSON.stringify([{ golferId: a.id, season: 2025, flightNo: '4' }]))).toEqual({
      status: 200,
      body: { count: 1 },
    });
    const rows = await db.flightAssignment.findMany({
      where: { golferId: { in: [a.id, b.id] } },
      orderBy: { golferId: 'asc' },
    });
    expect(rows.map((f) => [f.golferId, f.season, f.flightNo])).toEqual([
      [a.id, 2025, '4'],
      [b.id, 2025, '3'],
    ]);
    const bad = await postJson('flights', JSON.stringify([{ golferId: a.id, season: 2025, flightNo: 5 }]));
    expect(bad.body.errors).toEqual({ 'Item 1': ['flightNo: Choose Flight 1 to Flight 4'] });
  });

  it('creates courses and updates one with the same name', async () => {
    const name = unique('Links');
    expect(await upload('courses', csv(`Course Name,Course Par,Course Length\n${name},36,3.2 miles\n`))).toEqual({
      status: 200,
      body: { count: 1 },
    });
    expect(
      await upload('courses', csv(`courseName,coursePar,courseLength\n${name.toUpperCase()},35,2900 yards\n`)),
    ).toEqual({ status: 200, body: { count: 1 } });
    const rows = await db.course.findMany({ where: { courseName: { in: [name, name.toUpperCase()] } } });
    expect(rows.map((c) => [c.courseName, c.coursePar, c.courseLength])).toEqual([
      [name.toUpperCase(), 35, '2900 yards'],
    ]);
  });
});

describe('/import page', () => {
  it('needs a signed-in user', async () => {
    const res = await call(pageLoader, request('/import'));
    expect(res.status).toBe(302);
    expect(res.headers.get('Location')).toBe('/auth?redirectTo=%2Fimport');
  });

  it('imports a file posted without JavaScript and shows Import Successful', async () => {
    const tag = unique('page');
    const form = new FormData();
    form.append('intent', 'file');
    form.append('type', 'golfers');
    form.append('file', csv(`firstName,lastName\nAnn,${tag}\n`));
    const res = await call(pageAction, request('/import', { form, cookie }));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      tab: 'file',
      outcome: { ok: true, title: 'Import Successful', message: 'Successfully imported 1 golfers' },
    });
  });

  it('asks for a file when the form was sent without one', async () => {
    // What a browser sends when no file was chosen: a file part with an empty name and no content.
    const boundary = '----form' + unique();
    const body = [
      `--${boundary}\r\nContent-Disposition: form-data; name="intent"\r\n\r\nfile\r\n`,
      `--${boundary}\r\nContent-Disposition: form-data; name="type"\r\n\r\ngolfers\r\n`,
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename=""\r\nContent-Type: application/octet-stream\r\n\r\n\r\n`,
      `--${boundary}--\r\n`,
    ].join('');
    const req = new Request(new URL('/import', BASE), {
      method: 'POST',
      body,
      headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}`, Cookie: cookie },
    });
    const res = await call(pageAction, req);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ tab: 'file', fieldErrors: { file: ['Please select a file first.'] } });
  });

  it('gives the JSON messages and shows Import Failed with the server message, keeping the text', async () => {
    const blank = await call(
      pageAction,
      request('/import', { form: { intent: 'json', type: 'golfers', json: ' ' }, cookie }),
    );
    expect(await blank.json()).toMatchObject({ tab: 'json', fieldErrors: { json: ['Please enter JSON data first.'] } });
    const invalid = await call(
      pageAction,
      request('/import', { form: { intent: 'json', type: 'golfers', json: '[{' }, cookie }),
    );
    expect(await invalid.json()).toMatchObject({ fieldErrors: { json: ['Invalid JSON format'] }, json: '[{' });
    const failed = await call(
      pageAction,
      request('/import', { form: { intent: 'json', type: 'golfers', json: '[{"firstName":"Ann"}]' }, cookie }),
    );
    expect(failed.status).toBe(400);
    expect(await failed.json()).toEqual({
      tab: 'json',
      json: '[{"firstName":"Ann"}]',
      outcome: {
        ok: false,
        title: 'Import Failed',
        message: 'Nothing was imported: 1 item has errors.\nItem 1: lastName: Last name is required',
      },
    });
  });
});

// docs/decisions/052-registration-follows-the-season.md: the season is the date's year; a year without a season gets
// one. Each test uses years of its own.
describe('schedule import', () => {
  const scheduleOf = (season: number) =>
    db.scheduleEntry.findMany({
      where: { season },
      orderBy: { date: 'asc' },
      select: { date: true, weekNumber: true, event: true, kind: true, rainOut: true },
    });

  it('is refused to a signed-in user who is not an administrator, and changes nothing', async () => {
    const { cookie: userCookie } = await signIn({ isAdmin: false });
    const text = 'Date,Event,Kind\r\n2041-05-06,League Play,regular-round\r\n';
    const form = new FormData();
    form.append('file', csv(text));
    const res = await call(importFileApi, request('/api/import/schedule', { form, cookie: userCookie }), {
      type: 'schedule',
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ message: 'Only an administrator can import the schedule' });

    const page = new FormData();
    page.append('intent', 'file');
    page.append('type', 'schedule');
    page.append('file', csv(text));
    const answer = await call(pageAction, request('/import', { form: page, cookie: userCookie }));
    expect(answer.status).toBe(403);
    expect(JSON.stringify(await answer.json())).toContain('Only an administrator can import the schedule');
    expect(await db.season.findUnique({ where: { year: 2041 } })).toBeNull();
    expect(await scheduleOf(2041)).toEqual([]);
  });

  it('creates the season of a year without one, with the previous season’s fee, and its dates', async () => {
    await createSeason({ year: 2032, feeCents: 17700, registrationOpens: null, registrationCloses: null }, null);
    const text =
      'Date,Week Number,Event,Kind,Rain Out\r\n' +
      '5/3/2033,,Practice Round,practice-round,\r\n' +
      '2033-05-10,1,First Scoring Round,regular-round,no\r\n' +
      '2033-05-17,2,League Play,regular-round,yes\r\n';
    expect(await upload('schedule', csv(text))).toEqual({ status: 200, body: { count: 3 } });
    expect(await db.season.findUnique({ where: { year: 2033 } })).toMatchObject({
      feeCents: 17700,
      registrationOpens: null,
      registrationCloses: null,
    });
    expect(await scheduleOf(2033)).toEqual([
      { date: '2033-05-03', weekNumber: null, event: 'Practice Round', kind: 'practice-round', rainOut: false },
      { date: '2033-05-10', weekNumber: 1, event: 'First Scoring Round', kind: 'regular-round', rainOut: false },
      { date: '2033-05-17', weekNumber: 2, event: 'League Play', kind: 'regular-round', rainOut: true },
    ]);
  });

  it('updates the entry of a stored date, keeping what blank cells leave out, and creates seasons in year order', async () => {
    await createSeason({ year: 2036, feeCents: 19900, registrationOpens: null, registrationCloses: null }, null);
    const first = JSON.stringify([
      { date: '2037-06-01', weekNumber: 3, event: 'League Play', kind: 'regular-round', rainOut: true },
      { date: '2038-06-07', event: 'Fun Night', kind: 'fun-night' },
    ]);
    expect(await postJson('schedule', first)).toEqual({ status: 200, body: { count: 2 } });
    expect(
      (await db.season.findMany({ where: { year: { in: [2037, 2038] } }, orderBy: { year: 'asc' } })).map((season) => [
        season.year,
        season.feeCents,
      ]),
    ).toEqual([
      [2037, 19900],
      [2038, 19900],
    ]);

    const again = JSON.stringify([{ date: '2037-06-01', event: 'Week 3', kind: 'playoff-qualifier' }]);
    expect(await postJson('schedule', again)).toEqual({ status: 200, body: { count: 1 } });
    expect(await scheduleOf(2037)).toEqual([
      { date: '2037-06-01', weekNumber: 3, event: 'Week 3', kind: 'playoff-qualifier', rainOut: true },
    ]);
    const cleared = JSON.stringify([
      { date: '2037-06-01', weekNumber: 4, event: 'Week 3', kind: 'playoff-qualifier', rainOut: false },
    ]);
    expect(await postJson('schedule', cleared)).toEqual({ status: 200, body: { count: 1 } });
    expect(await scheduleOf(2037)).toEqual([
      { date: '2037-06-01', weekNumber: 4, event: 'Week 3', kind: 'playoff-qualifier', rainOut: false },
    ]);
  });

  it('imports nothing, not even a season, when any row is wrong, and names every row at fault', async () => {
    const text =
      'date,weekNumber,event,kind,rainOut\n' +
      '2039-05-02,1,League Play,regular-round,\n' +
      '2039-02-30,1,League Play,regular-round,\n' +
      '2039-05-09,0,,picnic,maybe\n';
    const { status, body } = await upload('schedule', csv(text));
    expect(status).toBe(400);
    expect(body.message).toMatch(/^Nothing was imported: 2 rows have errors\./);
    expect(Object.keys(body.errors ?? {})).toEqual(['Row 3', 'Row 4']);
    expect(body.errors?.['Row 3']).toEqual(['date: Enter a real calendar date (yyyy-mm-dd)']);
    expect(body.errors?.['Row 4']).toHaveLength(4);

    const twice =
      '[{"date":"2039-05-02","event":"A","kind":"regular-round"},{"date":"2039-05-02","event":"B","kind":"fun-night"}]';
    expect(await postJson('schedule', twice)).toMatchObject({
      status: 400,
      body: { errors: { 'Item 2': ['The same date as item 1'] } },
    });
    expect(await db.season.findUnique({ where: { year: 2039 } })).toBeNull();
    expect(await db.scheduleEntry.count({ where: { season: 2039 } })).toBe(0);
  });

  it('recomputes the handicaps of rounds on a date the import makes non-counting, in the same transaction', async () => {
    const golfer = await createGolfer({ firstName: 'Sched', lastName: unique('Import') }, null);
    await createRounds(
      [
        { golferId: golfer.id, date: '2024-06-03', grossScore: 40 },
        { golferId: golfer.id, date: '2024-06-10', grossScore: 60 },
        { golferId: golfer.id, date: '2024-06-17', grossScore: 45 },
      ],
      null,
    );
    const third = () =>
      db.round.findFirstOrThrow({
        where: { golferId: golfer.id, date: '2024-06-17' },
        select: { hcpIndexBefore: true },
      });
    const before = await third();
    const text = 'date,event,kind\n2024-06-10,Practice Round,practice-round\n';
    expect(await upload('schedule', csv(text))).toEqual({ status: 200, body: { count: 1 } });
    expect(await db.season.findUnique({ where: { year: 2024 } })).not.toBeNull();
    // Without the 60 of a practice round, only the 40 counts before the third round: a lower index.
    expect(before.hcpIndexBefore).not.toBeNull();
    expect((await third()).hcpIndexBefore).toBeLessThan(before.hcpIndexBefore!);
  });
});
