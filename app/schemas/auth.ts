import * as z from 'zod';

export const loginSchema = z.object({
  username: z
    .string({ error: 'Username is required' })
    .trim()
    .min(1, 'Username is required')
    .max(100, 'Username is limited to 100 characters'),
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(200, 'Password is limited to 200 characters'),
  redirectTo: z.string().optional(),
});

const userFields = {
  username: z
    .string({ error: 'Username is required' })
    .trim()
    .min(3, 'Username must be at least 3 characters')
    .max(50, 'Username is limited to 50 characters')
    .regex(/^[A-Za-z0-9._-]+$/, 'Use letters, digits, dots, dashes or underscores'),
  password: z
    .string({ error: 'Password is required' })
    .min(8, 'Password must be at least 8 characters')
    .max(200, 'Password is limited to 200 characters'),
  email: z.email({ error: 'Enter a valid email address' }).trim(),
  firstName: z
    .string({ error: 'First name is required' })
    .trim()
    .min(1, 'First name is required')
    .max(100, 'First name is limited to 100 characters'),
  lastName: z
    .string({ error: 'Last name is required' })
    .trim()
    .min(1, 'Last name is required')
    .max(100, 'Last name is limited to 100 characters'),
};

/**
 * "Passwords do not match" on confirmPassword. `when` lets it show while other fields are still empty (zod skips an
 * object's refinements once any field fails), so the form can say it as the user types.
 */
const passwordsMatch = {
  message: 'Passwords do not match',
  path: ['confirmPassword'],
  when: (payload: { value: unknown }) => {
    const v = payload.value as { password?: unknown; confirmPassword?: unknown } | null;
    return typeof v?.password === 'string' && typeof v.confirmPassword === 'string' && v.confirmPassword !== '';
  },
};

/** The user fields (docs/product/data-model.md#users) without id and isAdmin (the body of POST /api/register). */
export const userSchema = z.object(userFields);

/**
 * Adding a user: the user fields plus confirmPassword, which must match
 * (docs/product/privacy-and-access.md#adding-a-user).
 */
export const userRegistrationSchema = z
  .object({
    ...userFields,
    confirmPassword: z.string({ error: 'Please confirm your password' }).min(1, 'Please confirm your password'),
    isAdmin: z.boolean().optional(),
  })
  .refine((v) => v.password === v.confirmPassword, passwordsMatch);

export const resetPasswordSchema = z
  .object({
    userId: z.coerce.number().int().positive(),
    password: userFields.password,
    confirmPassword: z.string({ error: 'Please confirm your password' }).min(1, 'Please confirm your password'),
  })
  .refine((v) => v.password === v.confirmPassword, passwordsMatch);
