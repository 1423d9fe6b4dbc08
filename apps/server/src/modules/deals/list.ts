import { sql } from 'kysely';
import { OPEN_DEAL_STAGES, type Deal, type DueDeal } from '@wholesail/domain';
import type { Tx } from '../../db/scope';
import { searchPattern } from '../leads/list';
import { readSection } from '../settings/repo';
import * as repo from './repo';

type Filters = { stage?: Deal['stage'] | 'open'; owner?: string; lead_id?: string; search?: string };

/** The deals the list's filters leave (the list and its export). */
export function filteredDeals(tx: Tx, organizationId: string, f: Filters) {
  let q = repo.dealQuery(tx, organizationId);
  if (f.stage === 'open') q = q.where('d.stage', 'in', OPEN_DEAL_STAGES);
  else if (f.stage) q = q.where('d.stage', '=', f.stage);
  if (f.owner) q = q.where('d.owner_user_id', '=', f.owner);
  if (f.lead_id) q = q.where('d.lead_id', '=', f.lead_id);
  if (f.search) q = q.where(sql<boolean>`l.search_text like ${searchPattern(f.search)}`);
  return q;
}

/** A page of deals, most recently changed first, with the count of every match. */
export async function listDeals(tx: Tx, organizationId: string, f: Filters & { limit: number; offset: number }) {
  const q = filteredDeals(tx, organizationId, f);
  const [rows, count, settings] = await Promise.all([
    q.orderBy('d.updated_at', 'desc').orderBy('d.id').limit(f.limit).offset(f.offset).execute(),
    q.clearSelect().select(repo.countOf.as('n')).executeTakeFirstOrThrow(),
    readSection(tx, organizationId, 'deals'),
  ]);
  return { items: rows.map((r) => repo.toDeal(r, settings)), total: count.n };
}

const KINDS = [
  ['earnest_money_due', 'earnest_money'],
  ['inspection_ends', 'inspection'],
  ['closing_date', 'closing'],
] as const;

/**
 * Open deals with a deadline task still pending that is due within 3 days or already passed, soonest first: a
 * deadline needs action until its task is marked done.
 */
export async function dueDeals(tx: Tx, organizationId: string, now = new Date()): Promise<DueDeal[]> {
  const soon = new Date(now.getTime() + 3 * 86_400_000);
  const tasks = await tx
    .selectFrom('ai_tasks')
    .select(['deal_id', 'proposed_time'])
    .where('organization_id', '=', organizationId)
    .where('task_type', '=', 'deal_deadline')
    .where('status', '=', 'pending')
    .where('proposed_time', '<=', soon)
    .orderBy('proposed_time')
    .limit(200)
    .execute();
  const first = new Map<string, string>();
  for (const t of tasks) if (t.deal_id && !first.has(t.deal_id)) first.set(t.deal_id, new Date(t.proposed_time!).toISOString().slice(0, 10));
  if (first.size === 0) return [];
  const [rows, settings] = await Promise.all([
    repo.dealQuery(tx, organizationId).where('d.id', 'in', [...first.keys()]).where('d.stage', 'in', OPEN_DEAL_STAGES).execute(),
    readSection(tx, organizationId, 'deals'),
  ]);
  return rows
    .map((r) => {
      const deal = repo.toDeal(r, settings);
      const date = first.get(deal.id)!;
      const kind = KINDS.find(([field]) => deal[field] === date)?.[1] ?? 'closing';
      return { ...deal, next_deadline: { kind, date } };
    })
    .sort((a, b) => a.next_deadline.date.localeCompare(b.next_deadline.date));
}
