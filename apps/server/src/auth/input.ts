import { APIError, createAuthMiddleware } from 'better-auth/api';
import { z } from 'zod';
import { fieldPath } from '../http/field-label';

/** A bounded piece of text without lone surrogates (which better-auth's URL handling throws on: a 500). */
const text = (max: number) =>
  z.string().max(max, `at most ${max} characters`).refine((s) => !/\p{Cs}/u.test(s), 'contains an unpaired surrogate character');
const email = text(254);
const password = text(128);
const token = text(256);
const url = text(2000);

/**
 * What each better-auth endpoint that takes a body may be sent, checked inside better-auth (its `hooks.before`)
 * where the path is the endpoint's own: `/api/auth/./update-user` or any other spelling of a path cannot skip
 * it. update-user writes any key it is given to the users row, so its body is closed; the others leave the
 * rest of their checking to better-auth and only get their text bounded.
 */
const BODIES: Record<string, z.ZodType> = {
  '/update-user': z.strictObject({ name: text(100).trim().min(1, 'required').optional(), image: url.nullable().optional() }),
  '/sign-in/email': z.looseObject({ email, password, callbackURL: url.optional() }),
  '/request-password-reset': z.looseObject({ email, redirectTo: url.optional() }),
  '/reset-password': z.looseObject({ token: token.optional(), newPassword: password }),
  '/change-password': z.looseObject({ currentPassword: password, newPassword: password }),
  '/revoke-session': z.looseObject({ token }),
};

const describe = (error: z.ZodError) =>
  error.issues.map((i) => `${fieldPath(i.path.map(String)) || 'body'}: ${i.message}`).join('; ');

/**
 * better-auth's `hooks.before`: refuses a body the table above does not allow with 400 VALIDATION_ERROR naming
 * the field, and makes every password change end the account's other sessions (whatever the client asked).
 */
export const authInputHook = createAuthMiddleware(async (ctx) => {
  const schema = ctx.path ? BODIES[ctx.path] : undefined;
  if (!schema) return;
  const parsed = schema.safeParse(ctx.body ?? {});
  if (!parsed.success) throw new APIError('BAD_REQUEST', { code: 'VALIDATION_ERROR', message: describe(parsed.error) });
  if (ctx.path === '/change-password') return { context: { body: { ...(ctx.body as object), revokeOtherSessions: true } } };
});
