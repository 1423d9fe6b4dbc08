-- Automation rules (issue 22, docs/api-automation.md): when a trigger happens to a lead that matches the
-- conditions, the actions run. trigger, conditions and actions are the domain's schemas (packages/domain
-- automation/rules-api.ts), checked by the server on every write.
CREATE TABLE automation_rules (
  organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 120),
  trigger jsonb NOT NULL CHECK (jsonb_typeof(trigger) = 'object'),
  conditions jsonb NOT NULL DEFAULT '{}' CHECK (jsonb_typeof(conditions) = 'object'),
  actions jsonb NOT NULL CHECK (jsonb_typeof(actions) = 'array' AND jsonb_array_length(actions) BETWEEN 1 AND 10),
  is_active boolean NOT NULL DEFAULT true,
  -- The round robin's position: the index of the member the next lead goes to.
  round_robin_next integer NOT NULL DEFAULT 0 CHECK (round_robin_next >= 0),
  created_by text REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (organization_id, id)
);
-- Rules are looked up by trigger type on every event.
CREATE INDEX automation_rules_trigger_idx ON automation_rules (organization_id, ((trigger->>'type'))) WHERE is_active;

-- What a rule did for a lead, once per (rule, lead, the event that triggered it): applied, skipped (reason) or
-- failed (error). event_key is the outbox event's id, or for a time-based trigger what it is about (a task's id).
CREATE TABLE automation_rule_runs (
  organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  rule_id uuid NOT NULL,
  lead_id uuid NOT NULL,
  event_key text NOT NULL CHECK (char_length(event_key) BETWEEN 1 AND 200),
  outcome text NOT NULL CHECK (outcome IN ('applied', 'skipped', 'failed')),
  -- One sentence per action as it was done or refused.
  details jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(details) = 'array'),
  reason text,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (organization_id, id),
  UNIQUE (organization_id, rule_id, lead_id, event_key),
  FOREIGN KEY (organization_id, rule_id) REFERENCES automation_rules (organization_id, id) ON DELETE CASCADE,
  FOREIGN KEY (organization_id, lead_id) REFERENCES leads (organization_id, id) ON DELETE CASCADE
);
CREATE INDEX automation_rule_runs_feed_idx ON automation_rule_runs (organization_id, created_at DESC);
CREATE INDEX automation_rule_runs_lead_idx ON automation_rule_runs (organization_id, lead_id, created_at DESC);

-- The orchestrator's feed reads step runs newest first by when they changed.
CREATE INDEX sequence_step_runs_feed_idx ON sequence_step_runs (organization_id, updated_at DESC);

SELECT secure_tenant_table(t) FROM unnest(ARRAY['automation_rules', 'automation_rule_runs']) AS t;

-- A step run is 'running' between its claim and its outcome: a run found running long after its claim was cut off
-- by a crash; the sweep settles it as skipped (never sent twice) and goes on with the enrolment's next step.
ALTER TABLE sequence_step_runs DROP CONSTRAINT sequence_step_runs_state_check;
ALTER TABLE sequence_step_runs ADD CONSTRAINT sequence_step_runs_state_check CHECK (state IN ('done', 'due', 'moved', 'skipped', 'running'));
