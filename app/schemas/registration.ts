import { z } from 'zod';
import { ESTIMATED_SCORE_MAX, ESTIMATED_SCORE_MIN, MIN_NAME_LENGTH, MIN_PHONE_LENGTH } from '~/domain/league-rules';

/**
 * The public registration form (docs/product/payments.md#registration-form-validation), used as the golfer types, by
 * the /register action and by POST /api/register-golfer. Which fields are required depends on registrationType, so the
 * schema is a union of the two forms; fields of the other form are ignored (without JavaScript both are submitted).
 */

// JSON clients may send "" for a field they leave empty; forms do too without conform's help.
const blank = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

const nameRule = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(MIN_NAME_LENGTH, `${label} must be at least ${MIN_NAME_LENGTH} characters`)
    .max(100, `${label} must be at most 100 characters`);

const phoneRule = z
  .string({ error: 'Phone number is required' })
  .trim()
  .min(MIN_PHONE_LENGTH, { message: `Phone number must be at least ${MIN_PHONE_LENGTH} characters`, abort: true })
  .max(40, 'Phone number must be at most 40 characters')
  .refine(
    (v) => v.replace(/\D/g, '').length >= MIN_PHONE_LENGTH,
    `Phone number must have at least ${MIN_PHONE_LENGTH} digits`,
  );

const emailRule = z.preprocess(
  blank,
  z
    .string({ error: 'Email is required' })
    .trim()
    .max(200, 'Email must be at most 200 characters')
    .pipe(z.email({ error: 'Please enter a valid email address' })),
);

const scoreMessage = `Estimated score must be between ${ESTIMATED_SCORE_MIN} and ${ESTIMATED_SCORE_MAX}`;

const termsAccepted = z
  .boolean({ error: 'You must accept the terms and conditions.' })
  .refine((v) => v === true, 'You must accept the terms and conditions.');

const newGolferRegistrationSchema = z.object({
  registrationType: z.literal('new'),
  firstName: z.preprocess(blank, nameRule('First name')),
  lastName: z.preprocess(blank, nameRule('Last name')),
  email: emailRule,
  phone: z.preprocess(blank, phoneRule),
  estimatedScore: z
    .number({
      error: (issue) =>
        issue.input === undefined ? 'Estimated score is required' : 'Estimated score must be a number',
    })
    .int('Estimated score must be a whole number')
    .min(ESTIMATED_SCORE_MIN, scoreMessage)
    .max(ESTIMATED_SCORE_MAX, scoreMessage),
  termsAccepted,
});

const returningGolferRegistrationSchema = z.object({
  registrationType: z.literal('returning'),
  golferId: z
    .number({ error: 'Please select your name' })
    .int('Please select your name')
    .positive('Please select your name'),
  email: emailRule,
  // Optional: left blank, the number on file is kept.
  phone: z.preprocess(blank, phoneRule.optional()),
  termsAccepted,
});

export const registrationSchema = z.discriminatedUnion(
  'registrationType',
  [newGolferRegistrationSchema, returningGolferRegistrationSchema],
  {
    error: 'Please choose new golfer or returning golfer',
  },
);

export type RegistrationInput = z.infer<typeof registrationSchema>;
