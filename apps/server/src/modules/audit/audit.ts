import { sql } from 'kysely';
import type { Tx } from '../../db/scope';

/** Who did it: a member, or (user null) the system, e.g. a text that came in. */
export interface AuditActor {
  organizationId: string;
  user: { id: string } | null;
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
  if (targets.length === 0) return;
  const json = JSON.stringify(details);
  await tx
    .insertInto('activity_logs')
    .values(
      targets.map((target) => ({
        organization_id: actor.organizationId,
        actor_id: actor.user?.id ?? null,
        action,
        entity_type: target.type,
        entity_id: target.id ?? null,
        details: json,
        // The moment of writing, not the transaction's start: a use case's entries keep the order they were written in.
        created_at: sql<Date>`clock_timestamp()`,
      })),
    )
    .execute();
}

/** The actor of work no member did (inbound texts, jobs). */
export const systemActor = (organizationId: string): AuditActor => ({ organizationId, user: null });
