import * as z from 'zod';
import { blankToUndefined } from './form-values';

const optionalText = (label: string, max: number) =>
  z.preprocess(
    blankToUndefined,
    z
      .string({ error: `${label} must be text` })
      .trim()
      .max(max, `${label} is limited to ${max} characters`)
      .optional(),
  );

const requiredName = (label: string) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? `${label} is required` : `${label} must be text`) })
    .trim()
    .min(1, `${label} is required`)
    .max(100, `${label} is limited to 100 characters`);

/**
 * Golfer form and API body (docs/product/data-model.md#golfers): first and last name required; the rest optional. null
 * and blank mean "not given", so a golfer read from GET /api/golfers/:id can be sent back with PUT as it is.
 */
export const golferSchema = z.object({
  firstName: requiredName('First name'),
  lastName: requiredName('Last name'),
  nickname: optionalText('Nickname', 100),
  email: z.preprocess(
    blankToUndefined,
    z.email({ error: 'Enter a valid email address' }).trim().max(200, 'Email is limited to 200 characters').optional(),
  ),
  phone: optionalText('Phone', 40).refine(
    (v) => v === undefined || v.replace(/\D/g, '').length >= 10,
    'Phone number must have at least 10 digits',
  ),
  // Accepted and ignored: the server derives fullName (an empty one is treated as absent).
  fullName: optionalText('Full name', 200),
});

export type GolferInput = z.infer<typeof golferSchema>;
