import { insertUserWithPassword } from '../src/auth/users';
import { withSystem } from '../src/db/scope';
import { upsertProfile } from '../src/modules/organizations/repo';
import type { TestApp } from './harness';

export type SignedInMember = { organizationId: string; userId: string; cookie: string };

/** Another user made a plain member of `organizationId`, signed in. */
export async function addMember(t: TestApp, organizationId: string, email: string): Promise<SignedInMember> {
  const password = 'member password 1';
  const userId = await withSystem(t.database.db, async (tx) => {
    const id = await insertUserWithPassword(tx, { email, name: email.split('@')[0]!, password });
    await upsertProfile(tx, id, organizationId, 'member');
    return id;
  });
  return { organizationId, userId, cookie: await t.signIn(email, password) };
}
