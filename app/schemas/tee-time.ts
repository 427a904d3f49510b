import * as z from 'zod/mini';
import { GOLFERS_PER_TEE_TIME } from '~/domain/league-rules';
import { POSITIONS, type Position } from '~/domain/tee-times';

/**
 * Standing tee-time requests (docs/product/api.md#standing-tee-times): the admin screen's forms and the /api routes
 * parse the same schemas. Numbers arrive as numbers in JSON and as strings in forms (parseForm, ./parse-form.ts, turns
 * those into numbers).
 */

export { POSITIONS, type Position };

const positionMessage = `Position must be a number from 1 to ${GOLFERS_PER_TEE_TIME}`;

const positionSchema = z
  .number({ error: positionMessage })
  .check(z.int(positionMessage), z.minimum(1, positionMessage), z.maximum(GOLFERS_PER_TEE_TIME, positionMessage));

const idSchema = (what: string) =>
  z
    .number({ error: `${what} is required` })
    .check(z.int(`Invalid ${what.toLowerCase()}`), z.positive(`Invalid ${what.toLowerCase()}`));

const seasonSchema = z
  .number({ error: 'Season must be a year' })
  .check(
    z.int('Season must be a year'),
    z.minimum(2000, 'Season must be a year'),
    z.maximum(2100, 'Season must be a year'),
  );

/** POST /api/tee-times/generate: {season}; the current season when it is left out. */
export const generateTeeTimesSchema = z.object({ season: z.optional(seasonSchema) });

/** POST /api/tee-times/:teeTimeId/add-golfer */
export const addGolferSchema = z.object({ golferId: idSchema('Golfer'), position: positionSchema });

/** POST /api/tee-times/:teeTimeId/remove-golfer */
export const removeGolferSchema = z.object({ position: positionSchema });

/** The admin screen's Remove: the tee time and the position to empty. */
export const removeSlotSchema = z.object({ teeTimeId: idSchema('Tee time'), position: positionSchema });

/**
 * The admin screen's inline selector: a golfer for the position, or none ('None (Remove)'), which removes
 * whoever holds it.
 */
export const assignSlotSchema = z.object({
  teeTimeId: idSchema('Tee time'),
  position: positionSchema,
  golferId: z.optional(idSchema('Golfer')),
});

/**
 * POST /api/select-tee-time: the golfer and season come from the paid checkout session, never from the
 * client; golferId and season are accepted for compatibility and must agree with the session when given.
 */
export const selectTeeTimeSchema = z.object({
  sessionId: z
    .string({ error: 'A paid checkout session is required' })
    .check(z.minLength(1, 'A paid checkout session is required'), z.maxLength(255, 'Invalid checkout session id')),
  teeTimeId: idSchema('Tee time'),
  position: positionSchema,
  golferId: z.optional(idSchema('Golfer')),
  season: z.optional(seasonSchema),
});

/**
 * The confirmation page's choice: one value "teeTimeId:position" (a radio without JavaScript, the selected
 * button with it).
 */
export const chooseSlotSchema = z.object({
  slot: z.pipe(
    z.string({ error: 'Please choose a tee time' }).check(z.regex(/^\d{1,9}:[1-4]$/, 'Please choose a tee time')),
    z.transform((v: string) => {
      const [teeTimeId, position] = v.split(':').map(Number);
      return { teeTimeId: teeTimeId, position: position };
    }),
  ),
});

/** POST /api/me/tee-time: the signed-in golfer's new standing tee time (the golfer and season come from the session). */
export const changeTeeTimeSchema = z.object({ teeTimeId: idSchema('Tee time'), position: positionSchema });
