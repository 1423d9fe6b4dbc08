-- "Analyze" on a finished call's transcript (docs/api-ai-jobs.md): the analysis of what the seller said on
-- the call, the agent's lines read as context. One per call: a re-run overwrites it (upsert on the key).
CREATE TABLE call_analyses (
  organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  call_id uuid NOT NULL,
  lead_id uuid,
  sentiment text NOT NULL CHECK (sentiment IN ('positive', 'neutral', 'negative')),
  motivation_signals text[] NOT NULL DEFAULT '{}',
  objections text[] NOT NULL DEFAULT '{}',
  next_step text NOT NULL,
  source text NOT NULL CHECK (source IN ('rules', 'llm')),
  model text,
  analyzed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (organization_id, call_id),
  FOREIGN KEY (organization_id, call_id) REFERENCES calls (organization_id, id) ON DELETE CASCADE
);

SELECT secure_tenant_table('call_analyses');
