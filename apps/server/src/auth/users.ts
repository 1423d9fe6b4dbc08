import crypto from 'node:crypto';
import type { Tx } from '../db/scope';
import { hashPassword } from './auth';

/**
 * Creates a user with an email/password credential the way better-auth stores one. Used by the admin
 * CLI, the demo seed and invitations (sign-up is closed), inside the caller's transaction. The CLI's and the
 * seed's addresses are the operator's word (verified); an invitee's only once the mailed link proved it.
 */
export async function insertUserWithPassword(tx: Tx, input: { email: string; name: string; password: string; emailVerified?: boolean }): Promise<string> {
  const id = crypto.randomBytes(16).toString('base64url');
  const now = new Date();
  await tx
    .insertInto('users')
    .values({ id, email: input.email.toLowerCase(), name: input.name, email_verified: input.emailVerified ?? true, image: null, created_at: now, updated_at: now })
    .execute();
  await tx
    .insertInto('accounts')
    .values({ id: crypto.randomBytes(16).toString('base64url'), user_id: id, account_id: id, provider_id: 'credential', password: await hashPassword(input.password), created_at: now, updated_at: now })
    .execute();
  return id;
}
