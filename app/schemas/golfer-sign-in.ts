import * as z from 'zod/mini';
import { blankToUndefined, preprocess } from './form-values';

/**
 * The golfers' sign-in forms and their /api/me twins (docs/product/my-league.md#signing-in): the address to send a
 * code to, then the code (with the golfer chosen when several share the address).
 */
const email = preprocess(
  (value) => (typeof value === 'string' ? value.trim() : value),
  z
    .string({ error: 'Enter your email address' })
    .check(
      z.minLength(1, 'Enter your email address'),
      z.maxLength(200, 'Email is limited to 200 characters'),
      z.email({ error: 'Enter a valid email address, like name@example.com' }),
    ),
);

export const signInEmailSchema = z.object({ email });

export const signInCodeSchema = z.object({
  email,
  code: preprocess(
    (value) => (typeof value === 'string' ? value.replace(/\s/g, '') : value),
    z
      .string({ error: 'Enter the 6-digit code from the email' })
      .check(z.regex(/^\d{6}$/, 'Enter the 6-digit code from the email')),
  ),
  golferId: preprocess(
    (value) => {
      const v = blankToUndefined(value);
      return typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v;
    },
    z.optional(z.number({ error: 'Choose who is signing in' }).check(z.int(), z.positive())),
  ),
});

export const signInLinkSchema = z.object({
  golferId: signInCodeSchema.shape.golferId,
});
