-- Deals (docs/api-deals.md): one per property worked, linked to its lead, from analysis to a closed assignment.
-- Money is numeric(14,2) dollars. One open deal per lead: closed and dead deals stay as history.
CREATE TABLE deals (
  organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  lead_id uuid NOT NULL,
  stage text NOT NULL DEFAULT 'analyzing'
    CHECK (stage IN ('analyzing', 'offer_made', 'under_contract', 'marketing', 'assigned', 'closed', 'dead')),
  dead_reason text,
  owner_user_id text REFERENCES users(id) ON DELETE SET NULL,
  asking_price numeric(14,2),
  contract_price numeric(14,2),
  earnest_money numeric(14,2),
  earnest_money_due date,
  inspection_ends date,
  closing_date date,
  title_company text,
  arv numeric(14,2),
  repair_estimate numeric(14,2),
  target_fee numeric(14,2),
  buyer_id uuid,
  buyer_price numeric(14,2),
  assignment_fee numeric(14,2),
  assignment_fee_actual numeric(14,2),
  exit_strategy text NOT NULL DEFAULT 'assignment' CHECK (exit_strategy IN ('assignment', 'double_close', 'novation', 'refer_out')),
  notes text,
  stage_changed_at timestamptz NOT NULL DEFAULT now(),
  contracted_at timestamptz,
  closed_at timestamptz,
  created_by text REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (organization_id, id),
  FOREIGN KEY (organization_id, lead_id) REFERENCES leads (organization_id, id) ON DELETE CASCADE,
  FOREIGN KEY (organization_id, buyer_id) REFERENCES buyers (organization_id, id) ON DELETE SET NULL (buyer_id)
);
CREATE UNIQUE INDEX deals_one_open_per_lead ON deals (organization_id, lead_id) WHERE stage NOT IN ('closed', 'dead');
CREATE INDEX deals_stage_idx ON deals (organization_id, stage, updated_at DESC);
CREATE INDEX deals_closed_idx ON deals (organization_id, closed_at) WHERE stage = 'closed';

CREATE TABLE deal_offers (
  organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  deal_id uuid NOT NULL,
  amount numeric(14,2) NOT NULL,
  offered_on date NOT NULL DEFAULT current_date,
  terms text,
  status text NOT NULL DEFAULT 'sent' CHECK (status IN ('sent', 'countered', 'accepted', 'rejected')),
  counter_amount numeric(14,2),
  created_by text REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (organization_id, id),
  FOREIGN KEY (organization_id, deal_id) REFERENCES deals (organization_id, id) ON DELETE CASCADE
);
CREATE INDEX deal_offers_deal_idx ON deal_offers (organization_id, deal_id, created_at DESC);

-- Every change of a deal: who, when, what (field → {from, to}).
CREATE TABLE deal_events (
  organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  deal_id uuid NOT NULL,
  kind text NOT NULL CHECK (kind IN ('created', 'updated', 'stage', 'offer', 'offer_updated', 'analysis')),
  summary text NOT NULL,
  changes jsonb,
  user_id text REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  PRIMARY KEY (organization_id, id),
  FOREIGN KEY (organization_id, deal_id) REFERENCES deals (organization_id, id) ON DELETE CASCADE
);
CREATE INDEX deal_events_deal_idx ON deal_events (organization_id, deal_id, created_at DESC);

-- Calculator runs saved to a deal, numbered per deal.
CREATE TABLE deal_analyses (
  organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  deal_id uuid NOT NULL,
  version integer NOT NULL,
  inputs jsonb NOT NULL,
  arv numeric(14,2) NOT NULL,
  repair_estimate numeric(14,2) NOT NULL,
  target_fee numeric(14,2),
  mao numeric(14,2),
  max_offer numeric(14,2),
  created_by text REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (organization_id, id),
  UNIQUE (organization_id, deal_id, version),
  FOREIGN KEY (organization_id, deal_id) REFERENCES deals (organization_id, id) ON DELETE CASCADE
);

SELECT secure_tenant_table(t) FROM unnest(ARRAY['deals', 'deal_offers', 'deal_events', 'deal_analyses']) AS t;

-- A deal under contract gets a task for each deadline (earnest money, inspection, closing), linked to the deal.
ALTER TABLE ai_tasks DROP CONSTRAINT ai_tasks_task_type_check;
ALTER TABLE ai_tasks ADD CONSTRAINT ai_tasks_task_type_check CHECK (task_type IN ('follow_up', 'deal_deadline'));
ALTER TABLE ai_tasks ADD COLUMN deal_id uuid;
ALTER TABLE ai_tasks ADD CONSTRAINT ai_tasks_deal_fk FOREIGN KEY (organization_id, deal_id) REFERENCES deals (organization_id, id) ON DELETE CASCADE;
