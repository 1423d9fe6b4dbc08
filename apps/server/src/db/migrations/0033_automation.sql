-- Automation (issue 22, docs/api-automation.md): sequences of steps, the leads enrolled in them, and what each
-- step of an enrolment did. The steps are the domain's schema (packages/domain automation/sequence-api.ts),
-- checked by the server on every write; the database keeps them as a JSON array.
CREATE TABLE sequences (
  organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 120),
  steps jsonb NOT NULL CHECK (jsonb_typeof(steps) = 'array' AND jsonb_array_length(steps) BETWEEN 1 AND 30),
  stop_on_reply boolean NOT NULL DEFAULT true,
  cooldown_days integer NOT NULL DEFAULT 30 CHECK (cooldown_days BETWEEN 0 AND 365),
  daily_cap integer CHECK (daily_cap BETWEEN 1 AND 10000),
  exit_statuses text[] NOT NULL DEFAULT '{}',
  is_active boolean NOT NULL DEFAULT true,
  created_by text REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (organization_id, id)
);
CREATE INDEX sequences_name_idx ON sequences (organization_id, name);

-- A lead in a sequence. current_step is the index of the next step to run; next_due_at when it runs (after any
-- move into the calling window). ended_at is set when the enrolment completes or exits (with its reason).
CREATE TABLE sequence_enrollments (
  organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  sequence_id uuid NOT NULL,
  lead_id uuid NOT NULL,
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'completed', 'exited')),
  exit_reason text CHECK (exit_reason IN ('replied', 'dnc', 'status_changed', 'deal_opened', 'removed')),
  current_step integer NOT NULL DEFAULT 0 CHECK (current_step >= 0),
  next_due_at timestamptz,
  enrolled_by text REFERENCES users(id) ON DELETE SET NULL,
  enrolled_at timestamptz NOT NULL DEFAULT now(),
  ended_at timestamptz,
  PRIMARY KEY (organization_id, id),
  CHECK ((status = 'exited') = (exit_reason IS NOT NULL)),
  CHECK ((status = 'active') = (ended_at IS NULL)),
  FOREIGN KEY (organization_id, sequence_id) REFERENCES sequences (organization_id, id) ON DELETE CASCADE,
  FOREIGN KEY (organization_id, lead_id) REFERENCES leads (organization_id, id) ON DELETE CASCADE
);
-- A lead is in a sequence once at a time.
CREATE UNIQUE INDEX sequence_enrollments_one_active ON sequence_enrollments (organization_id, sequence_id, lead_id) WHERE status = 'active';
-- The cooldown reads a lead's last enrolment of a sequence; the counts read a sequence's enrolments by status.
CREATE INDEX sequence_enrollments_sequence_idx ON sequence_enrollments (organization_id, sequence_id, lead_id, ended_at);
CREATE INDEX sequence_enrollments_lead_idx ON sequence_enrollments (organization_id, lead_id, enrolled_at DESC);
-- The engine (a later piece) reads the active enrolments in due order.
CREATE INDEX sequence_enrollments_due_idx ON sequence_enrollments (next_due_at) WHERE status = 'active';

-- What one step of an enrolment did: due, done, moved into the calling window (moved_to, reason) or skipped
-- (reason). (enrolment, step) is the step's idempotency key: a step runs once whatever retries or instances.
CREATE TABLE sequence_step_runs (
  organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  enrollment_id uuid NOT NULL,
  step_index integer NOT NULL CHECK (step_index BETWEEN 0 AND 29),
  kind text NOT NULL CHECK (kind IN ('text', 'email', 'call_task', 'set_status', 'add_tag', 'remove_tag', 'wait_until')),
  state text NOT NULL CHECK (state IN ('done', 'due', 'moved', 'skipped')),
  due_at timestamptz,
  moved_to timestamptz,
  ran_at timestamptz,
  reason text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (organization_id, id),
  UNIQUE (organization_id, enrollment_id, step_index),
  CHECK ((state = 'moved') = (moved_to IS NOT NULL)),
  FOREIGN KEY (organization_id, enrollment_id) REFERENCES sequence_enrollments (organization_id, id) ON DELETE CASCADE
);

SELECT secure_tenant_table(t) FROM unnest(ARRAY['sequences', 'sequence_enrollments', 'sequence_step_runs']) AS t;
