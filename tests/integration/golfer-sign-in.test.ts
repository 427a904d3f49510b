import { describe } from 'vitest';
import { golferSignInCases } from './golfer-sign-in-cases';

/** Golfers' sign-in by emailed code and 'My league', on SQLite (docs/decisions/125-golfer-sign-in.md). */
describe("golfers' sign-in and My league", () => {
  golferSignInCases();
});
