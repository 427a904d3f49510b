import * as z from 'zod/mini';
import { golferSchema } from './golfer';
import { blankToUndefined, preprocess } from './form-values';

/**
 * /me's contact details form and PUT /api/me/contact (docs/product/my-league.md#contact-details): the email (a new
 * one is confirmed by a link sent to it) and the phone (blank removes it), checked as the golfer form checks them.
 */
export const myContactSchema = z.object({
  email: preprocess(
    blankToUndefined,
    z
      .string({ error: 'Enter your email address' })
      .check(
        z.trim(),
        z.maxLength(200, 'Email is limited to 200 characters'),
        z.email({ error: 'Enter a valid email address, like name@example.com' }),
      ),
  ),
  phone: golferSchema.shape.phone,
});

/** /me's 'League messages' switch and its JSON twin: on or off. */
export const leagueMessagesSchema = z.object({
  leagueMessages: preprocess(
    (value) => (value === 'on' || value === true ? true : value === 'off' || value === false ? false : value),
    z.boolean({ error: 'League messages must be on or off' }),
  ),
});
