import type { Kysely } from 'kysely';
import { withTenant } from './db/scope';
import type { DB } from './db/types';

export const DEMO_PHONE_NUMBERS = [
  { phone_number: '+15125550123', label: 'Demo line (main)', is_primary: true },
  { phone_number: '+15125550124', label: 'Demo line (alt)', is_primary: false },
] as const;

/** The demo organization's two demo-line numbers, the first one the demo user's default. */
export async function seedDemoPhoneNumbers(db: Kysely<DB>, organizationId: string, userId: string): Promise<void> {
  await withTenant(db, organizationId, async (tx) => {
    await tx
      .insertInto('organization_phone_numbers')
      .values(DEMO_PHONE_NUMBERS.map((n) => ({ ...n, organization_id: organizationId })))
      .onConflict((oc) => oc.columns(['organization_id', 'phone_number']).doNothing())
      .execute();
    await tx
      .insertInto('user_phone_assignments')
      .values({ organization_id: organizationId, user_id: userId, phone_number: DEMO_PHONE_NUMBERS[0].phone_number, is_default: true })
      .onConflict((oc) => oc.doNothing())
      .execute();
  });
}
