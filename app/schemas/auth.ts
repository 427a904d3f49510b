import * as z from 'zod/mini';

export const loginSchema = z.object({
  username: z
    .string({ error: 'Username is required' })
    .check(z.trim(), z.minLength(1, 'Username is required'), z.maxLength(100, 'Username is limited to 100 characters')),
  password: z
    .string({ error: 'Password is required' })
    .check(z.minLength(1, 'Password is required'), z.maxLength(200, 'Password is limited to 200 characters')),
  redirectTo: z.optional(z.string()),
});

const password = z
  .string({ error: 'Password is required' })
  .check(
    z.minLength(8, 'Password must be at least 8 characters'),
    z.maxLength(200, 'Password is limited to 200 characters'),
  );

const userFields = {
  username: z
    .string({ error: 'Username is required' })
    .check(
      z.trim(),
      z.minLength(3, 'Username must be at least 3 characters'),
      z.maxLength(50, 'Username is limited to 50 characters'),
      z.regex(/^[A-Za-z0-9._-]+$/, 'Use letters, digits, dots, dashes or underscores'),
    ),
  password,
  email: z.email({ error: 'Enter a valid email address' }).check(z.trim()),
  firstName: z
    .string({ error: 'First name is required' })
    .check(
      z.trim(),
      z.minLength(1, 'First name is required'),
      z.maxLength(100, 'First name is limited to 100 characters'),
    ),
  lastName: z
    .string({ error: 'Last name is required' })
    .check(
      z.trim(),
      z.minLength(1, 'Last name is required'),
      z.maxLength(100, 'Last name is limited to 100 characters'),
    ),
};

const confirmPassword = z
  .string({ error: 'Please confirm your password' })
  .check(z.minLength(1, 'Please confirm your password'));

/**
 * "Passwords do not match" on confirmPassword. `when` lets it show while other fields are still empty (zod skips an
 * object's refinements once any field fails), so the form can say it as the user types.
 */
const passwordsMatch = z.refine<{ password: string; confirmPassword: string }>(
  (v) => v.password === v.confirmPassword,
  {
    message: 'Passwords do not match',
    path: ['confirmPassword'],
    when: (payload) => {
      const v = payload.value as { password?: unknown; confirmPassword?: unknown } | null;
      return typeof v?.password === 'string' && typeof v.confirmPassword === 'string' && v.confirmPassword !== '';
    },
  },
);

/** The user fields (docs/product/data-model.md#users) without id and isAdmin (the body of POST /api/register). */
export const userSchema = z.object(userFields);

/**
 * Adding a user: the user fields plus confirmPassword, which must match
 * (docs/product/privacy-and-access.md#adding-a-user).
 */
export const userRegistrationSchema = z
  .object({ ...userFields, confirmPassword, isAdmin: z.optional(z.boolean()) })
  .check(passwordsMatch);

export const resetPasswordSchema = z
  .object({ userId: z.coerce.number().check(z.int(), z.positive()), password, confirmPassword })
  .check(passwordsMatch);
