-- Deal rooms (issue 21, docs/api-deal-rooms.md): one public page per deal that buyers open without an account.
-- The slug is the room's bearer secret (24 random bytes, base64url: 192 bits), unique across organizations,
-- so the public routes find the organization from it (system role) and read everything else as that tenant.
CREATE TABLE deal_rooms (
  organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  deal_id uuid NOT NULL,
  slug text NOT NULL UNIQUE CHECK (length(slug) >= 22),
  access text NOT NULL DEFAULT 'link' CHECK (access IN ('link', 'password', 'invited')),
  -- scrypt hash (salt:hash, hex) of the room's password; set exactly when access is 'password'.
  password_hash text,
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'closed')),
  expires_at timestamptz,
  -- What buyers see, set by the agent: the room's own fields, never copied from the lead.
  headline text,
  asking_price numeric(14,2),
  description text,
  showing_notes text,
  earnest_money_required numeric(14,2),
  closing_date date,
  contact_name text,
  contact_phone text,
  contact_email text,
  -- The comps the agent chose to show (address and sale facts only; packages/domain publicCompSchema), copied
  -- when chosen: the public page never reads the organization's other records.
  comps jsonb NOT NULL DEFAULT '[]'::jsonb,
  created_by text REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (organization_id, id),
  UNIQUE (organization_id, deal_id),
  CHECK ((access = 'password') = (password_hash IS NOT NULL)),
  FOREIGN KEY (organization_id, deal_id) REFERENCES deals (organization_id, id) ON DELETE CASCADE
);

-- Photos the agent uploads; the file is in FileStorage under storage_key.
CREATE TABLE deal_room_photos (
  organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  room_id uuid NOT NULL,
  storage_key text NOT NULL,
  content_type text NOT NULL CHECK (content_type IN ('image/jpeg', 'image/png', 'image/webp')),
  bytes integer NOT NULL CHECK (bytes > 0),
  caption text,
  position integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (organization_id, id),
  FOREIGN KEY (organization_id, room_id) REFERENCES deal_rooms (organization_id, id) ON DELETE CASCADE
);
CREATE INDEX deal_room_photos_room_idx ON deal_room_photos (organization_id, room_id, position);

-- A buyer's own link to a room (any access mode; the only way in when access is 'invited').
CREATE TABLE deal_room_invites (
  organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  room_id uuid NOT NULL,
  buyer_id uuid NOT NULL,
  token text NOT NULL UNIQUE CHECK (length(token) >= 22),
  revoked_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (organization_id, id),
  UNIQUE (organization_id, room_id, buyer_id),
  FOREIGN KEY (organization_id, room_id) REFERENCES deal_rooms (organization_id, id) ON DELETE CASCADE,
  FOREIGN KEY (organization_id, buyer_id) REFERENCES buyers (organization_id, id) ON DELETE CASCADE
);

-- The access log: one row per visit (a page load), its length kept current by the page's heartbeats.
CREATE TABLE deal_room_views (
  organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  room_id uuid NOT NULL,
  buyer_id uuid,
  client_hash text NOT NULL,
  user_agent text,
  opened_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  offer_id uuid,
  PRIMARY KEY (organization_id, id),
  FOREIGN KEY (organization_id, room_id) REFERENCES deal_rooms (organization_id, id) ON DELETE CASCADE,
  FOREIGN KEY (organization_id, buyer_id) REFERENCES buyers (organization_id, id) ON DELETE SET NULL (buyer_id)
);
CREATE INDEX deal_room_views_room_idx ON deal_room_views (organization_id, room_id, opened_at DESC);

-- Buyers' offers on a deal (from its room, or entered by the agent), ranked in packages/domain rankBuyerOffers.
CREATE TABLE buyer_offers (
  organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  deal_id uuid NOT NULL,
  buyer_id uuid NOT NULL,
  source text NOT NULL DEFAULT 'deal_room' CHECK (source IN ('deal_room', 'agent')),
  amount numeric(14,2) NOT NULL CHECK (amount > 0),
  earnest_money numeric(14,2) NOT NULL CHECK (earnest_money >= 0),
  close_by date NOT NULL,
  financing text NOT NULL CHECK (financing IN ('cash', 'hard_money', 'private_money', 'conventional', 'other')),
  proof_of_funds text,
  message text,
  status text NOT NULL DEFAULT 'received' CHECK (status IN ('received', 'accepted', 'backup', 'declined', 'withdrawn')),
  declined_notice_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (organization_id, id),
  FOREIGN KEY (organization_id, deal_id) REFERENCES deals (organization_id, id) ON DELETE CASCADE,
  FOREIGN KEY (organization_id, buyer_id) REFERENCES buyers (organization_id, id) ON DELETE CASCADE
);
CREATE INDEX buyer_offers_deal_idx ON buyer_offers (organization_id, deal_id, created_at DESC);
CREATE INDEX buyer_offers_buyer_idx ON buyer_offers (organization_id, buyer_id);
CREATE UNIQUE INDEX buyer_offers_one_accepted ON buyer_offers (organization_id, deal_id) WHERE status = 'accepted';
CREATE UNIQUE INDEX buyer_offers_one_backup ON buyer_offers (organization_id, deal_id) WHERE status = 'backup';

-- Buyers come from the app, a CSV import or a deal room offer; they may opt out of texts and emails.
ALTER TABLE buyers ADD COLUMN source text NOT NULL DEFAULT 'manual' CHECK (source IN ('manual', 'import', 'deal_room'));
ALTER TABLE buyers ADD COLUMN email_opted_out_at timestamptz;
CREATE INDEX buyers_email_idx ON buyers (organization_id, lower(primary_email));

SELECT secure_tenant_table(t, publish => false) FROM unnest(ARRAY['deal_rooms', 'deal_room_photos', 'deal_room_invites', 'deal_room_views']) AS t;
SELECT secure_tenant_table('buyer_offers');

ALTER TABLE deal_events DROP CONSTRAINT deal_events_kind_check;
ALTER TABLE deal_events ADD CONSTRAINT deal_events_kind_check
  CHECK (kind IN ('created', 'updated', 'stage', 'offer', 'offer_updated', 'analysis', 'room', 'buyer_offer'));
