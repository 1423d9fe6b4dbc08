-- Voice dialer (issue 4): the organization's caller-ID numbers, each user's default number, call
-- records, the audit of every dial attempt (allowed or refused) and the follow-up tasks post-call
-- actions create. The calling-hours override lives in organization_settings.settings.calling.
CREATE TABLE organization_phone_numbers (
  organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  phone_number text NOT NULL CHECK (phone_number ~ '^\+[1-9][0-9]{7,14}$'),
  label text,
  is_active boolean NOT NULL DEFAULT true,
  is_primary boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (organization_id, id),
  UNIQUE (organization_id, phone_number)
);
-- At most one primary per organization.
CREATE UNIQUE INDEX organization_phone_numbers_primary_idx ON organization_phone_numbers (organization_id) WHERE is_primary;

CREATE TABLE user_phone_assignments (
  organization_id uuid NOT NULL,
  user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  phone_number text NOT NULL,
  is_default boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (organization_id, user_id, phone_number),
  FOREIGN KEY (organization_id, phone_number) REFERENCES organization_phone_numbers (organization_id, phone_number) ON DELETE CASCADE
);
-- One default per user and organization.
CREATE UNIQUE INDEX user_phone_assignments_default_idx ON user_phone_assignments (organization_id, user_id) WHERE is_default;

CREATE TABLE calls (
  organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  lead_id uuid NOT NULL,
  user_id text REFERENCES users(id) ON DELETE SET NULL,
  from_e164 text NOT NULL,
  to_e164 text NOT NULL,
  provider text NOT NULL CHECK (provider IN ('demo', 'twilio')),
  call_sid text NOT NULL UNIQUE,
  connection_sid text,
  status text NOT NULL DEFAULT 'initiated'
    CHECK (status IN ('initiated', 'ringing', 'in-progress', 'completed', 'failed', 'busy', 'no-answer', 'canceled')),
  started_at timestamptz NOT NULL DEFAULT now(),
  answered_at timestamptz,
  ended_at timestamptz,
  duration_sec integer CHECK (duration_sec >= 0),
  disposition text,
  notes text,
  completed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (organization_id, id),
  FOREIGN KEY (organization_id, lead_id) REFERENCES leads (organization_id, id) ON DELETE CASCADE
);
-- The live-call check and the lead's last caller ID: a lead's calls, newest first.
CREATE INDEX calls_lead_idx ON calls (organization_id, lead_id, created_at DESC);

-- The audit: lead_id has no foreign key so refusals for unknown or foreign leads are kept too.
CREATE TABLE call_events (
  organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  lead_id uuid,
  user_id text REFERENCES users(id) ON DELETE SET NULL,
  call_id uuid,
  kind text NOT NULL CHECK (kind IN ('dial_allowed', 'dial_refused', 'status', 'completed', 'hours_override_changed')),
  reason text,
  details jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (organization_id, id)
);
CREATE INDEX call_events_lead_idx ON call_events (organization_id, lead_id, created_at DESC);
CREATE INDEX call_events_call_idx ON call_events (organization_id, call_id, created_at) WHERE call_id IS NOT NULL;

CREATE TABLE ai_tasks (
  organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  lead_id uuid NOT NULL,
  call_id uuid,
  task_type text NOT NULL DEFAULT 'follow_up' CHECK (task_type IN ('follow_up')),
  proposed_time timestamptz,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'done')),
  suggested_message text,
  reason text,
  created_by text REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (organization_id, id),
  FOREIGN KEY (organization_id, lead_id) REFERENCES leads (organization_id, id) ON DELETE CASCADE,
  FOREIGN KEY (organization_id, call_id) REFERENCES calls (organization_id, id) ON DELETE SET NULL (call_id)
);
-- The task list: by status, soonest first; and a lead's tasks.
CREATE INDEX ai_tasks_status_idx ON ai_tasks (organization_id, status, proposed_time, created_at);
CREATE INDEX ai_tasks_lead_idx ON ai_tasks (organization_id, lead_id, status, proposed_time);

SELECT secure_tenant_table(t) FROM unnest(ARRAY['organization_phone_numbers', 'user_phone_assignments', 'calls', 'call_events', 'ai_tasks']) AS t;
