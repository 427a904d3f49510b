import * as z from 'zod/mini';
import { FLIGHT_NUMBERS } from '~/domain/league-rules';
import { preprocess } from './form-values';
import { normalizeInput } from './json-input';
import { idField, seasonField } from './round';

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

/** An assignment as JSON or an import row sends it; flightNo may come as the number 2 or the text '2'. */
export const flightJsonSchema = preprocess(
  (raw) => normalizeInput(raw, { numbers: ['golferId', 'season'], strings: ['flightNo'] }),
  flightSchema,
);

/** A drag move as JSON sends it. */
export const flightMoveJsonSchema = preprocess(
  (raw) => normalizeInput(raw, { numbers: ['flightId'], strings: ['newFlightNo'] }),
  flightMoveSchema,
);

/** Validates an assignment from JSON or an import row. */
export function parseFlightInput(raw: unknown) {
  return flightJsonSchema.safeParse(raw);
}
