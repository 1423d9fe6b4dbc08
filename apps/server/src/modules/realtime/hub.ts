import type { FastifyBaseLogger } from 'fastify';
import type { RealtimeEvent } from '@wholesail/domain';
import type { Database } from '../../db/database';

export const CHANGE_CHANNEL = 'wholesail_changes';

type Subscriber = (event: RealtimeEvent) => void;

/**
 * Fans the database change feed (NOTIFY on CHANGE_CHANNEL, see migration 0002) out to this
 * process's websocket clients, by organization. Every instance listens, so a change written
 * through any instance reaches clients of all of them.
 */
export class RealtimeHub {
  readonly #byOrganization = new Map<string, Set<Subscriber>>();
  #stop: (() => Promise<void>) | null = null;

  constructor(private readonly log: FastifyBaseLogger) {}

  async start(database: Database): Promise<void> {
    this.#stop = await database.listen(CHANGE_CHANNEL, (payload) => this.dispatch(payload));
  }

  async stop(): Promise<void> {
    await this.#stop?.();
    this.#stop = null;
  }

  subscribe(organizationId: string, subscriber: Subscriber): () => void {
    let set = this.#byOrganization.get(organizationId);
    if (!set) this.#byOrganization.set(organizationId, (set = new Set()));
    set.add(subscriber);
    return () => {
      set.delete(subscriber);
      if (set.size === 0) this.#byOrganization.delete(organizationId);
    };
  }

  private dispatch(payload: string): void {
    let change: { table: string; op: RealtimeEvent['op']; organization_id: string; record: Record<string, unknown> };
    try {
      change = JSON.parse(payload);
    } catch {
      this.log.warn({ payload: payload.slice(0, 200) }, 'realtime: unreadable change payload');
      return;
    }
    const subscribers = this.#byOrganization.get(change.organization_id);
    if (!subscribers) return;
    const event: RealtimeEvent = { table: change.table, op: change.op, record: change.record };
    for (const subscriber of subscribers) subscriber(event);
  }
}
