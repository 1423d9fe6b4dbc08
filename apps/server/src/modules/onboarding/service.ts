import { ONBOARDING_ITEMS, type Onboarding, type OnboardingKey } from '@wholesail/domain';
import { sql } from 'kysely';
import type { Tx } from '../../db/scope';
import type { AuditActor } from '../audit/audit';
import { audit } from '../audit/audit';
import { mergeSection, readSection } from '../settings/repo';

type Facts = Record<OnboardingKey, boolean>;

/** Each item from the organization's data, in one statement of index probes. */
async function facts(tx: Tx, organizationId: string, llmConfigured: boolean): Promise<Facts> {
  const org = sql.val(organizationId);
  const { rows } = await sql<Omit<Facts, 'ai_decided'> & { ai_saved: boolean }>`
    select
      exists(select 1 from organizations where id = ${org} and btrim(name) <> '') as named,
      exists(select 1 from organization_phone_numbers where organization_id = ${org}) as phone_number,
      (exists(select 1 from invitations where organization_id = ${org})
        or (select count(*) from user_profiles where organization_id = ${org}) > 1) as team_invited,
      exists(select 1 from lead_imports where organization_id = ${org} and status = 'completed') as leads_imported,
      exists(select 1 from calls where organization_id = ${org}) as first_call,
      exists(select 1 from conversations where organization_id = ${org} and direction = 'outbound') as first_text,
      exists(select 1 from activity_logs where organization_id = ${org} and entity_type = 'organization_settings' and entity_id = ${organizationId}::text
        and action = 'settings.updated' and details ? 'aiIntegration') as ai_saved,
      exists(select 1 from deals where organization_id = ${org}) as first_deal`.execute(tx);
  const { ai_saved, ...found } = rows[0]!;
  // A server with a language model has AI set up; without one, an admin saving the AI switches (the audited save:
  // a new organization's settings start with the defaults written) is the choice.
  return { ...found, ai_decided: llmConfigured || ai_saved };
}

export async function readOnboarding(tx: Tx, organizationId: string, llmConfigured: boolean): Promise<Onboarding> {
  const [found, settings] = await Promise.all([facts(tx, organizationId, llmConfigured), readSection(tx, organizationId, 'onboarding')]);
  const items = ONBOARDING_ITEMS.map((item) => ({ key: item.key, done: found[item.key] }));
  const done = items.filter((i) => i.done).length;
  return { items, done, total: items.length, complete: done === items.length, dismissed_at: settings.dismissedAt };
}

/** Hides the checklist for the whole organization, or brings it back; audited. */
export async function dismissOnboarding(tx: Tx, actor: AuditActor, dismissed: boolean, llmConfigured: boolean): Promise<Onboarding> {
  await mergeSection(tx, actor.organizationId, 'onboarding', { dismissedAt: dismissed ? new Date().toISOString() : null });
  await audit(tx, actor, dismissed ? 'onboarding.dismissed' : 'onboarding.restored', { type: 'organization', id: actor.organizationId });
  return readOnboarding(tx, actor.organizationId, llmConfigured);
}
