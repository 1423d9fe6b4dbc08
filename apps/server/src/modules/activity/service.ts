import type { ActivityPage, ActivityQuery } from '@wholesail/domain';
import { keysetPage } from '../../db/keyset';
import { iso } from '../../db/timestamps';
import type { RequestContext } from '../../http/context';
import { notFound } from '../../http/errors';
import { describe } from './describe';
import { leadActivity, leadExists, type ActivityRow } from './repo';

const detailsOf = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/** A job's entry names its automation (details.automation); any other entry without a member is the system's. */
function actorName(row: Pick<ActivityRow, 'actor_id' | 'actor_name'>, details: Record<string, unknown>): string {
  if (row.actor_id) return row.actor_name ?? 'A former member';
  return typeof details.automation === 'string' ? details.automation : 'System';
}

/** GET /api/leads/:id/activity: the lead's timeline, newest first; 404 for a lead not of the organization. */
export function leadTimeline(ctx: RequestContext, leadId: string, query: ActivityQuery): Promise<ActivityPage> {
  return ctx.read(async (tx) => {
    if (!(await leadExists(tx, ctx.organizationId, leadId))) throw notFound('Lead not found');
    const { page, next_cursor } = keysetPage(await leadActivity(tx, ctx.organizationId, leadId, query.limit, query.cursor), query.limit);
    return {
      items: page.map((row) => {
        const details = detailsOf(row.details);
        const { kind, summary, call_id, conversation_id } = describe(row.action, details);
        return {
          id: row.id, action: row.action, kind, summary, created_at: iso(row.created_at),
          actor: { id: row.actor_id, name: actorName(row, details) }, links: { call_id, conversation_id },
        };
      }),
      next_cursor,
    };
  });
}
