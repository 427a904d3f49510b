import { describe, expect, it } from 'vitest';
import type { Db } from '~/db/db.server';
import { withPostgres } from './pg-server';

// The golfers, courses, memberships, settings, rounds, points and flights models and the golfer picker on a real
// PostgreSQL server: the 409s leave a caller's transaction usable (a failed statement would abort it there; an import
// keeps going or rolls back cleanly), recomputations run inside one transaction, searches ignore case as SQLite's LIKE
// does by itself, and a list of memberships puts undated rows last. One file, one database
// (docs/decisions/186-postgres-where-it-differs.md).

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

describe('rounds, points and flights on PostgreSQL', () => {
  it('recomputes later handicaps on edit, ranks points and lists flight details', async () => {
    const { createGolfer } = await import('~/models/golfers.server');
    const { createRound, updateRound } = await import('~/models/rounds.server');
    const { calculatePointsForDate } = await import('~/models/points.server');
    const { createFlightAssignment, getFlightDetails } = await import('~/models/flights.server');
    const ann = await createGolfer({ firstName: 'Ann', lastName: 'Pg' }, null);
    const bob = await createGolfer({ firstName: 'Bob', lastName: 'Pg' }, null);
    await createFlightAssignment({ golferId: ann.id, season: 2026, flightNo: '1' }, null);
    await createFlightAssignment({ golferId: bob.id, season: 2026, flightNo: '1' }, null);
    const first = await createRound({ golferId: ann.id, date: '2026-06-01', grossScore: 40 }, null);
    const second = await createRound({ golferId: ann.id, date: '2026-06-08', grossScore: 40 }, null);
    const bobs = await createRound({ golferId: bob.id, date: '2026-06-08', grossScore: 36 }, null);
    await updateRound(first.id, { golferId: ann.id, date: '2026-06-01', grossScore: 56 }, null);
    expect(await db.round.findUniqueOrThrow({ where: { id: second.id } })).toMatchObject({
      hcpIndexBefore: 16,
      netScore: 24,
      hcpIndexAfter: 10,
    });

    await calculatePointsForDate('2026-06-08', null);
    expect((await db.round.findUniqueOrThrow({ where: { id: second.id } })).points).toBe(24); // net 24
    expect((await db.round.findUniqueOrThrow({ where: { id: bobs.id } })).points).toBe(23); // net 36

    const details = await getFlightDetails(2026);
    expect(details.assigned.map((a) => [a.golferName, a.handicap, a.minHandicap, a.maxHandicap])).toEqual([
      ['Ann Pg', 10, 10, 16],
      ['Bob Pg', 0, 0, 0],
    ]);
  });

  it('answers a second assignment for the same season with 409 and leaves the transaction usable', async () => {
    const { createGolfer } = await import('~/models/golfers.server');
    const { createFlightAssignment } = await import('~/models/flights.server');
    const { failureOf } = await import('~/web/http.server');
    const golfer = await createGolfer({ firstName: 'Cy', lastName: 'Pg' }, null);
    await createFlightAssignment({ golferId: golfer.id, season: 2026, flightNo: '2' }, null);
    const second = createFlightAssignment({ golferId: golfer.id, season: 2026, flightNo: '3' }, null);
    expect(await second.then(() => null, failureOf)).toMatchObject({ status: 409 });
    await db.$transaction(async (tx) => {
      const again = createFlightAssignment({ golferId: golfer.id, season: 2026, flightNo: '3' }, null, tx);
      expect(await again.then(() => null, failureOf)).toMatchObject({ status: 409 });
      // The check came before any failing statement, so the transaction can go on.
      await createFlightAssignment({ golferId: golfer.id, season: 2025, flightNo: '3' }, null, tx);
    });
    expect(await db.flightAssignment.count({ where: { golferId: golfer.id } })).toBe(2);
  });
});

// docs/decisions/105-golfer-picker.md: the dialogs' golfer search, bounded, with the edited golfer in it.
describe('the golfer picker on PostgreSQL', () => {
  it('finds golfers by name or nickname in any case, at most 100 plus the edited one', async () => {
    const { findGolferChoices } = await import('~/models/golfers.server');
    const name = (n: number) => `PgPick${String(n).padStart(3, '0')}`;
    await db.golfer.createMany({
      data: Array.from({ length: 120 }, (_, i) => ({
        firstName: 'Åsa',
        lastName: name(i + 1),
        fullName: `Åsa ${name(i + 1)}`,
        nickname: i === 110 ? 'Birdie' : null,
      })),
    });
    const last = await db.golfer.findFirstOrThrow({ where: { lastName: name(120) } });
    const all = await findGolferChoices('pgpick', [last.id]);
    expect(all).toMatchObject({ matched: 120, limit: 100, search: 'pgpick' });
    expect(all.golfers).toHaveLength(101);
    expect(all.golfers.at(-1)).toEqual({ id: last.id, fullName: `Åsa ${name(120)}` });
    expect((await findGolferChoices(`ÅSA ${name(115).toUpperCase()}`)).golfers.map((g) => g.fullName)).toEqual([
      `Åsa ${name(115)}`,
    ]);
    expect((await findGolferChoices('bIRDIE')).golfers.map((g) => g.fullName)).toEqual([`Åsa ${name(111)}`]);
  });
});
