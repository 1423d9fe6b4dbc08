-- SMS conversations (issue 6, docs/api-conversations.md): each conversations row is one text. Outbound
-- texts move queued → sent → delivered | failed (never back); inbound texts are received. provider_sid is
-- Twilio's MessageSid (or the demo line's), unique per organization: an inbound webhook replayed with the
-- same MessageSid stores nothing twice. Refused sends are recorded in activity_logs ('sms.refused').
ALTER TABLE conversations
  ADD COLUMN status text,
  ADD COLUMN provider_sid text,
  ADD COLUMN from_e164 text,
  ADD COLUMN to_e164 text,
  ADD COLUMN user_id text REFERENCES users(id) ON DELETE SET NULL,
  ADD COLUMN error text,
  ADD COLUMN read_at timestamptz,
  ADD COLUMN updated_at timestamptz;

-- Rows from before texting existed: inbound ones were received (and count as read: they are history, not
-- news), outbound ones were sent.
UPDATE conversations SET
  status = CASE WHEN direction = 'inbound' THEN 'received' ELSE 'sent' END,
  read_at = CASE WHEN direction = 'inbound' THEN created_at END,
  updated_at = created_at;

-- A row inserted without a status (the analysis tests, a future channel) gets the one its direction implies.
CREATE FUNCTION conversations_defaults() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.status := coalesce(NEW.status, CASE WHEN NEW.direction = 'inbound' THEN 'received' ELSE 'sent' END);
  RETURN NEW;
END $$;
CREATE TRIGGER conversations_defaults BEFORE INSERT ON conversations FOR EACH ROW EXECUTE FUNCTION conversations_defaults();

ALTER TABLE conversations
  ALTER COLUMN status SET NOT NULL,
  ALTER COLUMN updated_at SET DEFAULT now(),
  ALTER COLUMN updated_at SET NOT NULL,
  ADD CONSTRAINT conversations_status_check CHECK (status IN ('queued', 'sent', 'delivered', 'failed', 'received')),
  ADD CONSTRAINT conversations_status_direction_check CHECK ((direction = 'inbound') = (status = 'received'));

-- Idempotency on MessageSid, and the status callback's lookup by MessageSid alone (which organization?).
CREATE UNIQUE INDEX conversations_provider_sid_idx ON conversations (provider_sid, organization_id) WHERE provider_sid IS NOT NULL;
-- Unread counts of the thread list and "mark read": a lead's unread inbound texts. (A lead's thread and
-- each lead's last text are served by conversations_lead_idx (organization_id, lead_id, created_at DESC) of 0003.)
CREATE INDEX conversations_unread_idx ON conversations (organization_id, lead_id) WHERE direction = 'inbound' AND read_at IS NULL;
