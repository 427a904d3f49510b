// Test data for the rounds and flights specs, written through the app's models into the server's database.
import { unique } from './fixtures';
import { createFlightAssignment } from '../../app/models/flights.server';
import { createGolfer } from '../../app/models/golfers.server';
import { createRound } from '../../app/models/rounds.server';
import type { RoundInput } from '../../app/schemas/round';
import type { FlightNo } from '../../app/schemas/flight';
import { db } from '../../app/utils/db.server';

/**
 * The specs write from their own process while the server writes from another. SQLite refuses a transaction that
 * read before another process's commit and then tries to write ("database is locked"), so a fixture retries;
 * the server itself is one process whose transactions are serialized, where this cannot happen.
 */
async function retryLocked<T>(fn: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn();
    } catch (error) {
      if (attempt >= 8 || !String(error).includes('database is locked')) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
    }
  }
}

export function newGolfer(firstName: string, prefix: string) {
  return retryLocked(() => createGolfer({ firstName, lastName: unique(prefix) }));
}

export function newCourse(coursePar: number) {
  return retryLocked(() => db.course.create({ data: { courseName: unique('Pines'), coursePar, courseLength: '3.2 miles' } }));
}

export function newRound(input: RoundInput) {
  return retryLocked(() => createRound(input));
}

export function newMembership(golferId: number, season: number) {
  return retryLocked(() => db.membership.create({ data: { golferId, season, registered: true, paid: false } }));
}

export function newAssignment(golferId: number, season: number, flightNo: FlightNo) {
  return retryLocked(() => createFlightAssignment({ golferId, season, flightNo }));
}

export { db };
