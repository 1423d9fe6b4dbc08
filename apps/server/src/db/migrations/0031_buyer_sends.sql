-- "Send to matched buyers" (issue 21, docs/api-buyers.md): one row per buyer, deal and channel each time a deal is
-- offered to a buyer, with its outcome. A buyer already sent a deal on a channel is not sent it again unless the
-- agent says so (resend), which the latest row tells.
CREATE TABLE buyer_sends (
  organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  deal_id uuid NOT NULL,
  buyer_id uuid NOT NULL,
  channel text NOT NULL CHECK (channel IN ('email', 'sms')),
  status text NOT NULL CHECK (status IN ('sent', 'refused', 'failed')),
  -- Why it was refused or failed (the gate's message, an opted-out buyer, the provider's error).
  reason text,
  -- The buyer's own link to the deal's room.
  link text,
  sent_by text REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (organization_id, id),
  FOREIGN KEY (organization_id, deal_id) REFERENCES deals (organization_id, id) ON DELETE CASCADE,
  FOREIGN KEY (organization_id, buyer_id) REFERENCES buyers (organization_id, id) ON DELETE CASCADE
);
CREATE INDEX buyer_sends_deal_idx ON buyer_sends (organization_id, deal_id, buyer_id, channel, created_at DESC);

SELECT secure_tenant_table('buyer_sends', publish => false);
