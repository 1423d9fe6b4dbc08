import {
  derivedEquity, LEAD_CONTEXT_FIELDS, LEAD_MESSAGES, LEAD_RESTORE_DAYS, STATS_HIGH_MOTIVATION, STATS_NEW_DAYS, type LeadContext, type LeadRecord, type LeadStats, type LeadWrite,
  type ListLeadsQuery, type UpdateLead,
} from '@wholesail/domain';
import type { Tx } from '../../db/scope';
import { iso } from '../../db/timestamps';
import type { RequestContext } from '../../http/context';
import { conflict, forbidden, notFound } from '../../http/errors';
import { clearFlagRefusal, DNC_MARKED_ACTION, leadDncNumbers, listLeadNumbers } from '../dnc/service';
import { audit, type AuditActor } from '../audit/audit';
import { deletedPage, markDeleted, restoreDeleted } from './deleted';
import { deriveLeadColumns } from './derive';
import { emit } from '../outbox/emit';
import * as list from './list';
import * as repo from './repo';
import { topLeads as rankTopLeads, type TopLead } from './top';

const DAY_MS = 86_400_000;

/** A lead created or edited with BatchData data is stamped as enriched (dialer.md §4). */
function enrichmentStamp(body: LeadWrite): Record<string, unknown> {
  return body.data_source === 'batchdata' ? { enriched_at: new Date(), enriched_by: 'batchdata' } : {};
}

export function listLeads(ctx: RequestContext, query: ListLeadsQuery) {
  if (query.deleted) return ctx.read((tx) => deletedPage(tx, ctx.organizationId, query, new Date()));
  return ctx.read((tx) => list.listLeads(tx, ctx.organizationId, query), list.LIST_PLAN);
}

export function topLeads(ctx: RequestContext, limit: number, now = new Date()): Promise<TopLead[]> {
  return ctx.read((tx) => rankTopLeads(tx, ctx.organizationId, limit, now));
}

export function leadStats(ctx: RequestContext): Promise<LeadStats> {
  return ctx.read((tx) =>
    repo.leadStats(tx, ctx.organizationId, new Date(Date.now() - STATS_NEW_DAYS * DAY_MS), STATS_HIGH_MOTIVATION),
  );
}

const LEAD_EDIT_REASON = 'Marked Do Not Call on the lead';

/**
 * A lead as GET, POST and PATCH answer it, with its listed numbers. A row just written may predate the
 * listing its own transaction made (dnc_listed is kept by triggers), so `fresh: false` looks the numbers up.
 */
export async function leadRecord(tx: Tx, organizationId: string, row: repo.LeadRow, fresh: boolean): Promise<LeadRecord> {
  const dncNumbers = await leadDncNumbers(tx, organizationId, fresh ? row : { ...row, dnc_listed: true });
  const lead = repo.toLead(row);
  return { ...lead, dnc_status: lead.dnc_status === true || dncNumbers.length > 0, dnc_numbers: dncNumbers };
}

/** A lead edit or creation that sets dnc_status true lists every number of the lead (source lead_edit). */
async function markDnc(tx: Tx, actor: AuditActor, lead: repo.LeadRow): Promise<void> {
  const listed = await listLeadNumbers(tx, actor.organizationId, lead, { source: 'lead_edit', reason: LEAD_EDIT_REASON, userId: actor.user?.id ?? null });
  await audit(tx, actor, DNC_MARKED_ACTION, { type: 'lead', id: lead.id }, { via: 'lead_edit', listed });
}

export async function getLead(ctx: RequestContext, id: string): Promise<LeadRecord> {
  const record = await ctx.read(async (tx) => {
    const row = await repo.findLead(tx, ctx.organizationId, id);
    return row ? leadRecord(tx, ctx.organizationId, row, true) : null;
  });
  if (!record) throw notFound('Lead not found');
  return record;
}

export function createLead(ctx: RequestContext, body: LeadWrite): Promise<LeadRecord> {
  return ctx.write(async (tx) => leadRecord(tx, ctx.organizationId, await insertNewLead(tx, ctx, body), false));
}

/**
 * Every new lead, in the caller's transaction: by a member (POST /api/leads, the address search) or by the system
 * (a number that texted in, actor without a user): stored, audited (`details` kept with it), listed when marked
 * Do Not Call, and announced as lead.created.
 */
