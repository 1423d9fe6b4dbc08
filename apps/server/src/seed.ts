import type { Kysely } from 'kysely';
import { withTenant } from './db/scope';
import type { DB } from './db/types';
import { mergeSection } from './modules/settings/repo';
import { provisionOrganization } from './modules/organizations/provision';
import { seedDemoDeals } from './seed-deals';
import { seedDemoComps } from './seed-comps';
import { seedDemoLeads } from './seed-leads';
import { seedDemoPhoneNumbers } from './seed-phone-numbers';
import { seedDemoReferrals } from './seed-referrals';

export const DEMO_ORGANIZATION = 'Demo Realty';

/** First start: the demo organization, its owner and demo leads. Later starts find the user and change nothing. */
export async function seedDemo(db: Kysely<DB>, email: string, password: string): Promise<'created' | 'existing'> {
  const existing = await db.selectFrom('users').select('id').where('email', '=', email.toLowerCase()).executeTakeFirst();
  if (existing) return 'existing';
  const { organizationId, userId } = await provisionOrganization(db, { name: DEMO_ORGANIZATION, email, password, ownerName: 'Demo User' });
  await seedDemoLeads(db, organizationId, userId);
  await seedDemoComps(db, organizationId, userId);
  await seedDemoPhoneNumbers(db, organizationId, userId);
  await seedDemoDeals(db, organizationId, { id: userId, email, name: 'Demo User' });
  await seedDemoReferrals(db, organizationId, userId);
  // The demo organization comes set up: its team lands on the dashboard; the checklist stays one click away.
  await withTenant(db, organizationId, (tx) => mergeSection(tx, organizationId, 'onboarding', { dismissedAt: new Date().toISOString() }));
  return 'created';
}
