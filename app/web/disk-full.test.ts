import { describe, expect, it } from 'vitest';
import { failureOf, OUT_OF_DISK_SPACE } from './http.server';

// A full disk (docs/product/faults.md): SQLite's SQLITE_FULL and PostgreSQL's 53100 disk_full, however Prisma wraps
// them, are a 503 that says nothing was saved, never a 500.
describe('failureOf a full disk', () => {
  it('answers 503 with the out-of-space message for SQLITE_FULL, 53100, ENOSPC and an error wrapping them', () => {
    const wrapped = Object.assign(new Error('Invalid `prisma.course.create()` invocation'), {
      cause: Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' }),
    });
    for (const error of [
      Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' }),
      Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' }),
      wrapped,
      // Prisma's PostgreSQL adapter: a known request error (P2039) whose meta holds the adapter's error, whose cause
      // carries PostgreSQL's SQLSTATE (tests/integration/disk-full.postgres.test.ts raises the real one).
      Object.assign(new Error('Database error. Code: `53100`. Message: `could not extend file …`'), {
        code: 'P2039',
        meta: {
          modelName: 'Course',
          driverAdapterError: Object.assign(new Error('postgres'), {
            cause: { kind: 'postgres', code: '53100', originalCode: '53100', message: 'could not extend file' },
          }),
        },
      }),
    ])
      expect(failureOf(error)).toEqual({ status: 503, message: OUT_OF_DISK_SPACE });
    expect(OUT_OF_DISK_SPACE).toBe('The server is out of disk space: nothing was saved.');
  });

  it('leaves every other error alone', () => {
    expect(failureOf(new Error('Unique constraint failed'))).toBeNull();
    expect(failureOf(Object.assign(new Error('busy'), { code: 'SQLITE_BUSY' }))).toBeNull();
    const deadlock = { kind: 'postgres', code: '40P01', originalCode: '40P01', message: 'deadlock detected' };
    expect(
      failureOf(Object.assign(new Error('Database error'), { meta: { driverAdapterError: { cause: deadlock } } })),
    ).toBeNull();
  });
});
