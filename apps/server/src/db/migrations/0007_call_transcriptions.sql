-- Live transcription (issues 4–5): what each speaker said on a call, from Twilio's real-time
-- transcription callbacks or the demo line, through one ingestion function. A callback is stored once:
-- (call_sid, sequence) is the provider's own ordering key, so a replay changes nothing.
CREATE TABLE call_transcriptions (
  organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  call_id uuid NOT NULL,
  call_sid text NOT NULL,
  transcript text NOT NULL CHECK (char_length(transcript) BETWEEN 3 AND 10000),
  "timestamp" timestamptz NOT NULL,
  confidence real NOT NULL CHECK (confidence >= 0 AND confidence <= 1),
  speaker text NOT NULL CHECK (speaker IN ('agent', 'lead')),
  is_partial boolean NOT NULL,
  sequence integer NOT NULL CHECK (sequence >= 0),
  source text NOT NULL CHECK (source IN ('twilio', 'demo')),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (organization_id, id),
  UNIQUE (organization_id, call_sid, sequence),
  FOREIGN KEY (organization_id, call_id) REFERENCES calls (organization_id, id) ON DELETE CASCADE
);
CREATE INDEX call_transcriptions_sid_time_idx ON call_transcriptions (organization_id, call_sid, "timestamp");

SELECT secure_tenant_table('call_transcriptions');

-- Mute and keypad tones on a live call are part of its audit trail.
ALTER TABLE call_events DROP CONSTRAINT call_events_kind_check;
ALTER TABLE call_events ADD CONSTRAINT call_events_kind_check
  CHECK (kind IN ('dial_allowed', 'dial_refused', 'status', 'completed', 'hours_override_changed', 'mute', 'dtmf'));
