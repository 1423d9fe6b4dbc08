import type { Kysely } from 'kysely';
import { DEFAULT_AI_INTEGRATION, aiIntegrationSchema, type AiIntegration, type OrganizationSettings } from '@wholesail/domain';
import { withTenant, type Tx } from '../../db/scope';
import type { DB } from '../../db/types';
import type { OrgContext } from '../../http/context';
import { notFound } from '../../http/errors';
import { findOrganization, logActivity } from '../organizations/repo';
import { findSettings, upsertSettings } from './repo';

/** Stored settings over the defaults: a missing or partial aiIntegration block reads as all true. */
function withDefaults(stored: Record<string, unknown> | null): OrganizationSettings {
  const ai = aiIntegrationSchema.partial().safeParse(stored?.aiIntegration ?? {});
  return { aiIntegration: { ...DEFAULT_AI_INTEGRATION, ...(ai.success ? ai.data : {}) } };
}

/** The organization's aiIntegration toggles with the defaults filled in, read in the caller's transaction. */
export async function readAiIntegration(tx: Tx, organizationId: string): Promise<AiIntegration> {
  return withDefaults(await findSettings(tx, organizationId)).aiIntegration;
}

async function requireVisibleOrganization(tx: Tx, id: string): Promise<void> {
  if (!(await findOrganization(tx, id))) throw notFound('Organization not found');
}

export function getSettings(db: Kysely<DB>, ctx: OrgContext, organizationId = ctx.organizationId) {
  return withTenant(db, ctx.organizationId, async (tx) => {
    await requireVisibleOrganization(tx, organizationId);
    return withDefaults(await findSettings(tx, organizationId));
  });
}

export function updateSettings(
  db: Kysely<DB>,
  ctx: OrgContext,
  patch: { aiIntegration: Partial<AiIntegration> },
  organizationId = ctx.organizationId,
) {
  return withTenant(db, ctx.organizationId, async (tx) => {
    await requireVisibleOrganization(tx, organizationId);
    const stored = (await findSettings(tx, organizationId)) ?? {};
    const next = { ...stored, aiIntegration: { ...withDefaults(stored).aiIntegration, ...patch.aiIntegration } };
    await upsertSettings(tx, organizationId, next);
    await logActivity(tx, { organizationId, actorId: ctx.user.id, action: 'settings.updated', entityType: 'organization_settings', entityId: organizationId, details: patch });
    return withDefaults(next);
  });
}
