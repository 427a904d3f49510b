import * as z from 'zod';
import { GOLFERS_PER_TEE_TIME } from '~/domain/league-rules';
import { POSITIONS, type Position } from '~/domain/tee-times';

/**
 * Standing tee-time requests (docs/product/api.md#standing-tee-times): the admin screen's forms and the /api routes
 * parse the same schemas. Numbers arrive as numbers in JSON and as strings in forms (conform's parseWithZod turns those
 * into numbers).
 */

export { POSITIONS, type Position };

const positionMessage = `Position must be a number from 1 to ${GOLFERS_PER_TEE_TIME}`;

const positionSchema = z
  .number({ error: positionMessage })
  .int(positionMessage)
  .min(1, positionMessage)
  .max(GOLFERS_PER_TEE_TIME, positionMessage);

const idSchema = (what: string) =>
  z
    .number({ error: `${what} is required` })
    .int(`Invalid ${what.toLowerCase()}`)
    .positive(`Invalid ${what.toLowerCase()}`);

const seasonSchema = z
  .number({ error: 'Season must be a year' })
  .int('Season must be a year')
  .min(2000, 'Season must be a year')
  .max(2100, 'Season must be a year');

/** POST /api/tee-times/generate: {season}; the current season when it is left out. */
export const generateTeeTimesSchema = z.object({ season: seasonSchema.optional() });

/** POST /api/tee-times/:teeTimeId/add-golfer */
export const addGolferSchema = z.object({ golferId: idSchema('Golfer'), position: positionSchema });

/** POST /api/tee-times/:teeTimeId/remove-golfer */
export const removeGolferSchema = z.object({ position: positionSchema });

/**
 * The admin screen's inline selector: a golfer for the position, or none ('None (Remove)'), which removes
 * whoever holds it.
 */
export const assignSlotSchema = z.object({
  teeTimeId: idSchema('Tee time'),
  position: positionSchema,
  golferId: idSchema('Golfer').optional(),
});

/**
 * POST /api/select-tee-time: the golfer and season come from the paid checkout session, never from the
 * client; golferId and season are accepted for compatibility and must agree with the session when given.
 */
export const selectTeeTimeSchema = z.object({
  sessionId: z
    .string({ error: 'A paid checkout session is required' })
    .min(1, 'A paid checkout session is required')
    .max(255, 'Invalid checkout session id'),
  teeTimeId: idSchema('Tee time'),
  position: positionSchema,
  golferId: idSchema('Golfer').optional(),
  season: seasonSchema.optional(),
});

/**
 * The confirmation page's choice: one value "teeTimeId:position" (a radio without JavaScript, the selected
 * button with it).
 */
export const chooseSlotSchema = z.object({
  slot: z
    .string({ error: 'Please choose a tee time' })
    .regex(/^\d{1,9}:[1-4]$/, 'Please choose a tee time')
    .transform((v) => {
      const [teeTimeId, position] = v.split(':').map(Number);
      return { teeTimeId: teeTimeId, position: position };
    }),
});
