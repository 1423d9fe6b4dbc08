import { FEED_OUTCOMES_BY_SOURCE, FEED_SOURCES, type FeedPage, type FeedQuery, type FeedSource } from '@wholesail/domain';
import type { Tx } from '../../db/scope';
import { aiRows } from './feed-ai';
import { ruleRows } from './feed-rules';
import { stepRows, type FeedRow, type SourceFilter } from './feed-steps';
import { cursorOf, newestFirst, parsePosition } from './position';

const READERS: { readonly [S in FeedSource]: (tx: Tx, filter: SourceFilter) => Promise<FeedRow[]> } = { sequence: stepRows, rule: ruleRows, ai: aiRows };

/** Whether a source can hold items the query asks for: a sequence filter keeps only steps, a rule filter only rule runs. */
function asks(source: FeedSource, query: FeedQuery): boolean {
  if (query.source && query.source !== source) return false;
  if (query.sequence_id && source !== 'sequence') return false;
  if (query.rule_id && source !== 'rule') return false;
  return !query.outcome || FEED_OUTCOMES_BY_SOURCE[source].includes(query.outcome);
}

/**
 * GET /api/orchestrator/feed: one page of what the machine did and will do, newest first. Each source gives its
 * page plus one (in the tenant transaction, each also filtering on the organization); merged, the first `limit`
 * are the page, and more exist exactly when the merge holds more than that.
 */
export async function orchestratorFeed(tx: Tx, organizationId: string, query: FeedQuery): Promise<FeedPage> {
  const filter: SourceFilter = {
    organizationId, leadId: query.lead_id, sequenceId: query.sequence_id, ruleId: query.rule_id, outcome: query.outcome,
    position: parsePosition(query.before), limit: query.limit + 1,
  };
  const rows: FeedRow[] = [];
  // One after another: a transaction's statements share its one connection.
  for (const source of FEED_SOURCES) if (asks(source, query)) rows.push(...(await READERS[source](tx, filter)));
  rows.sort(newestFirst);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map(({ position: _position, ...item }) => item),
    next_before: rows.length > query.limit && last ? cursorOf(last) : null,
  };
}
