-- Realtor push (issue 21, docs/api-referrals.md): the agents and brokerages the organization refers sellers to, and
-- each lead (or deal) pushed to one. The partner answers through a signed, expiring link (no account), so a
-- referral keeps when its current link expires: a resend moves it and the older link stops working.
CREATE TABLE referral_partners (
  organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  name text NOT NULL,
  brokerage text,
  -- Paying a referral fee to an unlicensed person is illegal in many states: the licence is required.
  license_number text NOT NULL,
  license_state text NOT NULL CHECK (license_state ~ '^[A-Z]{2}$'),
  -- States, cities or ZIP codes as free text, matched against a lead's place case-insensitively.
  markets text[] NOT NULL DEFAULT '{}',
  referral_fee_percent numeric(5,2) NOT NULL CHECK (referral_fee_percent BETWEEN 0 AND 100),
  email text NOT NULL,
  phone text,
  notes text,
  is_active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (organization_id, id)
);
CREATE INDEX referral_partners_name_idx ON referral_partners (organization_id, name);

CREATE TABLE referrals (
  organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  partner_id uuid NOT NULL,
  lead_id uuid NOT NULL,
  deal_id uuid,
  status text NOT NULL DEFAULT 'sent'
    CHECK (status IN ('sent', 'accepted', 'declined', 'listed', 'under_contract', 'closed', 'cancelled')),
  sale_price numeric(14,2),
  -- The agent's commission on the sale and the partner's referral fee (copied when sent), both in percent.
  commission_percent numeric(5,2) NOT NULL DEFAULT 3 CHECK (commission_percent BETWEEN 0 AND 100),
  referral_fee_percent numeric(5,2) NOT NULL CHECK (referral_fee_percent BETWEEN 0 AND 100),
  -- (sale_price, or the lead's estimated value until the sale) × commission % × referral % (packages/domain referralFee).
  fee_expected numeric(14,2),
  fee_received numeric(14,2),
  fee_received_on date,
  -- The team's note to the partner, and the partner's latest note back.
  note text,
  partner_note text,
  link_expires_at timestamptz NOT NULL,
  responded_at timestamptz,
  closed_at timestamptz,
  created_by text REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (organization_id, id),
  -- A partner with referrals stays (deactivate it instead): the referrals are the record of fees owed.
  FOREIGN KEY (organization_id, partner_id) REFERENCES referral_partners (organization_id, id) ON DELETE RESTRICT,
  FOREIGN KEY (organization_id, lead_id) REFERENCES leads (organization_id, id) ON DELETE CASCADE,
  FOREIGN KEY (organization_id, deal_id) REFERENCES deals (organization_id, id) ON DELETE SET NULL (deal_id)
);
CREATE INDEX referrals_list_idx ON referrals (organization_id, created_at DESC);
CREATE INDEX referrals_partner_idx ON referrals (organization_id, partner_id);
CREATE INDEX referrals_lead_idx ON referrals (organization_id, lead_id);

SELECT secure_tenant_table(t) FROM unnest(ARRAY['referral_partners', 'referrals']) AS t;
