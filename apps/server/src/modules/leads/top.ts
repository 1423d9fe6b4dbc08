import { sql } from 'kysely';
import { CONTACT_RECENCY_TIERS, compareByScore, compositeScore, type Lead, type ScoreInput, type ScoreTerm } from '@wholesail/domain';
import type { Tx } from '../../db/scope';
import { LEAD_COLUMNS, toLead } from './repo';

/** Below this many leads a recency segment is read whole; above it, walked in score order. */
const SMALL_SEGMENT = 2000;
const DAY_MS = 86_400_000;

export type TopLead = Lead & { composite_score: number; score_breakdown: ScoreTerm[] };

interface Segment {
  bonus: number;
  from: Date | null; // last_contacted_at > from
  to: Date | null; // last_contacted_at <= to (or null contact when `to` is the oldest tier)
  includeNever: boolean;
}

/**
 * The exact top leads by composite score over every non-deleted lead. The score is the stored
 * time-independent part (score_base) plus a contact-recency bonus that is constant within each
 * recency segment, so each segment's best leads are its best by score_base: read up to `limit` from
 * each segment (by the contact-date index when the segment is small, by the score index otherwise),
 * then rank the candidates with the domain rule itself.
 */
export async function topLeads(tx: Tx, organizationId: string, limit: number, now = new Date(), smallSegment = SMALL_SEGMENT): Promise<TopLead[]> {
  const tiers = [...CONTACT_RECENCY_TIERS].sort((a, b) => a.days - b.days);
  const segments: Segment[] = [];
  let newer: Date | null = null;
  for (const tier of tiers) {
    const from = new Date(now.getTime() - tier.days * DAY_MS);
    segments.push({ bonus: tier.points, from, to: newer, includeNever: false });
    newer = from;
  }
  segments.push({ bonus: 0, from: null, to: newer, includeNever: true });

  const candidates: Array<{ id: string; score: number; created_at: Date }> = [];
  for (const segment of segments) {
    for (const row of await segmentBest(tx, organizationId, segment, limit, smallSegment)) {
      candidates.push({ id: row.id, score: row.score_base + segment.bonus, created_at: row.created_at });
    }
  }
  const ids = candidates.sort(compareByScore).slice(0, limit).map((c) => c.id);
  if (ids.length === 0) return [];
  const rows = await tx.selectFrom('leads').select(LEAD_COLUMNS).where('organization_id', '=', organizationId).where('id', 'in', ids).execute();
  return rows
    .map((row) => {
      const lead = toLead(row);
      const { score, breakdown } = compositeScore(lead as unknown as ScoreInput, now);
      return { ...lead, composite_score: score, score_breakdown: breakdown };
    })
    .sort((a, b) => compareByScore({ score: a.composite_score, created_at: a.created_at }, { score: b.composite_score, created_at: b.created_at }));
}

async function segmentBest(tx: Tx, organizationId: string, s: Segment, limit: number, smallSegment: number) {
  const inSegment = sql<boolean>`(${
    s.from ? sql`last_contacted_at > ${s.from}` : sql`true`
  } and ${s.to ? sql`last_contacted_at <= ${s.to}` : sql`true`}${s.includeNever ? sql` or last_contacted_at is null` : sql``})`;
  const base = tx
    .selectFrom('leads')
    .where('organization_id', '=', organizationId)
    .where('status', '<>', 'deleted')
    .where(inSegment);
  const size = await tx
    .selectFrom(base.select(sql`1`.as('one')).limit(smallSegment).as('s'))
    .select(sql<number>`count(*)::int`.as('n'))
    .executeTakeFirstOrThrow();
  const ordered = (q: typeof base) =>
    q.select(['id', 'score_base', 'created_at']).orderBy('score_base', 'desc').orderBy('created_at', 'desc').limit(limit);
  if (size.n < smallSegment) {
    // A small segment: read it through the contact-date index and sort it, never walking the score index.
    return tx
      .with((cte) => cte('segment').materialized(), (db) => db.selectFrom('leads').select(['id', 'score_base', 'created_at']).where('organization_id', '=', organizationId).where('status', '<>', 'deleted').where(inSegment))
      .selectFrom('segment')
      .select(['id', 'score_base', 'created_at'])
      .orderBy('score_base', 'desc')
      .orderBy('created_at', 'desc')
      .limit(limit)
      .execute() as Promise<Array<{ id: string; score_base: number; created_at: Date }>>;
  }
  return ordered(base).execute() as Promise<Array<{ id: string; score_base: number; created_at: Date }>>;
}
