import type { Diagnostics, FeedItem } from '@wholesail/domain';

export const LEAD_ID = '11111111-1111-4111-8111-111111111111';
export const SEQUENCE_ID = '22222222-2222-4222-8222-222222222222';
export const RULE_ID = '33333333-3333-4333-8333-333333333333';

export function feedItem(overrides: Partial<FeedItem> = {}): FeedItem {
  return {
    id: 'aaaaaaaa-0000-4000-8000-000000000001', source: 'sequence', kind: 'text', outcome: 'moved',
    at: '2099-01-02T14:00:00.000Z', recorded_at: '2026-01-02T13:12:00.000Z',
    reason: 'Texas allows no solicitation on Sunday before noon; moved to 12:00 PM.',
    lead: { id: LEAD_ID, name: 'Pat Seller' }, sequence: { id: SEQUENCE_ID, name: 'New lead follow-up', step_count: 3 }, step_index: 1, rule: null, job_id: null,
    ...overrides,
  };
}

export function diagnostics(overrides: Partial<Diagnostics> = {}): Diagnostics {
  const none = { waiting: 0, scheduled: 0, retrying: 0, running: 0, failed: 0 };
  return {
    checked_at: '2026-03-01T12:00:00.000Z',
    can_manage_jobs: true,
    queues: [
      { name: 'lead.ai-score', label: 'AI scoring', waiting: 12, scheduled: 0, retrying: 1, running: 2, failed: 3, oldest_waiting_seconds: 125, organization: { ...none, waiting: 4, failed: 1 } },
      { name: 'automation.step', label: 'Sequence steps', ...none, scheduled: 40, oldest_waiting_seconds: null, organization: { ...none, scheduled: 40 } },
    ],
    failures: [
      { id: 'bbbbbbbb-0000-4000-8000-000000000001', queue: 'lead.ai-score', label: 'AI scoring', failed_at: '2026-03-01T11:00:00.000Z', attempts: 6, error: 'The language model timed out', lead: { id: LEAD_ID, name: 'Pat Seller' } },
    ],
    failures_total: 1,
    system_failures: 2,
    workers: {
      heartbeat_seconds: 10, alive_within_seconds: 30,
      items: [
        { id: 'cccccccc-0000-4000-8000-000000000001', started_at: '2026-03-01T08:00:00.000Z', last_beat_at: '2026-03-01T11:59:55.000Z', alive: true, running: 2 },
        { id: 'cccccccc-0000-4000-8000-000000000002', started_at: '2026-03-01T07:00:00.000Z', last_beat_at: '2026-03-01T10:00:00.000Z', alive: false, running: 1 },
      ],
    },
    outbox: {
      pending: 3, oldest_pending_seconds: 42,
      failures: [{ event_id: '77', event_type: 'lead.created', subscriber: 'automation.rules', attempts: 10, error: 'rule table locked', next_attempt_at: null, gave_up: true, created_at: '2026-03-01T09:00:00.000Z' }],
    },
    listen: [
      { channel: 'wholesail_changes', purpose: 'The change feed: row changes pushed to open screens as they happen.', listening: true, since: '2026-03-01T08:00:00.000Z' },
      { channel: 'wholesail_outbox', purpose: 'Event delivery: a written event wakes its delivery at once instead of at the next poll.', listening: false, since: '2026-03-01T11:58:00.000Z' },
    ],
    ...overrides,
  };
}
