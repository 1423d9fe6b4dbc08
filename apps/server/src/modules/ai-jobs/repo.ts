import { sql, type Updateable } from 'kysely';
import type { Lead } from '@wholesail/domain';
import type { Tx } from '../../db/scope';
import { iso } from '../../db/timestamps';
import type { Leads } from '../../db/types';
import { findLead, LEAD_COLUMNS, toLead } from '../leads/repo';
import type { ConversationAnalysis } from './analysis';
import type { CallSummary } from './scoring';

/** Named, not `*`: see LEAD_COLUMNS (leads/repo.ts). */
const ANALYSIS_COLUMNS = ['conversation_id', 'lead_id', 'sentiment', 'motivation_signals', 'objections', 'next_step', 'source', 'model', 'analyzed_at'] as const;

// ---------------------------------------------------------------------------------------------
// Leads

export async function findLiveLead(tx: Tx, organizationId: string, leadId: string): Promise<Lead | null> {
  const row = await findLead(tx, organizationId, leadId);
  return row ? toLead(row) : null;
}

/** The lead's row, locked for this transaction: what an idempotent job compares its request time with. */
export async function lockLead(tx: Tx, organizationId: string, leadId: string): Promise<Lead | null> {
  const row = await findLead(tx, organizationId, leadId, true);
  return row ? toLead(row) : null;
}

/** The lead's calls that have an outcome or notes, newest first. */
export async function recentCalls(tx: Tx, organizationId: string, leadId: string, limit: number): Promise<CallSummary[]> {
  const rows = await tx
    .selectFrom('calls')
    .select(['disposition', 'notes', 'completed_at', 'created_at'])
    .where('organization_id', '=', organizationId)
    .where('lead_id', '=', leadId)
    .where((eb) => eb.or([eb('disposition', 'is not', null), eb('notes', 'is not', null)]))
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ disposition: r.disposition, notes: r.notes, completed_at: iso(r.completed_at ?? r.created_at) }));
}

export interface StoredScore {
  ai_score: number;
  ai_score_reasons: string[];
  ai_score_source: string;
  ai_scored_at: Date;
}

/** Writes the score onto the lead; the lead's own data (and updated_at) is left as it is. */
export async function storeLeadScore(tx: Tx, organizationId: string, leadId: string, score: StoredScore): Promise<void> {
  await tx
    .updateTable('leads')
    .set({ ai_score: score.ai_score, ai_score_reasons: score.ai_score_reasons, ai_score_source: score.ai_score_source, ai_scored_at: score.ai_scored_at })
    .where('organization_id', '=', organizationId)
    .where('id', '=', leadId)
    .execute();
}

/** Fills the lead's columns in `values` (already checked to be empty) and its derived ones. */
export async function fillLead(tx: Tx, organizationId: string, leadId: string, values: Updateable<Leads>): Promise<void> {
  await tx
    .updateTable('leads')
    .set({ ...values, updated_at: new Date() })
    .where('organization_id', '=', organizationId)
    .where('id', '=', leadId)
    .execute();
}

// ---------------------------------------------------------------------------------------------
// The leads an import created (for the import's enrichment and scoring)

export interface ImportWindow {
  createdBy: string | null;
  from: Date;
  to: Date;
}

/**
 * An import inserts its leads with source 'csv_import' and its creator, in batch transactions that
 * begin after the import's start and commit before its finish: those leads are the import's.
 */
export async function findImportWindow(tx: Tx, organizationId: string, importId: string): Promise<ImportWindow | null> {
  const row = await tx
    .selectFrom('lead_imports')
    .select(['created_by', 'started_at', 'finished_at'])
    .where('organization_id', '=', organizationId)
    .where('id', '=', importId)
    .executeTakeFirst();
  if (!row?.started_at) return null;
  return { createdBy: row.created_by, from: new Date(row.started_at), to: row.finished_at ? new Date(row.finished_at) : new Date() };
}

export interface PageCursor {
  created_at: string;
  id: string;
}

/** The next page of the import's leads in (created_at, id) order, only those `pending` says still need the work. */
export async function importLeadsPage(
  tx: Tx,
  organizationId: string,
  window: ImportWindow,
  pending: 'unscored' | 'unenriched',
  after: PageCursor | undefined,
  limit: number,
): Promise<{ leads: Lead[]; last: PageCursor | null; full: boolean }> {
  let q = tx
    .selectFrom('leads')
    .select(LEAD_COLUMNS)
    // The cursor keeps the database's microseconds: a JavaScript Date would cut them and re-read the page.
    .select(sql<string>`created_at::text`.as('cursor_at'))
    .where('organization_id', '=', organizationId)
    .where('status', '<>', 'deleted')
    .where('source', '=', 'csv_import')
    .where('created_at', '>=', window.from)
    .where('created_at', '<=', window.to);
  q = window.createdBy === null ? q.where('created_by', 'is', null) : q.where('created_by', '=', window.createdBy);
  if (after) q = q.where(sql<boolean>`(created_at, id) > (${after.created_at}::timestamptz, ${after.id}::uuid)`);
  // The page is read in full so the cursor moves past leads that no longer need the work.
  const rows = await q.orderBy('created_at').orderBy('id').limit(limit).execute();
  const lastRow = rows.at(-1);
  const leads = rows.map(toLead).filter((l) => (pending === 'unscored' ? l.ai_scored_at === null : l.enriched_at === null));
  return { leads, last: lastRow ? { created_at: lastRow.cursor_at, id: lastRow.id } : null, full: rows.length === limit };
}

