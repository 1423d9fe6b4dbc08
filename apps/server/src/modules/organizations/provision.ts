import type { Kysely } from 'kysely';
import { insertUserWithPassword } from '../../auth/users';
import { withSystem } from '../../db/scope';
import type { DB } from '../../db/types';
import { conflict } from '../../http/errors';
import { createOwnedOrganization } from './repo';

/** Creates an organization with its owner account in one transaction (admin CLI, demo seed). */
export function provisionOrganization(db: Kysely<DB>, input: { name: string; email: string; password: string; ownerName?: string }) {
  return withSystem(db, async (tx) => {
    const email = input.email.toLowerCase();
    if (await tx.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst()) {
      throw conflict(`A user with the email ${email} already exists`, 'ACCOUNT_EXISTS');
    }
    const userId = await insertUserWithPassword(tx, { email, name: input.ownerName ?? email.split('@')[0]!, password: input.password });
    const organization = await createOwnedOrganization(tx, userId, input.name);
    return { organizationId: organization.id, userId };
  });
}
