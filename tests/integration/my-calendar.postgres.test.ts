import { describe } from 'vitest';
import type { Db } from '~/db/db.server';
import { withPostgres } from './pg-server';
import { myCalendarCases } from './my-calendar-cases';

// A golfer's own calendar on a real PostgreSQL server (docs/decisions/157-a-golfers-own-calendar.md): the SQLite
// cases, including two fetches at once counting a change once.
let db: Db;
withPostgres((ready) => (db = ready));

describe("a golfer's own calendar (PostgreSQL)", () => {
  myCalendarCases(2080, () => db);
});
