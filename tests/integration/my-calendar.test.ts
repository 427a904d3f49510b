import { describe } from 'vitest';
import { db } from '~/db/db.server';
import { myCalendarCases } from './my-calendar-cases';

// A golfer's own calendar on SQLite (docs/product/my-league.md#my-calendar); the same cases run on PostgreSQL in
// my-calendar.postgres.test.ts.
describe("a golfer's own calendar (SQLite)", () => {
  myCalendarCases(2080, () => db);
});
