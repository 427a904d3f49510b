import * as z from 'zod/mini';
import { blankToUndefined, booleanField, preprocess } from './form-values';

const optionalText = (label: string, max: number) =>
  preprocess(
    blankToUndefined,
    z.optional(
      z
        .string({ error: `${label} must be text` })
        .check(z.trim(), z.maxLength(max, `${label} is limited to ${max} characters`)),
    ),
  );

const requiredName = (label: string) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? `${label} is required` : `${label} must be text`) })
    .check(z.trim(), z.minLength(1, `${label} is required`), z.maxLength(100, `${label} is limited to 100 characters`));

/**
 * Golfer form and API body (docs/product/data-model.md#golfers): first and last name required; the rest optional. null
 * and blank mean "not given", so a golfer read from GET /api/golfers/:id can be sent back with PUT as it is.
 */
export const golferSchema = z.object({
  firstName: requiredName('First name'),
  lastName: requiredName('Last name'),
  nickname: optionalText('Nickname', 100),
  email: preprocess(
    blankToUndefined,
    z.optional(
      z
        .email({ error: 'Enter a valid email address' })
        .check(z.trim(), z.maxLength(200, 'Email is limited to 200 characters')),
    ),
  ),
  phone: optionalText('Phone', 40).check(
    z.refine(
      (v: string | undefined) => v === undefined || v.replace(/\D/g, '').length >= 10,
      'Phone number must have at least 10 digits',
    ),
  ),
  // 'I can sub': a yes/no select on the admin form, a boolean in JSON; absent leaves it as it is.
  canSub: preprocess(
    (value) => {
      const v = blankToUndefined(value);
      if (typeof v !== 'string') return v;
      const word = v.trim().toLowerCase();
      return word === 'yes' || word === 'true' ? true : word === 'no' || word === 'false' ? false : v;
    },
    z.optional(z.boolean({ error: "'I can sub' must be yes or no" })),
  ),
  // 'Another golfer shares this address' (a couple, docs/decisions/125-golfer-sign-in.md): without it an email
  // that another golfer already has is refused, so a typo does not land on someone else's address.
  sharedEmail: z.optional(booleanField('Another golfer shares this address')),
  // Accepted and ignored: the server derives fullName (an empty one is treated as absent).
  fullName: optionalText('Full name', 200),
});

export type GolferInput = z.infer<typeof golferSchema>;

/** A golfer's names and contact as stored and shown: null where nothing is on file (where GolferInput has undefined). */
export type GolferContact = {
  firstName: string;
  lastName: string;
  nickname: string | null;
  email: string | null;
  phone: string | null;
};
