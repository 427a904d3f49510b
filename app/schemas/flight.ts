import { z } from 'zod';
import { normalizeInput } from './json-input';
import { idField, seasonField } from './round';

/** Four flights, numbered 1 to 4, stored as the text '1' to '4' (SPEC §3). */
export const FLIGHT_NUMBERS = ['1', '2', '3', '4'] as const;
export type FlightNo = (typeof FLIGHT_NUMBERS)[number];

const flightNoField = z.enum(FLIGHT_NUMBERS, { error: 'Choose Flight 1 to Flight 4' });

/** A flight assignment, as the flight form, POST/PUT /api/flights and the flights import send it. */
export const flightSchema = z.object({
  golferId: idField('Golfer'),
  season: seasonField,
  flightNo: flightNoField,
});

export type FlightInput = z.infer<typeof flightSchema>;

/** A drag move (POST /api/flights/reorder and the page's move intent). */
export const flightMoveSchema = z.object({
  flightId: idField('Flight assignment'),
  newFlightNo: flightNoField,
});

export function isFlightNo(value: unknown): value is FlightNo {
  return typeof value === 'string' && (FLIGHT_NUMBERS as readonly string[]).includes(value);
}

/** Validates an assignment from JSON or an import row; flightNo may come as the number 2 or the text '2'. */
export function parseFlightInput(raw: unknown) {
  return flightSchema.safeParse(normalizeInput(raw, { numbers: ['golferId', 'season'], strings: ['flightNo'] }));
}

export function parseFlightMove(raw: unknown) {
  return flightMoveSchema.safeParse(normalizeInput(raw, { numbers: ['flightId'], strings: ['newFlightNo'] }));
}
