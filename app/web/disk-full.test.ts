import { describe, expect, it } from 'vitest';
import { failureOf, OUT_OF_DISK_SPACE } from './http.server';

// A full disk (docs/product/faults.md): SQLite's SQLITE_FULL, however Prisma wraps it, is a 503 that says nothing was
// saved, never a 500.
describe('failureOf a full disk', () => {
  it('answers 503 with the out-of-space message for SQLITE_FULL, ENOSPC and an error wrapping either', () => {
    const wrapped = Object.assign(new Error('Invalid `prisma.course.create()` invocation'), {
      cause: Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' }),
    });
    for (const error of [
      Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' }),
      Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' }),
      wrapped,
    ])
      expect(failureOf(error)).toEqual({ status: 503, message: OUT_OF_DISK_SPACE });
    expect(OUT_OF_DISK_SPACE).toBe('The server is out of disk space: nothing was saved.');
  });

  it('leaves every other error alone', () => {
    expect(failureOf(new Error('Unique constraint failed'))).toBeNull();
    expect(failureOf(Object.assign(new Error('busy'), { code: 'SQLITE_BUSY' }))).toBeNull();
  });
});
