import type { Kysely } from 'kysely';
import {
  derivedEquity, STATS_HIGH_MOTIVATION, STATS_NEW_DAYS, type Lead, type LeadStats, type LeadWrite, type ListLeadsQuery,
} from '@wholesail/domain';
import { readAsTenant, withTenant, type Tx } from '../../db/scope';
import type { DB } from '../../db/types';
import type { OrgContext } from '../../http/context';
import { notFound } from '../../http/errors';
import { logActivity } from '../organizations/repo';
import { deriveLeadColumns } from './derive';
import * as list from './list';
import * as repo from './repo';
import { topLeads as rankTopLeads, type TopLead } from './top';

const DAY_MS = 86_400_000;

/** A lead created or edited with BatchData data is stamped as enriched (dialer.md §4). */
function enrichmentStamp(body: LeadWrite): Record<string, unknown> {
  return body.data_source === 'batchdata' ? { enriched_at: new Date(), enriched_by: 'batchdata' } : {};
}

export function listLeads(db: Kysely<DB>, ctx: OrgContext, query: ListLeadsQuery) {
  return readAsTenant(db, ctx.organizationId, (tx) => list.listLeads(tx, ctx.organizationId, query), list.LIST_PLAN);
}

export function topLeads(db: Kysely<DB>, ctx: OrgContext, limit: number, now = new Date()): Promise<TopLead[]> {
  return readAsTenant(db, ctx.organizationId, (tx) => rankTopLeads(tx, ctx.organizationId, limit, now));
}

export function leadStats(db: Kysely<DB>, ctx: OrgContext): Promise<LeadStats> {
  return readAsTenant(db, ctx.organizationId, (tx) =>
    repo.leadStats(tx, ctx.organizationId, new Date(Date.now() - STATS_NEW_DAYS * DAY_MS), STATS_HIGH_MOTIVATION),
  );
}

export async function getLead(db: Kysely<DB>, ctx: OrgContext, id: string): Promise<Lead> {
  const row = await readAsTenant(db, ctx.organizationId, (tx) => repo.findLead(tx, ctx.organizationId, id));
  if (!row) throw notFound('Lead not found');
  return repo.toLead(row);
}

/** `onCreated` runs in the creating transaction (the AI jobs queue their work there, so both commit together). */
export function createLead(db: Kysely<DB>, ctx: OrgContext, body: LeadWrite, onCreated?: (tx: Tx, lead: Lead) => Promise<void>): Promise<Lead> {
  return withTenant(db, ctx.organizationId, async (tx) => {
    const values = { ...body, status: body.status ?? 'new', badges: body.badges ?? [] };
    const row = await repo.insertLead(tx, {
      ...values,
      ...enrichmentStamp(body),
      ...deriveLeadColumns(values),
      organization_id: ctx.organizationId,
      created_by: ctx.user.id,
    });
    const lead = repo.toLead(row);
    await logActivity(tx, { organizationId: ctx.organizationId, actorId: ctx.user.id, action: 'lead.created', entityType: 'lead', entityId: lead.id });
    await onCreated?.(tx, lead);
    return lead;
  });
}

export function updateLead(db: Kysely<DB>, ctx: OrgContext, id: string, body: LeadWrite): Promise<Lead> {
  return withTenant(db, ctx.organizationId, async (tx) => {
    const current = await repo.findLead(tx, ctx.organizationId, id, true);
    if (!current) throw notFound('Lead not found');
    const changes = { ...body, ...(body.badges === null ? { badges: [] } : {}) };
    const merged = { ...repo.toLead(current), ...changes };
    const row = await repo.updateLead(tx, ctx.organizationId, id, {
      ...changes,
      ...enrichmentStamp(body),
      ...deriveLeadColumns(merged as LeadWrite),
    });
    return repo.toLead(row!);
  });
}

/** Soft delete: the lead keeps its history but leaves every list, count and search. */
export async function deleteLead(db: Kysely<DB>, ctx: OrgContext, id: string): Promise<void> {
  await withTenant(db, ctx.organizationId, async (tx) => {
    const row = await repo.updateLead(tx, ctx.organizationId, id, { status: 'deleted' });
    if (!row) throw notFound('Lead not found');
    await logActivity(tx, { organizationId: ctx.organizationId, actorId: ctx.user.id, action: 'lead.deleted', entityType: 'lead', entityId: id });
  });
}

const CONTEXT_FIELDS = [
  'id', 'owner_1_name', 'property_address_full', 'estimated_value', 'mortgage_balance', 'motivation_score', 'status',
  'badges', 'property_type', 'total_bedrooms', 'total_baths', 'out_of_state_owner', 'vacant', 'tenant_occupied', 'notes',
  'last_contacted_at', 'owner_address_state', 'property_address_state',
] as const;

/** get_cached_lead_context: the fields a call needs, derived equity, and the lead's recent conversations. */
export function leadContext(db: Kysely<DB>, ctx: OrgContext, id: string) {
  return withTenant(db, ctx.organizationId, async (tx) => {
    const row = await repo.findLead(tx, ctx.organizationId, id);
    if (!row) throw notFound('Lead not found');
    const lead = repo.toLead(row);
    const context = Object.fromEntries(CONTEXT_FIELDS.map((f) => [f, lead[f]]));
    const conversations = await tx
      .selectFrom('conversations')
      .select(['id', 'body', 'direction', 'channel', 'created_at'])
      .where('organization_id', '=', ctx.organizationId)
      .where('lead_id', '=', id)
      .orderBy('created_at', 'desc')
      .limit(20)
      .execute();
    return {
      lead: { ...context, equity: derivedEquity({ estimated_value: lead.estimated_value, mortgage_balance: lead.mortgage_balance }) },
      conversations: conversations.map((c) => ({ ...c, created_at: new Date(c.created_at).toISOString() })),
    };
  });
}
