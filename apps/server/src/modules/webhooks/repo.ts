import { sql, type Insertable, type Updateable } from 'kysely';
import type { WebhookEndpoint, WebhookEventType } from '@wholesail/domain';
import type { Tx } from '../../db/scope';
import { iso } from '../../db/timestamps';
import type { WebhookEndpoints } from '../../db/types';

/** The columns an endpoint is answered with (never its secrets). */
const ENDPOINT_COLUMNS = [
  'id', 'url', 'description', 'events', 'enabled', 'disabled_reason', 'disabled_at', 'failing_since', 'previous_secret_expires_at', 'created_at', 'updated_at',
] as const;
/** What a delivery is signed with. */
const SECRET_COLUMNS = ['secret', 'previous_secret', 'previous_secret_expires_at'] as const;

type EndpointRow = {
  id: string; url: string; description: string | null; events: string[]; enabled: boolean; disabled_reason: string | null;
  disabled_at: Date | string | null; failing_since: Date | string | null; previous_secret_expires_at: Date | string | null;
  created_at: Date | string; updated_at: Date | string;
};

const toEndpoint = (row: EndpointRow): WebhookEndpoint => ({
  ...row,
  events: row.events as WebhookEventType[],
  disabled_at: iso(row.disabled_at),
  failing_since: iso(row.failing_since),
  previous_secret_expires_at: iso(row.previous_secret_expires_at),
  created_at: iso(row.created_at),
  updated_at: iso(row.updated_at),
});

const endpoints = (tx: Tx, organizationId: string) => tx.selectFrom('webhook_endpoints').where('organization_id', '=', organizationId);

export async function listEndpoints(tx: Tx, organizationId: string): Promise<WebhookEndpoint[]> {
  const rows = await endpoints(tx, organizationId).select(ENDPOINT_COLUMNS).orderBy('created_at').orderBy('id').execute();
  return rows.map(toEndpoint);
}

export async function findEndpoint(tx: Tx, organizationId: string, id: string): Promise<WebhookEndpoint | undefined> {
  const row = await endpoints(tx, organizationId).select(ENDPOINT_COLUMNS).where('id', '=', id).executeTakeFirst();
  return row && toEndpoint(row);
}

/** The endpoint with its secrets, locked when asked (a rotation, a secret reveal). */
export function findEndpointSecrets(tx: Tx, organizationId: string, id: string, lock = false) {
  const q = endpoints(tx, organizationId).select([...ENDPOINT_COLUMNS, ...SECRET_COLUMNS]).where('id', '=', id);
  return lock ? q.forUpdate().executeTakeFirst() : q.executeTakeFirst();
}

/** The ids of the organization's enabled endpoints subscribed to an event. */
export function subscribedEndpoints(tx: Tx, organizationId: string, event: WebhookEventType) {
  return endpoints(tx, organizationId)
    .select('id')
    .where('enabled', '=', true)
    .where(sql<boolean>`${event} = any(events)`)
    .orderBy('id')
    .execute();
}

export async function insertEndpoint(tx: Tx, values: Insertable<WebhookEndpoints>): Promise<WebhookEndpoint> {
  return toEndpoint(await tx.insertInto('webhook_endpoints').values(values).returning(ENDPOINT_COLUMNS).executeTakeFirstOrThrow());
}

export async function updateEndpoint(tx: Tx, organizationId: string, id: string, values: Updateable<WebhookEndpoints>): Promise<WebhookEndpoint | undefined> {
  const row = await tx
    .updateTable('webhook_endpoints')
    .set({ ...values, updated_at: new Date() })
    .where('organization_id', '=', organizationId)
    .where('id', '=', id)
    .returning(ENDPOINT_COLUMNS)
    .executeTakeFirst();
  return row && toEndpoint(row);
}

export async function deleteEndpoint(tx: Tx, organizationId: string, id: string): Promise<boolean> {
  const row = await tx.deleteFrom('webhook_endpoints').where('organization_id', '=', organizationId).where('id', '=', id).returning('id').executeTakeFirst();
  return Boolean(row);
}

/** The owners' and admins' ids and addresses: who hears that an endpoint was disabled. */
export function organizationAdmins(tx: Tx, organizationId: string) {
  return tx
    .selectFrom('user_profiles as p')
    .innerJoin('users as u', 'u.id', 'p.id')
    .select(['u.id', 'u.email'])
    .where('p.organization_id', '=', organizationId)
    .where('p.role', 'in', ['owner', 'admin'])
    .orderBy('u.id')
    .execute();
}
