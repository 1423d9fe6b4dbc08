-- A member's manual enrichment of one or more leads (docs/api-ai-jobs.md "Manual enrichment"): one batch per request,
-- one row per lead of it. A lead is in flight while its row is 'queued'; the partial unique index lets a lead be in
-- flight once, so a second request while its job waits or runs queues nothing (the insert meets the index). The batch's
-- counts move in the transaction that settles each lead's row; the last one stamps finished_at.
CREATE TABLE enrichment_batches (
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  requested_by text REFERENCES users(id) ON DELETE SET NULL,
  priority text NOT NULL CHECK (priority IN ('normal', 'high')),
  total integer NOT NULL CHECK (total >= 0),
  enriched integer NOT NULL DEFAULT 0,
  failed integer NOT NULL DEFAULT 0,
  skipped integer NOT NULL DEFAULT 0,
  finished_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (organization_id, id),
  CHECK (enriched + failed + skipped <= total)
);
CREATE INDEX enrichment_batches_recent_idx ON enrichment_batches (organization_id, created_at DESC);

CREATE TABLE enrichment_batch_leads (
  organization_id uuid NOT NULL,
  batch_id uuid NOT NULL,
  lead_id uuid NOT NULL,
  state text NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'enriched', 'failed', 'skipped')),
  -- Why it failed or was skipped, in words a member can act on.
  message text,
  finished_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (organization_id, batch_id, lead_id),
  FOREIGN KEY (organization_id, batch_id) REFERENCES enrichment_batches (organization_id, id) ON DELETE CASCADE,
  FOREIGN KEY (organization_id, lead_id) REFERENCES leads (organization_id, id) ON DELETE CASCADE
);
CREATE UNIQUE INDEX enrichment_batch_leads_in_flight_idx ON enrichment_batch_leads (organization_id, lead_id) WHERE state = 'queued';
CREATE INDEX enrichment_batch_leads_lead_idx ON enrichment_batch_leads (organization_id, lead_id, created_at DESC);

-- Both on the change feed: the lead page hears its enrichment settle (enriched, or failed with the reason).
SELECT secure_tenant_table('enrichment_batches');
SELECT secure_tenant_table('enrichment_batch_leads');

-- The analysis names the seller's objections too (price, not ready, an agent, a spouse to ask, ...).
ALTER TABLE conversation_analyses ADD COLUMN objections text[] NOT NULL DEFAULT '{}';
