import { NOTIFICATION_KINDS, screenLinks } from '@wholesail/domain';
import type { Tx } from '../../db/scope';
import { audit, systemActor } from '../audit/audit';
import { notify } from '../notifications/service';
import { organizationAdmins } from './repo';
import type { Webhooks } from './webhooks';

/** An endpoint the server just disabled, and whom to tell by mail once that committed. */
export interface DisabledEndpoint {
  url: string;
  reason: string;
  admins: Array<{ id: string; email: string }>;
}

const DAY_MS = 86_400_000;

/** A success ends the endpoint's failing period. */
export async function noteSuccess(tx: Tx, organizationId: string, endpointId: string): Promise<void> {
  await tx.updateTable('webhook_endpoints').set({ failing_since: null })
    .where('organization_id', '=', organizationId).where('id', '=', endpointId).where('failing_since', 'is not', null).execute();
}

/**
 * A failed attempt: it starts the endpoint's failing period if none is running; once the period is older than
 * `disableAfterMs` the endpoint is disabled with the reason, audited, and its owners and admins notified in the app
 * (in this transaction) — the mail goes after the commit (mailDisabled).
 */
export async function noteFailure(w: Webhooks, tx: Tx, organizationId: string, endpointId: string, at: Date): Promise<DisabledEndpoint | null> {
  const endpoint = await tx.selectFrom('webhook_endpoints').select(['url', 'enabled', 'failing_since'])
    .where('organization_id', '=', organizationId).where('id', '=', endpointId).forUpdate().executeTakeFirst();
  if (!endpoint?.enabled) return null;
  if (!endpoint.failing_since) {
    await tx.updateTable('webhook_endpoints').set({ failing_since: at }).where('organization_id', '=', organizationId).where('id', '=', endpointId).execute();
    return null;
  }
  const since = new Date(endpoint.failing_since);
  if (at.getTime() - since.getTime() < w.disableAfterMs) return null;
  const days = Math.round(w.disableAfterMs / DAY_MS);
  const reason = `Disabled automatically: every delivery has failed since ${since.toISOString()} (${days} days)`;
  await tx.updateTable('webhook_endpoints').set({ enabled: false, disabled_reason: reason, disabled_at: at, updated_at: at })
    .where('organization_id', '=', organizationId).where('id', '=', endpointId).execute();
  await audit(tx, systemActor(organizationId), 'webhook_endpoint.disabled', { type: 'webhook_endpoint', id: endpointId }, { url: endpoint.url, reason });
  const admins = await organizationAdmins(tx, organizationId);
  for (const admin of admins) {
    await notify(tx, {
      organizationId, userId: admin.id, kind: NOTIFICATION_KINDS.webhookDisabled, level: 'error',
      title: 'A webhook endpoint was disabled', body: `${endpoint.url}: ${reason}.`, link: screenLinks.developer,
    });
  }
  return { url: endpoint.url, reason, admins };
}

/** The mail to each owner and admin of an endpoint the server disabled; a failed send is logged, not retried. */
export async function mailDisabled(w: Webhooks, disabled: DisabledEndpoint): Promise<void> {
  const text = [
    `Wholesail stopped sending webhooks to ${disabled.url}.`,
    '',
    `${disabled.reason}.`,
    '',
    `Once the receiver answers again, enable the endpoint on the Developer page: ${w.deps.publicUrl}${screenLinks.developer}`,
    'Its failed deliveries can be replayed from its delivery log.',
  ].join('\n');
  for (const admin of disabled.admins) {
    await w.deps.mail.send({ to: admin.email, subject: 'A webhook endpoint was disabled', text }).catch((err: unknown) => {
      w.deps.log.error({ err, to: admin.email }, 'could not mail that a webhook endpoint was disabled');
    });
  }
}
