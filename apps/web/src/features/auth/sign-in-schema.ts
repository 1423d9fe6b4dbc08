import { emailSchema } from '@wholesail/domain';
import { z } from 'zod';

const signInSchema = z.object({ email: emailSchema, password: z.string().min(1, 'Password is required') });

export type SignInValues = z.input<typeof signInSchema>;
export type Credentials = z.infer<typeof signInSchema>;
export type SignInErrors = Partial<Record<keyof SignInValues, string>>;

/** The credentials as the server takes them, or each field's first message. */
export function checkSignIn(values: SignInValues): { data: Credentials; errors?: undefined } | { data?: undefined; errors: SignInErrors } {
  const result = signInSchema.safeParse(values);
  if (result.success) return { data: result.data };
  const errors: SignInErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if ((field === 'email' || field === 'password') && !errors[field]) errors[field] = issue.message;
  }
  return { errors };
}
