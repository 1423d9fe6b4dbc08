// Generated from the migrations by `npm run db:types` (db/generate-types.ts); a test fails when it is out of date.
import type { Generated, Int8, Json, Timestamp } from './types-columns';

export interface AutomationRuleRuns {
  created_at: Generated<Timestamp>;
  details: Generated<Json>;
  event_key: string;
  id: Generated<string>;
  lead_id: string;
  organization_id: string;
  outcome: 'applied' | 'skipped' | 'failed';
  reason: string | null;
  rule_id: string;
}

export interface AutomationRules {
  actions: Json;
  conditions: Generated<Json>;
  created_at: Generated<Timestamp>;
  created_by: string | null;
  id: Generated<string>;
  is_active: Generated<boolean>;
  name: string;
  organization_id: string;
  round_robin_next: Generated<number>;
  trigger: Json;
  updated_at: Generated<Timestamp>;
}

export interface JobWorkers {
  instance_id: string;
  running: Generated<string[]>;
  seen_at: Generated<Timestamp>;
  started_at: Generated<Timestamp>;
}

export interface Outbox {
  created_at: Generated<Timestamp>;
  delivered_at: Timestamp | null;
  id: Generated<Int8>;
  organization_id: string;
  payload: Json;
  type: string;
}

export interface OutboxDeliveries {
  attempts: Generated<number>;
  delivered_at: Timestamp | null;
  event_id: Int8;
  gave_up_at: Timestamp | null;
  last_error: string | null;
  next_attempt_at: Timestamp | null;
  organization_id: string;
  subscriber: string;
}

export interface SequenceEnrollments {
  current_step: Generated<number>;
  ended_at: Timestamp | null;
  enrolled_at: Generated<Timestamp>;
  enrolled_by: string | null;
  exit_reason: 'replied' | 'dnc' | 'status_changed' | 'deal_opened' | 'removed' | null | null;
  id: Generated<string>;
  lead_id: string;
  next_due_at: Timestamp | null;
  organization_id: string;
  sequence_id: string;
  status: Generated<'active' | 'completed' | 'exited'>;
}

export interface Sequences {
  cooldown_days: Generated<number>;
  created_at: Generated<Timestamp>;
  created_by: string | null;
  daily_cap: number | null;
  exit_statuses: Generated<string[]>;
  id: Generated<string>;
  is_active: Generated<boolean>;
  name: string;
  organization_id: string;
  steps: Json;
  stop_on_reply: Generated<boolean>;
  updated_at: Generated<Timestamp>;
}

export interface SequenceStepRuns {
  created_at: Generated<Timestamp>;
  due_at: Timestamp | null;
  enrollment_id: string;
  id: Generated<string>;
  kind: 'text' | 'email' | 'call_task' | 'set_status' | 'add_tag' | 'remove_tag' | 'wait_until';
  moved_to: Timestamp | null;
  organization_id: string;
  ran_at: Timestamp | null;
  reason: string | null;
  state: 'done' | 'due' | 'moved' | 'skipped' | 'running';
  step_index: number;
  updated_at: Generated<Timestamp>;
}

export interface SystemNotifications {
  body: string | null;
  created_at: Generated<Timestamp>;
  id: Generated<string>;
  kind: Generated<string>;
  level: Generated<'info' | 'success' | 'warning' | 'error'>;
  link: string | null;
  organization_id: string;
  read_at: Timestamp | null;
  title: string;
  user_id: string;
}
