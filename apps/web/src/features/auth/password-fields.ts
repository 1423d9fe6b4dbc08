import { passwordSchema } from '@wholesail/domain';
import { z } from 'zod';

export const PASSWORD_MISMATCH_MESSAGE = 'Passwords do not match';

/** New password + confirmation, as used by password reset and invitation sign-up. */
export const newPasswordSchema = z
  .object({ password: passwordSchema, confirmPassword: z.string() })
  .refine((values) => values.password === values.confirmPassword, {
    message: PASSWORD_MISMATCH_MESSAGE,
    path: ['confirmPassword'],
  });
