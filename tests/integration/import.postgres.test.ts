import { describe, expect, it } from 'vitest';
import type { Db } from '~/db/db.server';
import { withPostgres } from './pg-server';

// The import pipeline and the CSV exports on a real PostgreSQL server: batch inserts, id slices, a refusal in the
// middle of the transaction (which aborts the whole transaction there) and the export round trip.

let db: Db;
withPostgres((ready) => (db = ready));

function csv(text: string, name = 'data.csv') {
  return new File([text], name, { type: 'text/csv' });
}

describe('imports and exports on PostgreSQL', () => {
  it('imports every type, refuses a bad file whole, and re-imports its own exports unchanged', async () => {
    const { importFile, importJsonText } = await import('~/features/import/import.server');
    const { exportCsv } = await import('~/features/import/export.server');
    const { createGolfer } = await import('~/models/golfers.server');
    const { InvalidError } = await import('~/domain/errors');

    const existing = await createGolfer({ firstName: 'Ann', lastName: 'Pg', email: 'ann@example.org' }, null);
    const golfers = ['firstName,lastName,email,phone', 'ANN,Pg,Ann@Example.org,231-555-0100'];
    for (let i = 0; i < 1_100; i += 1) golfers.push(`G${i},Pg,g${i}@example.org,`);
    expect(await importFile('golfers', csv(golfers.join('\n')), null)).toEqual({ count: 1_101 });
    expect(await db.golfer.count()).toBe(1_101);
    expect((await db.golfer.findUniqueOrThrow({ where: { id: existing.id } })).phone).toBe('231-555-0100');

    const ids = (await db.golfer.findMany({ select: { id: true }, orderBy: { id: 'asc' } })).map((g) => g.id);
    expect(
      await importJsonText(
        'courses',
        JSON.stringify([{ courseName: 'Pines', coursePar: 36, courseLength: '3.2 miles' }]),
        null,
      ),
    ).toEqual({ count: 1 });
    const course = await db.course.findFirstOrThrow();
    const memberships = ids.map((golferId) => ({
      golferId,
      season: 2025,
      registered: true,
      paid: golferId % 2 === 0,
      estimatedScore: 45,
    }));
    expect(await importJsonText('memberships', JSON.stringify(memberships), null)).toEqual({ count: 1_101 });
    const flights = ids.map((golferId, i) => ({ golferId, season: 2025, flightNo: String(1 + (i % 4)) }));
    expect(await importJsonText('flights', JSON.stringify(flights), null)).toEqual({ count: 1_101 });
    const rounds = ids.map((golferId) => ({ golferId, date: '2025-06-02', grossScore: 45, courseId: course.id }));
    expect(await importJsonText('rounds', JSON.stringify(rounds), null)).toEqual({ count: 1_101 });
    expect(await db.round.count({ where: { hcpIndexBefore: 7, netScore: 38 } })).toBe(1_101);

    // A row naming a golfer that does not exist: nothing of the file is written.
    const bad = JSON.stringify([
      { golferId: ids[0], date: '2025-06-09', grossScore: 40 },
      { golferId: 99_999, date: '2025-06-09', grossScore: 40 },
    ]);
    await expect(importJsonText('rounds', bad, null)).rejects.toBeInstanceOf(InvalidError);
    expect(await db.round.count({ where: { date: '2025-06-09' } })).toBe(0);

    const snapshot = async () => ({
      golfers: await db.golfer.findMany({ orderBy: { id: 'asc' }, omit: { createdAt: true, updatedAt: true } }),
      courses: await db.course.findMany({ orderBy: { id: 'asc' } }),
      memberships: await db.membership.findMany({ orderBy: { id: 'asc' } }),
      flights: await db.flightAssignment.findMany({ orderBy: { id: 'asc' } }),
      rounds: await db.round.findMany({ orderBy: { id: 'asc' }, omit: { createdAt: true } }),
    });
    const before = await snapshot();
    for (const type of ['golfers', 'courses', 'memberships', 'flights', 'rounds'] as const) {
      const { filename, csv: text } = await exportCsv(type, 2025);
      expect(await importFile(type, csv(text, filename), null)).toEqual({ count: type === 'courses' ? 1 : 1_101 });
    }
    expect(await snapshot()).toEqual(before);
  }, 180_000);
});
