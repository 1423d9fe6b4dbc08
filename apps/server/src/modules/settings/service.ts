import type { AiIntegration, OrganizationSettings } from '@wholesail/domain';
import type { Tx } from '../../db/scope';
import type { RequestContext } from '../../http/context';
import { notFound } from '../../http/errors';
import { audit } from '../audit/audit';
import { findOrganization } from '../organizations/repo';
import { mergeSection, readSection } from './repo';

/** The organization's aiIntegration toggles with the defaults filled in, read in the caller's transaction. */
export function readAiIntegration(tx: Tx, organizationId: string): Promise<AiIntegration> {
  return readSection(tx, organizationId, 'aiIntegration');
}

async function requireVisibleOrganization(tx: Tx, id: string): Promise<void> {
  if (!(await findOrganization(tx, id))) throw notFound('Organization not found');
}

export function getSettings(ctx: RequestContext, organizationId = ctx.organizationId): Promise<OrganizationSettings> {
  return ctx.read(async (tx) => {
    await requireVisibleOrganization(tx, organizationId);
    return { aiIntegration: await readAiIntegration(tx, organizationId) };
  });
}

export function updateSettings(
  ctx: RequestContext,
  patch: { aiIntegration: Partial<AiIntegration> },
  organizationId = ctx.organizationId,
): Promise<OrganizationSettings> {
  return ctx.write(async (tx) => {
    await requireVisibleOrganization(tx, organizationId);
    const aiIntegration = await mergeSection(tx, organizationId, 'aiIntegration', patch.aiIntegration);
    await audit(tx, { organizationId, user: ctx.user }, 'settings.updated', { type: 'organization_settings', id: organizationId }, patch);
    return { aiIntegration };
  });
}
