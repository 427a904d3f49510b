import { describe } from 'vitest';
import { golferSignInCases } from './golfer-sign-in-cases';
import { withPostgres } from './pg-server';

withPostgres(() => {});

/** The same cases as golfer-sign-in.test.ts, on a real PostgreSQL server. */
describe("golfers' sign-in and My league (PostgreSQL)", () => {
  golferSignInCases();
});
