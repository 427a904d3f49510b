import * as z from 'zod/mini';
import { booleanField, idField } from './form-values';

/**
 * Availability and subs (docs/product/availability-and-subs.md): the JSON bodies of PUT /api/me/availability/{date}
 * and POST /api/nights/{date}/offers, and the /me/nights and night-view forms, read with the same schemas.
 */

/** `{ "status": "out" }` or `{ "status": "in" }`. */
export const availabilitySchema = z.object({
  status: z.enum(['in', 'out'], { error: "Status must be 'in' or 'out'" }),
});

/** 'I can sub' on or off (`{ "canSub": true }`, or a checkbox). */
export const canSubSchema = z.object({ canSub: booleanField('I can sub') });

/** The golfer whose spot is offered to the subs. */
export const offerSchema = z.object({ golferId: idField('Choose the golfer who is Out') });

/** The night view's 'Offer spot to subs' form: the golfer and the night. */
export const offerFormSchema = z.object({
  golferId: idField('Choose the golfer who is Out'),
  date: z.string({ error: 'The night is missing' }),
});
