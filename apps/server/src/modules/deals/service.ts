import {
  DEAL_STAGE_LABELS,
  missingForStage,
  stageRefusal,
  type Deal,
  type DealPatch,
  type DealStage,
  type LeadStatus,
} from '@wholesail/domain';
import type { Tx } from '../../db/scope';
import { violatesUnique } from '../../db/constraint';
import type { OrgContext } from '../../http/context';
import { badRequest, conflict, notFound } from '../../http/errors';
import { audit } from '../audit/audit';
import { findLead, updateLead as updateLeadRow } from '../leads/repo';
import { emit } from '../outbox/emit';
import { readSection } from '../settings/repo';
import { syncDeadlineTasks } from './deadlines';
import { recordEvent, diff } from './events';
import * as repo from './repo';

const OPEN_DEAL_EXISTS = 'DEAL_EXISTS';
/** Stages a deal reaches only under contract: entering the first of them dates the contract. */
const CONTRACTED: readonly DealStage[] = ['under_contract', 'marketing', 'assigned', 'closed'];

/** The deal as the API returns it, offers included when asked. */
export async function readDeal(tx: Tx, organizationId: string, id: string, withOffers = false): Promise<Deal> {
  const row = await repo.findDealRow(tx, organizationId, id);
  if (!row) throw notFound('Deal not found');
  const deal = repo.toDeal(row, await readSection(tx, organizationId, 'deals'));
  return withOffers ? { ...deal, offers: await repo.listOffers(tx, organizationId, id) } : deal;
}

async function checkReferences(tx: Tx, organizationId: string, patch: DealPatch): Promise<void> {
  if (patch.owner_user_id && !(await repo.isMember(tx, organizationId, patch.owner_user_id))) {
    throw badRequest('owner_user_id: that person is not a member of this organization');
  }
  if (patch.buyer_id && !(await repo.buyerExists(tx, organizationId, patch.buyer_id))) throw badRequest('buyer_id: no such buyer in this organization');
}

async function refuseSecondOpenDeal(tx: Tx, organizationId: string, leadId: string): Promise<void> {
  const open = await repo.openDealOfLead(tx, organizationId, leadId);
  if (open) {
    throw conflict(`This lead already has an open deal (${DEAL_STAGE_LABELS[open.stage as DealStage]}, id ${open.id}): open it instead of starting another`, OPEN_DEAL_EXISTS);
  }
}

/** The lead status a deal's stage gives its lead: the lead is worked through its deal from here on. */
const LEAD_STATUS_OF_STAGE: { readonly [S in DealStage]: LeadStatus } = {
  analyzing: 'interested-set-offer',
  offer_made: 'interested-set-offer',
  under_contract: 'under-contract',
  marketing: 'under-contract',
  assigned: 'under-contract',
  closed: 'closed',
  dead: 'add-to-followup',
};

async function leadFollows(tx: Tx, ctx: OrgContext, leadId: string, stage: DealStage): Promise<void> {
  const lead = await findLead(tx, ctx.organizationId, leadId, true);
  const to = LEAD_STATUS_OF_STAGE[stage];
  if (!lead || lead.status === to || lead.status === 'deleted') return;
  await updateLeadRow(tx, ctx.organizationId, leadId, { status: to });
  await audit(tx, ctx, 'lead.updated', { type: 'lead', id: leadId }, { fields: ['status'], status: { from: lead.status, to }, via: 'deal' });
  await emit(tx, { type: 'lead.updated', organizationId: ctx.organizationId, leadId, fields: ['status'], status: to });
}

export async function createDeal(tx: Tx, ctx: OrgContext, { lead_id, ...fields }: DealPatch & { lead_id: string }): Promise<Deal> {
  const lead = await findLead(tx, ctx.organizationId, lead_id, true);
  if (!lead || lead.status === 'deleted') throw notFound('Lead not found');
  await refuseSecondOpenDeal(tx, ctx.organizationId, lead_id);
  await checkReferences(tx, ctx.organizationId, fields);
  const settings = await readSection(tx, ctx.organizationId, 'deals');
  let id: string;
  try {
    ({ id } = await repo.insertDeal(tx, {
      organization_id: ctx.organizationId,
      lead_id,
      owner_user_id: ctx.user.id,
      target_fee: settings.defaultTargetFee,
      asking_price: null,
      ...fields,
      created_by: ctx.user.id,
    }));
  } catch (error) {
    if (violatesUnique(error, 'deals_one_open_per_lead')) await refuseSecondOpenDeal(tx, ctx.organizationId, lead_id);
    throw error;
  }
  await recordEvent(tx, ctx, id, 'created', 'Deal started');
  await emit(tx, { type: 'deal.created', organizationId: ctx.organizationId, dealId: id, leadId: lead_id });
  await leadFollows(tx, ctx, lead_id, 'analyzing');
  return readDeal(tx, ctx.organizationId, id, true);
}