export async function insertNewLead(tx: Tx, actor: AuditActor, body: LeadWrite, details: Record<string, unknown> = {}): Promise<repo.LeadRow> {
  const values = { ...body, status: body.status ?? 'new', badges: body.badges ?? [] };
  const row = await repo.insertLead(tx, {
    ...values,
    ...enrichmentStamp(body),
    ...deriveLeadColumns(values),
    organization_id: actor.organizationId,
    created_by: actor.user?.id ?? null,
  });
  await audit(tx, actor, 'lead.created', { type: 'lead', id: row.id }, details);
  if (body.dnc_status === true) await markDnc(tx, actor, row);
  await emit(tx, { type: 'lead.created', organizationId: actor.organizationId, leadId: row.id, source: body.source ?? null });
  return row;
}

/**
 * PATCH: with `version`, refused (409 LEAD_CHANGED, nothing changed) unless the locked row still has that version.
 * `dnc_status: true` lists every number of the lead; `dnc_status: false` clears the lead's own flag, and
 * is refused (409 DNC_LISTED, nothing changed) while one of its numbers is listed: the lead would stay Do Not Call.
 */
export function updateLead(ctx: RequestContext, id: string, { version, ...body }: UpdateLead): Promise<LeadRecord> {
  return ctx.write(async (tx) => {
    const current = await repo.findLead(tx, ctx.organizationId, id, true);
    if (!current) throw notFound('Lead not found');
    if (version !== undefined && version !== current.version) throw conflict(LEAD_MESSAGES.leadChanged, 'LEAD_CHANGED');
    const { badges, ...fields } = body;
    const changes = { ...fields, ...(badges === undefined ? {} : { badges: badges ?? [] }) };
    const merged = { ...repo.toLead(current), ...changes };
    if (body.dnc_status === false && current.dnc_status === true && ctx.role === 'member') {
      // Consent is an owner's or admin's call, as removing a number from the list is.
      throw forbidden('Only owners and admins can clear Do Not Call on a lead', 'DNC_CLEAR_FORBIDDEN');
    }
    if (body.dnc_status === false) {
      const refusal = await clearFlagRefusal(tx, ctx.organizationId, merged);
      if (refusal) throw refusal;
    }
    const row = await repo.updateLead(tx, ctx.organizationId, id, {
      ...changes,
      ...enrichmentStamp(body),
      ...deriveLeadColumns(merged),
    });
    if (body.dnc_status === true) await markDnc(tx, ctx, row!);
    const changed = Object.keys(changes).sort();
    const status = body.status !== undefined && body.status !== current.status ? { status: { from: current.status, to: body.status } } : {};
    await audit(tx, ctx, 'lead.updated', { type: 'lead', id }, { fields: changed, ...status });
    await emit(tx, { type: 'lead.updated', organizationId: ctx.organizationId, leadId: id, fields: changed, ...(status.status ? { status: status.status.to } : {}) });
    return leadRecord(tx, ctx.organizationId, row!, body.dnc_status !== true);
  });
}

/** Soft delete (any member): the lead leaves every list, count and search, and an owner or admin may restore it for LEAD_RESTORE_DAYS. */
export async function deleteLead(ctx: RequestContext, id: string, now = new Date()): Promise<void> {
  await ctx.write(async (tx) => {
    if (!(await markDeleted(tx, ctx.organizationId, id, ctx.user.id, now))) throw notFound('Lead not found');
    await audit(tx, ctx, 'lead.deleted', { type: 'lead', id });
    await emit(tx, { type: 'lead.deleted', organizationId: ctx.organizationId, leadId: id });
  });
}

/** POST /api/leads/:id/restore (owners and admins): the lead back with the status it had; 404 once the 30 days are over. */
export function restoreLead(ctx: RequestContext, id: string, now = new Date()): Promise<LeadRecord> {
  return ctx.write(async (tx) => {
    const row = await restoreDeleted(tx, ctx.organizationId, id, now);
    if (!row) throw notFound(`No deleted lead with this id from the last ${LEAD_RESTORE_DAYS} days`);
    await audit(tx, ctx, 'lead.restored', { type: 'lead', id });
    return leadRecord(tx, ctx.organizationId, row, true);
  });
}

/** get_cached_lead_context: the fields a call needs, derived equity, and the lead's recent conversations. */
export function leadContext(ctx: RequestContext, id: string): Promise<LeadContext> {
  return ctx.read(async (tx) => {
    const row = await repo.findLead(tx, ctx.organizationId, id);
    if (!row) throw notFound('Lead not found');
    const lead = repo.toLead(row);
    const context = Object.fromEntries(LEAD_CONTEXT_FIELDS.map((f) => [f, lead[f]])) as Omit<LeadContext['lead'], 'equity'>;
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
      conversations: conversations.map((c) => ({ ...c, created_at: iso(c.created_at) })),
    };
  });
}
