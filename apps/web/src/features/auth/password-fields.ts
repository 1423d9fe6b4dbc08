import { passwordSchema } from '@wholesail/domain';
import { z } from 'zod';

export const PASSWORD_MISMATCH_MESSAGE = 'Passwords do not match';
export const CURRENT_PASSWORD_REQUIRED = 'Enter your current password';

const confirmed = (values: { password: string; confirmPassword: string }) => values.password === values.confirmPassword;
const mismatch = { message: PASSWORD_MISMATCH_MESSAGE, path: ['confirmPassword'] };

/** New password + confirmation, as used by password reset and invitation sign-up. */
export const newPasswordSchema = z.object({ password: passwordSchema, confirmPassword: z.string() }).refine(confirmed, mismatch);

/** The current password, then a new one + confirmation (Settings → Change password). */
export const changePasswordSchema = z
  .object({ currentPassword: z.string().min(1, CURRENT_PASSWORD_REQUIRED), password: passwordSchema, confirmPassword: z.string() })
  .refine(confirmed, mismatch);
