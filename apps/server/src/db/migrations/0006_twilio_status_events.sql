-- Twilio voice (issue 4): status callbacks already applied, so a replayed event (same CallSid and
-- SequenceNumber) changes nothing twice. The calls row keeps the furthest status reached.
CREATE TABLE twilio_status_events (
  organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  call_sid text NOT NULL,
  sequence_number integer NOT NULL CHECK (sequence_number >= 0),
  call_id uuid NOT NULL,
  status text NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (organization_id, call_sid, sequence_number),
  FOREIGN KEY (organization_id, call_id) REFERENCES calls (organization_id, id) ON DELETE CASCADE
);

SELECT secure_tenant_table('twilio_status_events', publish => false);
