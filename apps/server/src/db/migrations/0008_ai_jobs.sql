-- AI jobs (docs/api-ai-jobs.md): the stored result of calculate_ai_lead_score on the lead, and the
-- result of analyze_conversation_with_ai in its own table (conversations will get SMS columns from
-- another change; the analysis stays apart from them). Enrichment reuses the lead's enriched_at,
-- enriched_by and data_source. The jobs themselves live in pg-boss's schema.

-- On the lead (fields of packages/domain/src/leads/lead-fields.ts, group 'scoring'; server-owned):
-- the 0-100 score, the reasons behind it, what produced it ('rules' or 'rules+llm') and when.
ALTER TABLE leads
  ADD COLUMN ai_score integer CHECK (ai_score BETWEEN 0 AND 100),
  ADD COLUMN ai_score_reasons text[],
  ADD COLUMN ai_score_source text,
  ADD COLUMN ai_scored_at timestamptz;

-- One analysis per conversation message: a re-run overwrites it (upsert on the key), never adds a row.
CREATE TABLE conversation_analyses (
  organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  conversation_id uuid NOT NULL,
  lead_id uuid,
  sentiment text NOT NULL CHECK (sentiment IN ('positive', 'neutral', 'negative')),
  motivation_signals text[] NOT NULL DEFAULT '{}',
  next_step text NOT NULL,
  source text NOT NULL CHECK (source IN ('rules', 'llm')),
  model text,
  analyzed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (organization_id, conversation_id),
  FOREIGN KEY (organization_id, conversation_id) REFERENCES conversations (organization_id, id) ON DELETE CASCADE
);
CREATE INDEX conversation_analyses_lead_idx ON conversation_analyses (organization_id, lead_id, analyzed_at DESC);

SELECT secure_tenant_table('conversation_analyses');
