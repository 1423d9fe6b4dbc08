-- Outgoing webhooks (issue 24, docs/api-webhooks.md): an organization's endpoints, each delivery of an event to one
-- of them, and each HTTP attempt of a delivery. Deliveries are kept 30 days.
CREATE TABLE webhook_endpoints (
  organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  url text NOT NULL CHECK (char_length(url) BETWEEN 8 AND 2000),
  description text CHECK (char_length(description) <= 500),
  -- The public event names (packages/domain webhooks/webhook-api.ts), checked by the server.
  events text[] NOT NULL CHECK (cardinality(events) BETWEEN 1 AND 20),
  enabled boolean NOT NULL DEFAULT true,
  disabled_reason text,
  disabled_at timestamptz,
  -- Signing secrets (whsec_…): the server must read them to sign, so they are kept as they are and never listed.
  secret text NOT NULL CHECK (secret LIKE 'whsec\_%'),
  -- After a rotation the old secret also signs until previous_secret_expires_at.
  previous_secret text CHECK (previous_secret LIKE 'whsec\_%'),
  previous_secret_expires_at timestamptz,
  -- The first failed attempt since the last success: 3 days of it disables the endpoint.
  failing_since timestamptz,
  created_by text REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (organization_id, id),
  CHECK ((previous_secret IS NULL) = (previous_secret_expires_at IS NULL))
);
-- The fan-out looks up an organization's enabled endpoints on every event.
CREATE INDEX webhook_endpoints_enabled_idx ON webhook_endpoints (organization_id) WHERE enabled;

CREATE TABLE webhook_deliveries (
  organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  endpoint_id uuid NOT NULL,
  -- The webhook-id header: the same on every attempt and replay.
  message_id text NOT NULL CHECK (message_id ~ '^msg_[A-Za-z0-9_-]{16,64}$'),
  event_type text NOT NULL CHECK (char_length(event_type) BETWEEN 1 AND 60),
  -- The outbox event it came from (null for a test event): one delivery per event and endpoint.
  event_id text,
  -- The request body exactly as signed.
  body text NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'succeeded', 'failed')),
  attempt_count integer NOT NULL DEFAULT 0 CHECK (attempt_count >= 0),
  next_attempt_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (organization_id, id),
  UNIQUE (organization_id, endpoint_id, event_id),
  FOREIGN KEY (organization_id, endpoint_id) REFERENCES webhook_endpoints (organization_id, id) ON DELETE CASCADE
);
-- The delivery log reads an endpoint's deliveries newest first; the retention deletes by age.
CREATE INDEX webhook_deliveries_log_idx ON webhook_deliveries (organization_id, endpoint_id, created_at DESC, id DESC);
CREATE INDEX webhook_deliveries_age_idx ON webhook_deliveries (created_at);

-- One row per HTTP attempt; the unique attempt number makes a job that runs twice record it once.
CREATE TABLE webhook_delivery_attempts (
  organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  delivery_id uuid NOT NULL,
  attempt integer NOT NULL CHECK (attempt >= 1),
  manual boolean NOT NULL DEFAULT false,
  started_at timestamptz NOT NULL,
  status_code integer CHECK (status_code BETWEEN 100 AND 999),
  duration_ms integer NOT NULL CHECK (duration_ms >= 0),
  error text CHECK (char_length(error) <= 500),
  response_body text CHECK (char_length(response_body) <= 2048),
  PRIMARY KEY (organization_id, delivery_id, attempt),
  FOREIGN KEY (organization_id, delivery_id) REFERENCES webhook_deliveries (organization_id, id) ON DELETE CASCADE
);

SELECT secure_tenant_table('webhook_endpoints');
-- Deliveries and attempts change with every attempt: the screens read the log when opened, not on each change.
SELECT secure_tenant_table(t, publish => false) FROM unnest(ARRAY['webhook_deliveries', 'webhook_delivery_attempts']) AS t;
