-- The outside services' last success and last error per organization (issue 24, docs/integrations.md), written by
-- "Test connection" and by the real uses that have an organization at hand (modules/integrations/status.ts). The
-- language model's calls are not repeated here: the integrations list reads them from ai_status (0016).
-- Published, so the Integrations screen refreshes when a text, a mail or a lookup records an outcome.
CREATE TABLE integration_status (
  organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  provider text NOT NULL CHECK (provider IN ('twilio_voice', 'twilio_messaging', 'llm', 'batchdata', 'google_maps', 'smtp', 'storage')),
  last_success_at timestamptz,
  last_error_at timestamptz,
  last_error text CHECK (char_length(last_error) <= 500),
  PRIMARY KEY (organization_id, provider)
);
SELECT secure_tenant_table('integration_status');
