-- The event outbox (docs/architecture.md, "The event outbox"): what a change means to other modules (a lead
-- created, a text received, an import finished) is stored by the transaction that makes the change, so the event
-- exists exactly when the change does. A job hands each event to the in-process subscribers (modules/outbox).
-- The id orders an organization's events: emitting takes a per-organization lock until commit, so within an
-- organization ids commit in order. delivered_at is set once every subscriber has had the event; delivered events
-- are deleted after a retention period.
CREATE TABLE outbox (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  type text NOT NULL CHECK (type ~ '^[a-z_]+\.[a-z_]+$'),
  payload jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  delivered_at timestamptz
);
CREATE INDEX outbox_pending_idx ON outbox (id) WHERE delivered_at IS NULL;
CREATE INDEX outbox_delivered_idx ON outbox (delivered_at) WHERE delivered_at IS NOT NULL;
SELECT secure_tenant_table('outbox', publish => false);
GRANT USAGE ON SEQUENCE outbox_id_seq TO wholesail_app, wholesail_system;

-- One row per event and subscriber that handled it (delivered_at, written in the subscriber's own transaction, so
-- a subscriber's work and its record commit together: exactly once), or that failed (attempts, the next try, the
-- last error). gave_up_at: the subscriber failed every attempt and the event was passed over for it.
CREATE TABLE outbox_deliveries (
  event_id bigint NOT NULL REFERENCES outbox(id) ON DELETE CASCADE,
  subscriber text NOT NULL,
  organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz,
  last_error text,
  delivered_at timestamptz,
  gave_up_at timestamptz,
  PRIMARY KEY (event_id, subscriber)
);
SELECT secure_tenant_table('outbox_deliveries', publish => false);

-- A committed emission wakes delivery on every instance (NOTIFY is sent at commit, never for a rollback).
CREATE FUNCTION app_outbox_wake() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('wholesail_outbox', '');
  RETURN NULL;
END $$;
CREATE TRIGGER outbox_wake AFTER INSERT ON outbox FOR EACH STATEMENT EXECUTE FUNCTION app_outbox_wake();
