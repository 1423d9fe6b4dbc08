// Generated from the migrations by `npm run db:types` (db/generate-types.ts); a test fails when it is out of date.
import type { Generated, Timestamp } from './types-columns';

export interface WebhookDeliveries {
  attempt_count: Generated<number>;
  body: string;
  created_at: Generated<Timestamp>;
  endpoint_id: string;
  event_id: string | null;
  event_type: string;
  id: Generated<string>;
  message_id: string;
  next_attempt_at: Timestamp | null;
  organization_id: string;
  status: Generated<'pending' | 'succeeded' | 'failed'>;
  updated_at: Generated<Timestamp>;
}

export interface WebhookDeliveryAttempts {
  attempt: number;
  delivery_id: string;
  duration_ms: number;
  error: string | null;
  manual: Generated<boolean>;
  organization_id: string;
  response_body: string | null;
  started_at: Timestamp;
  status_code: number | null;
}

export interface WebhookEndpoints {
  created_at: Generated<Timestamp>;
  created_by: string | null;
  description: string | null;
  disabled_at: Timestamp | null;
  disabled_reason: string | null;
  enabled: Generated<boolean>;
  events: string[];
  failing_since: Timestamp | null;
  id: Generated<string>;
  organization_id: string;
  previous_secret: string | null;
  previous_secret_expires_at: Timestamp | null;
  secret: string;
  updated_at: Generated<Timestamp>;
  url: string;
}
