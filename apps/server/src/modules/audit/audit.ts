import { sql } from 'kysely';
import type { Tx } from '../../db/scope';

/** Who did it: a member, or (user null) the system, e.g. a text that came in. */
export interface AuditActor {
  organizationId: string;
  user: { id: string } | null;
  /** Set when the member acted through an API key: the entry says which key. */
  apiKey?: { id: string };
}

/** What it was done to, when it is one thing (a lead, an invitation, a number). */
export interface AuditTarget {
  type: string;
  id?: string;
}

/** Records an action in activity_logs, in the transaction that does it. */
export async function audit(tx: Tx, actor: AuditActor, action: string, target: AuditTarget, details: Record<string, unknown> = {}): Promise<void> {
  await auditEach(tx, actor, action, [target], details);
}

/** The same action on several things (a bulk update's leads): one row each, so each one's timeline shows it. */
export async function auditEach(tx: Tx, actor: AuditActor, action: string, targets: readonly AuditTarget[], details: Record<string, unknown> = {}): Promise<void> {
  await auditRows(tx, actor, targets.map((target) => ({ action, target, details })));
}

/** One entry per row, each with its own action and details (a batch of sequence steps), in one statement whatever the count. */
export async function auditRows(tx: Tx, actor: AuditActor, rows: ReadonlyArray<{ action: string; target: AuditTarget; details?: Record<string, unknown> }>): Promise<void> {
  if (rows.length === 0) return;
  // Arrays unnested rather than a VALUES row each: a statement's parameters are bounded, and binding thousands is
  // slow. Each distinct details document is sent once (a bulk change's rows share one) and picked by its position.
  const via = actor.apiKey ? { api_key_id: actor.apiKey.id } : {};
  const json = rows.map((r) => JSON.stringify({ ...r.details, ...via }));
  const documents = [...new Set(json)];
  const position = new Map(documents.map((d, i) => [d, i + 1]));
  // clock_timestamp(): the moment of writing, not the transaction's start, so a use case's entries keep their order.
  await sql`
    insert into activity_logs (organization_id, actor_id, action, entity_type, entity_id, details, created_at)
    select ${actor.organizationId}::uuid, ${actor.user?.id ?? null}, u.action, u.entity_type, u.entity_id, (${sql.val(documents)}::jsonb[])[u.document], clock_timestamp()
    from unnest(
      ${sql.val(rows.map((r) => r.action))}::text[], ${sql.val(rows.map((r) => r.target.type))}::text[],
      ${sql.val(rows.map((r) => r.target.id ?? null))}::text[], ${sql.val(json.map((d) => position.get(d)!))}::int[]
    ) with ordinality as u(action, entity_type, entity_id, document, n)
    order by u.n`.execute(tx);
}

/** The actor of work no member did (inbound texts, jobs). */
export const systemActor = (organizationId: string): AuditActor => ({ organizationId, user: null });