async function lockedDeal(tx: Tx, organizationId: string, id: string) {
  const row = await repo.findDealRow(tx, organizationId, id, true);
  if (!row) throw notFound('Deal not found');
  return row;
}

export async function updateDeal(tx: Tx, ctx: OrgContext, id: string, patch: DealPatch): Promise<Deal> {
  const current = await lockedDeal(tx, ctx.organizationId, id);
  await checkReferences(tx, ctx.organizationId, patch);
  const changes = diff(repo.comparable(current), patch);
  if (Object.keys(changes).length === 0) return readDeal(tx, ctx.organizationId, id, true);
  await repo.updateDeal(tx, ctx.organizationId, id, patch);
  await recordEvent(tx, ctx, id, 'updated', `Changed ${Object.keys(changes).map((k) => k.replaceAll('_', ' ')).join(', ')}`, changes);
  const deal = await readDeal(tx, ctx.organizationId, id, true);
  await syncDeadlineTasks(tx, ctx, deal);
  return deal;
}

/** Moves a deal, refusing a move that lacks what the stage needs (the fields may come with the move). */
export async function changeStage(tx: Tx, ctx: OrgContext, id: string, body: { stage: DealStage; reason?: string; fields?: DealPatch }): Promise<Deal> {
  const current = await lockedDeal(tx, ctx.organizationId, id);
  const fields = body.fields ?? {};
  await checkReferences(tx, ctx.organizationId, fields);
  const merged = { ...repo.comparable(current), ...fields } as Parameters<typeof missingForStage>[1];
  const missing = missingForStage(body.stage, merged, body.reason);
  if (missing.length > 0) throw badRequest(stageRefusal(DEAL_STAGE_LABELS[body.stage], missing), 'STAGE_NEEDS_DATA');
  const from = current.stage as DealStage;
  if (from === body.stage && Object.keys(fields).length === 0) return readDeal(tx, ctx.organizationId, id, true);
  if ((from === 'closed' || from === 'dead') && body.stage !== 'closed' && body.stage !== 'dead') {
    await refuseSecondOpenDeal(tx, ctx.organizationId, current.lead_id);
  }
  const now = new Date();
  const moved = from !== body.stage;
  const closing = body.stage === 'closed' && moved;
  const actualFee = fields.assignment_fee_actual ?? repo.num(current.assignment_fee_actual) ?? fields.assignment_fee ?? repo.num(current.assignment_fee);
  await repo.updateDeal(tx, ctx.organizationId, id, {
    ...fields,
    stage: body.stage,
    ...(moved ? { stage_changed_at: now } : {}),
    dead_reason: body.stage === 'dead' ? body.reason!.trim() : null,
    ...(CONTRACTED.includes(body.stage) && !current.contracted_at ? { contracted_at: now } : {}),
    ...(closing ? { closed_at: now, assignment_fee_actual: actualFee } : {}),
  });
  const changes = diff(repo.comparable(current), fields);
  const summary = moved ? `Moved from ${DEAL_STAGE_LABELS[from]} to ${DEAL_STAGE_LABELS[body.stage]}${body.stage === 'dead' ? `: ${body.reason!.trim()}` : ''}` : 'Changed the deal';
  await recordEvent(tx, ctx, id, 'stage', summary, { ...changes, ...(moved ? { stage: { from, to: body.stage } } : {}) });
  if (moved) {
    await emit(tx, { type: 'deal.stage_changed', organizationId: ctx.organizationId, dealId: id, leadId: current.lead_id, from, to: body.stage });
    await leadFollows(tx, ctx, current.lead_id, body.stage);
  }
  const deal = await readDeal(tx, ctx.organizationId, id, true);
  await syncDeadlineTasks(tx, ctx, deal);
  return deal;
}

/** The latest analysis number of a deal, for the next save. */
export async function nextAnalysisVersion(tx: Tx, organizationId: string, dealId: string): Promise<number> {
  await lockedDeal(tx, organizationId, dealId);
  const row = await tx
    .selectFrom('deal_analyses')
    .select((eb) => eb.fn.max('version').as('v'))
    .where('organization_id', '=', organizationId)
    .where('deal_id', '=', dealId)
    .executeTakeFirst();
  return Number(row?.v ?? 0) + 1;
}
