import { z } from 'zod';

const optionalText = (max: number) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), z.string().trim().max(max).optional());

/** Golfer form and API body (SPEC §5): first and last name required; the rest optional. */
export const golferSchema = z.object({
  firstName: z.string({ error: 'First name is required' }).trim().min(1, 'First name is required').max(100),
  lastName: z.string({ error: 'Last name is required' }).trim().min(1, 'Last name is required').max(100),
  nickname: optionalText(100),
  email: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.email({ error: 'Enter a valid email address' }).trim().max(200).optional(),
  ),
  phone: optionalText(40).refine((v) => v === undefined || v.replace(/\D/g, '').length >= 10, 'Phone number must have at least 10 digits'),
  // Accepted and ignored: the server derives fullName (an empty one is treated as absent).
  fullName: optionalText(200),
});

export type GolferInput = z.infer<typeof golferSchema>;