/** Stores many scores in one statement (the rows of one page of an import). */
export async function storeLeadScores(tx: Tx, organizationId: string, rows: Array<{ id: string } & StoredScore>): Promise<void> {
  if (rows.length === 0) return;
  await sql`
    update leads l
    set ai_score = v.ai_score, ai_score_reasons = v.ai_score_reasons, ai_score_source = v.ai_score_source, ai_scored_at = v.ai_scored_at
    from json_populate_recordset(null::leads, ${JSON.stringify(rows)}::json) v
    where l.organization_id = ${organizationId}::uuid and l.id = v.id`.execute(tx);
}

/** Row changes of this transaction stay off the change feed (a page of an import's leads). */
export async function quietTransaction(tx: Tx): Promise<void> {
  await sql`select set_config('app.bulk_write', 'on', true)`.execute(tx);
}

// ---------------------------------------------------------------------------------------------
// Conversations

export interface ConversationRow {
  id: string;
  lead_id: string | null;
  body: string;
  direction: 'inbound' | 'outbound';
  channel: string;
  created_at: string;
}

export async function findConversation(tx: Tx, organizationId: string, id: string): Promise<ConversationRow | null> {
  const row = await tx
    .selectFrom('conversations')
    .select(['id', 'lead_id', 'body', 'direction', 'channel', 'created_at'])
    .where('organization_id', '=', organizationId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? { ...row, created_at: iso(row.created_at) } : null;
}

/** The lead's messages before `message`, oldest first (at most `limit`, the most recent ones). */
export async function earlierMessages(tx: Tx, organizationId: string, message: ConversationRow, limit: number): Promise<ConversationRow[]> {
  if (!message.lead_id) return [];
  const rows = await tx
    .selectFrom('conversations')
    .select(['id', 'lead_id', 'body', 'direction', 'channel', 'created_at'])
    .where('organization_id', '=', organizationId)
    .where('lead_id', '=', message.lead_id)
    .where('id', '<>', message.id)
    .where('created_at', '<=', new Date(message.created_at))
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
  return rows.reverse().map((r) => ({ ...r, created_at: iso(r.created_at) }));
}

export interface StoredAnalysis extends ConversationAnalysis {
  conversation_id: string;
  lead_id: string | null;
  source: 'rules' | 'llm';
  model: string | null;
  analyzed_at: string;
}

function toAnalysis(row: {
  conversation_id: string; lead_id: string | null; sentiment: ConversationAnalysis['sentiment']; motivation_signals: string[]; objections: string[]; next_step: string;
  source: 'rules' | 'llm'; model: string | null; analyzed_at: Date | string;
}): StoredAnalysis {
  return {
    conversation_id: row.conversation_id,
    lead_id: row.lead_id,
    sentiment: row.sentiment,
    motivation_signals: row.motivation_signals,
    objections: row.objections,
    next_step: row.next_step,
    source: row.source,
    model: row.model,
    analyzed_at: iso(row.analyzed_at),
  };
}

export async function findAnalysis(tx: Tx, organizationId: string, conversationId: string, lock = false): Promise<StoredAnalysis | null> {
  const q = tx.selectFrom('conversation_analyses').select(ANALYSIS_COLUMNS).where('organization_id', '=', organizationId).where('conversation_id', '=', conversationId);
  const row = await (lock ? q.forUpdate() : q).executeTakeFirst();
  return row ? toAnalysis(row) : null;
}

/** One row per conversation: a re-run replaces it. */
export async function upsertAnalysis(tx: Tx, organizationId: string, a: Omit<StoredAnalysis, 'analyzed_at'> & { analyzed_at: Date }): Promise<StoredAnalysis> {
  const values = {
    sentiment: a.sentiment,
    motivation_signals: a.motivation_signals,
    objections: a.objections,
    next_step: a.next_step,
    source: a.source,
    model: a.model,
    analyzed_at: a.analyzed_at,
    lead_id: a.lead_id,
  };
  const row = await tx
    .insertInto('conversation_analyses')
    .values({ organization_id: organizationId, conversation_id: a.conversation_id, ...values })
    .onConflict((oc) => oc.columns(['organization_id', 'conversation_id']).doUpdateSet(values))
    .returning(ANALYSIS_COLUMNS)
    .executeTakeFirstOrThrow();
  return toAnalysis(row);
}
