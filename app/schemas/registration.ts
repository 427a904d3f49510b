import * as z from 'zod/mini';
import { ESTIMATED_SCORE_MAX, ESTIMATED_SCORE_MIN, MIN_NAME_LENGTH, MIN_PHONE_LENGTH } from '~/domain/league-rules';
import { parseForm } from './parse-form';

/**
 * The public registration form (docs/product/payments.md#registration-form-validation), used as the golfer types, by
 * the /register action and by POST /api/register-golfer. Which fields are required depends on registrationType, so the
 * schema is a union of the two forms; fields of the other form are ignored (without JavaScript both are submitted).
 *
 * Written with zod/mini, like every schema the browser loads, whose functions the bundler keeps only when used:
 * /register downloads a few KB of validation code instead of the whole library
 * (docs/decisions/061-javascript-budgets.md). The rules and messages are those of the other schemas.
 */

// JSON clients may send "" for a field they leave empty; forms do too without conform's help.
const blank = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const blankThen = <T extends z.ZodMiniType>(schema: T) => z.pipe(z.transform(blank), schema);

const nameRule = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .check(
      z.trim(),
      z.minLength(MIN_NAME_LENGTH, `${label} must be at least ${MIN_NAME_LENGTH} characters`),
      z.maxLength(100, `${label} must be at most 100 characters`),
    );

const phoneRule = z.string({ error: 'Phone number is required' }).check(
  z.trim(),
  z.minLength(MIN_PHONE_LENGTH, {
    message: `Phone number must be at least ${MIN_PHONE_LENGTH} characters`,
    abort: true,
  }),
  z.maxLength(40, 'Phone number must be at most 40 characters'),
  z.refine(
    (v) => v.replace(/\D/g, '').length >= MIN_PHONE_LENGTH,
    `Phone number must have at least ${MIN_PHONE_LENGTH} digits`,
  ),
);

const emailRule = blankThen(
  z.pipe(
    z.string({ error: 'Email is required' }).check(z.trim(), z.maxLength(200, 'Email must be at most 200 characters')),
    z.email({ error: 'Please enter a valid email address' }),
  ),
);

const scoreMessage = `Estimated score must be between ${ESTIMATED_SCORE_MIN} and ${ESTIMATED_SCORE_MAX}`;

const termsAccepted = z
  .boolean({ error: 'You must accept the terms and conditions.' })
  .check(z.refine((v) => v === true, 'You must accept the terms and conditions.'));

const selectYourName = 'Please select your name';

const newGolferRegistrationSchema = z.object({
  registrationType: z.literal('new'),
  firstName: blankThen(nameRule('First name')),
  lastName: blankThen(nameRule('Last name')),
  email: emailRule,
  phone: blankThen(phoneRule),
  estimatedScore: z
    .number({
      error: (issue) =>
        issue.input === undefined ? 'Estimated score is required' : 'Estimated score must be a number',
    })
    .check(
      z.int('Estimated score must be a whole number'),
      z.minimum(ESTIMATED_SCORE_MIN, scoreMessage),
      z.maximum(ESTIMATED_SCORE_MAX, scoreMessage),
    ),
  termsAccepted,
});

const returningGolferRegistrationSchema = z.object({
  registrationType: z.literal('returning'),
  golferId: z.number({ error: selectYourName }).check(z.int(selectYourName), z.positive(selectYourName)),
  email: emailRule,
  // Optional: left blank, the number on file is kept.
  phone: blankThen(z.optional(phoneRule)),
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

/** Returning golfers find their name by typing at least 2 letters of it; at most 20 matches are listed. */
export const NAME_SEARCH_MIN_LETTERS = 2;
export const NAME_SEARCH_LIMIT = 20;

/** Too little typed to search names: fewer than 2 letters (spaces do not count). */
export function nameSearchTooShort(text: string): boolean {
  return text.replace(/\s/g, '').length < NAME_SEARCH_MIN_LETTERS;
}

/** The /register form's submission, in the browser as the golfer types and in the action alike (see parseForm). */
export function parseRegistrationForm(formData: FormData | URLSearchParams) {
  return parseForm(formData, registrationSchema);
}
