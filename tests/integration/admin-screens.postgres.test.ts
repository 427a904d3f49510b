import { describe, expect, it } from 'vitest';
import type { Db } from '~/db/db.server';
import { withPostgres } from './pg-server';

// The golfers, courses, memberships and settings models on a real PostgreSQL server: the 409s leave a caller's
// transaction usable (an import keeps going or rolls back cleanly), recomputations run inside one transaction.

let db: Db;
withPostgres((ready) => (db = ready));

describe('admin screens on PostgreSQL', () => {
  it('answers duplicate emails and memberships with 409 without breaking the surrounding transaction', async () => {
    const { createGolfer } = await import('~/models/golfers.server');
    const { createMembership, upsertMembership } = await import('~/models/memberships.server');
    const { failureOf } = await import('~/web/http.server');
    const golfer = await createGolfer({ firstName: 'Pia', lastName: 'Pg', email: 'pia@example.org' }, null);
    await createMembership({ golferId: golfer.id, season: 2026, registered: true, paid: false }, null);
    const statuses = await db.$transaction(async (tx) => {
      const seen: number[] = [];
      for (const attempt of [
        () => createGolfer({ firstName: 'Other', lastName: 'Pg', email: 'PIA@example.org' }, null, tx),
        () => createMembership({ golferId: golfer.id, season: 2026, registered: false, paid: false }, null, tx),
      ]) {
        const error = await attempt().catch((e: unknown) => e);
        seen.push(failureOf(error)?.status ?? 500);
      }
      // Still usable after both refusals.
      await upsertMembership({ golferId: golfer.id, season: 2026, registered: true, paid: true }, null, tx);
      return seen;
    });
    expect(statuses).toEqual([409, 409]);
    expect(await db.membership.findFirstOrThrow({ where: { golferId: golfer.id } })).toMatchObject({ paid: true });
  });

  it('searches golfers on the server ignoring case, one page at a time', async () => {
    const { createGolfer, pageGolfers } = await import('~/models/golfers.server');
    const asa = { firstName: 'Åsa', lastName: 'CaseTest', email: 'asa.case@example.org', phone: '231-555-0199' };
    await createGolfer(asa, null);
    for (const q of ['casetest', 'CASETEST', 'ASA.CASE', '555-0199'])
      expect((await pageGolfers(q, 1)).rows.map((g) => g.lastName)).toEqual(['CaseTest']);
    expect(await pageGolfers('nobody-here', 1)).toMatchObject({ rows: [], total: 0, page: 1, pageCount: 1 });
  });

  it('recomputes handicaps for par changes, course deletes, estimates and the default par', async () => {
    const { createGolfer } = await import('~/models/golfers.server');
    const { createCourse, deleteCourse, updateCourse } = await import('~/models/courses.server');
    const { createMembership } = await import('~/models/memberships.server');
    const { updateSettings } = await import('~/models/settings.server');
    const { recomputeHandicaps } = await import('~/models/handicaps.server');
    const golfer = await createGolfer({ firstName: 'Hal', lastName: 'Pg' }, null);
    const course = await createCourse({ courseName: 'Pg Pines', coursePar: 36, courseLength: '3 miles' }, null);
    const round = await db.round.create({
      data: { golferId: golfer.id, courseId: course.id, date: '2026-06-01', season: 2026, grossScore: 45 },
    });
    await recomputeHandicaps(db, [golfer.id]);
    const after = async () => (await db.round.findUniqueOrThrow({ where: { id: round.id } })).hcpIndexAfter;
    expect(await after()).toBe(7);
    await updateCourse(course.id, { courseName: 'Pg Pines', coursePar: 40, courseLength: '3 miles' }, null);
    expect(await after()).toBe(4);
    await deleteCourse(course.id, null);
    expect(await after()).toBe(7);
    await updateSettings({ defaultPar: 40 }, null);
    expect(await after()).toBe(4);
    await updateSettings({ defaultPar: 36 }, null);
    await createMembership(
      { golferId: golfer.id, season: 2026, registered: true, paid: true, estimatedScore: 40 },
      null,
    );
    expect(await after()).toBe(4);
  });

  it('lists memberships newest registration first with undated rows last', async () => {
    const { createGolfer } = await import('~/models/golfers.server');
    const { createMembership, listMemberships } = await import('~/models/memberships.server');
    const a = await createGolfer({ firstName: 'A', lastName: 'Sort' }, null);
    const b = await createGolfer({ firstName: 'B', lastName: 'Sort' }, null);
    const c = await createGolfer({ firstName: 'C', lastName: 'Sort' }, null);
    await createMembership(
      {
        golferId: a.id,
        season: 2025,
        registered: true,
        paid: false,
        registrationDatetime: new Date('2025-04-01T12:00:00Z'),
      },
      null,
    );
    await createMembership({ golferId: b.id, season: 2025, registered: false, paid: false }, null);
    await createMembership(
      {
        golferId: c.id,
        season: 2025,
        registered: true,
        paid: false,
        registrationDatetime: new Date('2025-05-01T12:00:00Z'),
      },
      null,
    );
    expect((await listMemberships(2025)).map((m) => m.golferId)).toEqual([c.id, a.id, b.id]);
  });
});
