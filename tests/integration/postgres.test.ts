import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Db } from '~/db/db.server';
import { withPostgres } from './pg-server';

let db: Db;
withPostgres((ready) => (db = ready));

describe('PostgreSQL (DATABASE_URL=postgresql://…)', () => {
  it('records migrations exactly as prisma migrate deploy does, and applies each once', async () => {
    const { migrate } = await import('~/db/migrate.server');
    const { databaseConfig } = await import('~/db/database-url.server');
    // withPostgres() has migrated already: a second run (another server starting) has nothing left to apply.
    expect(await migrate(databaseConfig())).toEqual([]);
    const rows = await db.$queryRawUnsafe<
      { migration_name: string; checksum: string; applied_steps_count: number; finished_at: Date | null }[]
    >('SELECT migration_name, checksum, applied_steps_count, finished_at FROM _prisma_migrations');
    // Every migration folder on disk, each recorded once, with its migration.sql's sha256 as Prisma records it.
    const dir = path.resolve('prisma', 'postgres', 'migrations');
    const onDisk = fs
      .readdirSync(dir, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => ({
        migration_name: d.name,
        checksum: crypto
          .createHash('sha256')
          .update(fs.readFileSync(path.join(dir, d.name, 'migration.sql')))
          .digest('hex'),
      }))
      .sort((a, b) => a.migration_name.localeCompare(b.migration_name));
    expect(onDisk.length).toBeGreaterThan(0);
    expect(
      rows
        .map(({ migration_name, checksum }) => ({ migration_name, checksum }))
        .sort((a, b) => a.migration_name.localeCompare(b.migration_name)),
    ).toEqual(onDisk);
    for (const row of rows) {
      expect(row.applied_steps_count).toBe(1);
      expect(row.finished_at).not.toBeNull();
    }
  });

  it('signs users in through the same code path', async () => {
    const { createUser, verifyLogin } = await import('~/models/users.server');
    await createUser(
      {
        username: 'pgadmin',
        password: 'pg-password',
        email: 'a@example.org',
        firstName: 'Pg',
        lastName: 'Admin',
        isAdmin: true,
      },
      null,
    );
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
    const { isUniqueViolation } = await import('~/db/db.server');
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
