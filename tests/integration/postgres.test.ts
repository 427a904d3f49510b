import { describe, expect, it } from 'vitest';
import type { Db } from '~/utils/db.server';
import { withPostgres } from './pg-server';

let db: Db;
withPostgres((ready) => (db = ready));

describe('PostgreSQL (DATABASE_URL=postgresql://…)', () => {
  it('records migrations exactly as prisma migrate deploy does, and applies each once', async () => {
    const { migrate } = await import('~/utils/migrate.server');
    const { databaseConfig } = await import('~/utils/database-url.server');
    expect(await migrate(databaseConfig())).toEqual([]);
    const rows = await db.$queryRawUnsafe<{ migration_name: string; checksum: string; applied_steps_count: number }[]>(
      'SELECT migration_name, checksum, applied_steps_count FROM _prisma_migrations',
    );
    expect(rows).toHaveLength(1);
    expect(rows[0].checksum).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0].applied_steps_count).toBe(1);
  });

  it('signs users in through the same code path', async () => {
    const { createUser, verifyLogin } = await import('~/models/users.server');
    await createUser({
      username: 'pgadmin',
      password: 'pg-password',
      email: 'a@example.org',
      firstName: 'Pg',
      lastName: 'Admin',
      isAdmin: true,
    });
    expect(await verifyLogin('pgadmin', 'pg-password')).toMatchObject({ username: 'pgadmin', isAdmin: true });
    expect(await verifyLogin('pgadmin', 'nope')).toBeNull();
  });

  it('cascades a golfer delete to memberships, rounds and flights, and frees tee-time positions', async () => {
    const golfer = await db.golfer.create({ data: { firstName: 'Pat', lastName: 'Pg', fullName: 'Pat Pg' } });
    await db.membership.create({ data: { golferId: golfer.id, season: 2026 } });
    await db.round.create({ data: { golferId: golfer.id, date: '2026-06-01', season: 2026, grossScore: 45 } });
    await db.flightAssignment.create({ data: { golferId: golfer.id, season: 2026, flightNo: '1' } });
    const slot = await db.teeTime.create({ data: { time: '11:00', season: 2026, golfer3Id: golfer.id } });
    await db.golfer.delete({ where: { id: golfer.id } });
    expect(await db.membership.count({ where: { golferId: golfer.id } })).toBe(0);
    expect(await db.round.count({ where: { golferId: golfer.id } })).toBe(0);
    expect(await db.flightAssignment.count({ where: { golferId: golfer.id } })).toBe(0);
    expect((await db.teeTime.findUniqueOrThrow({ where: { id: slot.id } })).golfer3Id).toBeNull();
  });

  it('enforces one membership per golfer and season as a unique constraint', async () => {
    const { isUniqueViolation } = await import('~/utils/db.server');
    const golfer = await db.golfer.create({ data: { firstName: 'Uma', lastName: 'Pg', fullName: 'Uma Pg' } });
    await db.membership.create({ data: { golferId: golfer.id, season: 2026 } });
    const error = await db.membership.create({ data: { golferId: golfer.id, season: 2026 } }).catch((e: unknown) => e);
    expect(isUniqueViolation(error)).toBe(true);
  });

  it('rolls a failed transaction back completely', async () => {
    const before = await db.course.count();
    await expect(
      db.$transaction(async (tx) => {
        await tx.course.create({ data: { courseName: 'Rollback', coursePar: 36, courseLength: '1 mile' } });
        throw new Error('stop');
      }),
    ).rejects.toThrow('stop');
    expect(await db.course.count()).toBe(before);
  });
});
