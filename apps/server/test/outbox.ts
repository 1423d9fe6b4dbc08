import { sql, type Kysely } from 'kysely';
import type { DomainEventType } from '@wholesail/domain';
import type { DB } from '../src/db/types';
import { poll } from './poll';

/**
 * Waits until `subscriber` has had the event of `type` whose payload contains `match` (committed with its
 * delivery record): what a test waits for before it looks at what the subscriber did, or did not do.
 */
export function deliveredTo(db: Kysely<DB>, subscriber: string, type: DomainEventType, match: Record<string, unknown>): Promise<true> {
  return poll(`${type} ${JSON.stringify(match)} delivered to ${subscriber}`, async () => {
    const r = await sql<{ n: number }>`
      select count(*)::int as n from outbox o join outbox_deliveries d on d.event_id = o.id
      where d.subscriber = ${subscriber} and o.type = ${type} and o.payload @> ${JSON.stringify(match)}::jsonb and d.delivered_at is not null`.execute(db);
    return r.rows[0]!.n > 0 || null;
  });
}
