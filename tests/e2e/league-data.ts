// Test data for the rounds and flights specs, written through the app's models into the server's database.
import { unique } from './fixtures';
import { createFlightAssignment } from '../../app/models/flights.server';
import { createGolfer } from '../../app/models/golfers.server';
import { createRound } from '../../app/models/rounds.server';
import type { RoundInput } from '../../app/schemas/round';
import type { FlightNo } from '../../app/domain/league-rules';
import { db } from '../../app/db/db.server';

export function newGolfer(firstName: string, prefix: string) {
  return createGolfer({ firstName, lastName: unique(prefix) }, null);
}

export function newCourse(coursePar: number) {
  return db.course.create({ data: { courseName: unique('Pines'), coursePar, courseLength: '3.2 miles' } });
}

export function newRound(input: RoundInput) {
  return createRound(input, null);
}

export function newMembership(golferId: number, season: number) {
  return db.membership.create({ data: { golferId, season, registered: true, paid: false } });
}

export function newAssignment(golferId: number, season: number, flightNo: FlightNo) {
  return createFlightAssignment({ golferId, season, flightNo }, null);
}

export { db };
