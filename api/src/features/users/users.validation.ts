import { z } from 'zod';
import { THEMES } from './user.entity.js';
import { mixedScripts } from './confusables.js';

const name = z
  .string()
  .trim()
  .max(100, 'Names must be at most 100 characters')
  .optional()
  .nullable()
  .transform((v) => (v ? v : null));

/** SPEC §5's password rule, for sign-up, password change and reset alike. */
const newPassword = z
  .string({ error: 'Password is required' })
  .min(6, 'Password must be at least 6 characters long')
  .max(1024, 'Password must be at most 1024 characters long');

/** Sign-up rules of SPEC §5, checked on the server for REST and GraphQL alike. */
export const registerInput = z.object({
  username: z
    .string({ error: 'Username is required' })
    .trim()
    .min(3, 'Username must be at least 3 characters long')
    .max(64, 'Username must be at most 64 characters long')
    .regex(/^[\p{L}\p{N}._-]+$/u, 'Username may contain letters, digits, dots, dashes and underscores only')
    .refine((v) => !mixedScripts(v), {
      error: (issue) => `Username mixes letters of ${mixedScripts(String(issue.input))!.join(' and ')} scripts; use letters of one script`,
    }),
  email: z.string({ error: 'Email is required' }).trim().toLowerCase().max(254, 'Email is too long').email('Please enter a valid email address'),
  password: newPassword,
  firstName: name,
  lastName: name,
});
export type RegisterInput = z.infer<typeof registerInput>;

export const loginInput = z.object({
  username: z.string({ error: 'Username is required' }).trim().min(1, 'Username is required').max(254, 'Username is too long'),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(1024, 'Password is too long'),
});

export const themeInput = z.enum(THEMES, { error: `Theme must be one of: ${THEMES.join(', ')}` });

/** A new password typed twice (SPEC §5's sign-up wording for a mismatch). */
const newPasswordTwice = z
  .object({ newPassword, confirmPassword: z.string({ error: 'Please confirm the new password' }) })
  .refine((v) => v.newPassword === v.confirmPassword, { message: 'Passwords do not match', path: ['confirmPassword'] });

export const changePasswordInput = z
  .object({ currentPassword: z.string({ error: 'Current password is required' }).min(1, 'Current password is required').max(1024, 'Password is too long') })
  .and(newPasswordTwice);

export const resetPasswordInput = z.object({ token: z.string({ error: 'The reset link is incomplete' }).max(100) }).and(newPasswordTwice);

/** "Forgot password?": the user name or the e-mail address of the account. */
export const forgotPasswordInput = z.object({
  identifier: z
    .string({ error: 'Enter your user name or e-mail address' })
    .trim()
    .min(1, 'Enter your user name or e-mail address')
    .max(254, 'This is too long'),
});
