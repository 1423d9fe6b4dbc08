-- Leads (the full record of dialer.md §3 and the list/scoring fields of platform.md §3), buyers, and the
-- conversations a lead's context reads. Column list = packages/domain/src/leads/lead-fields.ts.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE TABLE leads (
  organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  name text,
  owner_1_name text,
  owner_1_first_name text,
  owner_1_last_name text,
  owner_2_name text,
  owner_2_first_name text,
  owner_2_last_name text,
  owner_type text,
  ownership_length double precision,
  out_of_state_owner boolean,
  phone text,
  phone_number text,
  email text,
  contact_1_name text,
  contact_1_phone1 text,
  contact_1_phone2 text,
  contact_1_phone3 text,
  contact_1_email text,
  contact_1_email1 text,
  contact_1_email2 text,
  contact_1_email3 text,
  address text,
  property_address_full text,
  property_address text,
  property_address_line_1 text,
  property_address_street text,
  property_address_city text,
  property_address_state text,
  property_address_zipcode text,
  property_address_zip text,
  property_address_county text,
  county text,
  mailing_address_full text,
  mailing_address_line_1 text,
  mailing_address_city text,
  mailing_address_state text,
  mailing_address_zip text,
  owner_address_state text,
  property_lat double precision,
  property_lng double precision,
  latitude double precision,
  longitude double precision,
  lat double precision,
  lng double precision,
  property_type text,
  total_bedrooms double precision,
  total_baths double precision,
  building_square_feet integer,
  lot_square_feet integer,
  year_built integer,
  stories double precision,
  garage boolean,
  garage_spaces integer,
  pool boolean,
  pool_type text,
  basement boolean,
  fireplace boolean,
  ac_type text,
  parking_spaces integer,
  subdivision text,
  zoning text,
  occupancy_status text,
  property_condition text,
  tenant_occupied boolean,
  apn_parcel_id text,
  legal_description text,
  estimated_value double precision,
  mortgage_balance double precision,
  assessed_value double precision,
  second_mortgage_amount double precision,
  second_mortgage_type text,
  monthly_mortgage_payment double precision,
  hoa_monthly double precision,
  hoa_annual double precision,
  annual_taxes double precision,
  tax_amt double precision,
  tax_delinquent boolean,
  tax_year integer,
  tax_lien_amount double precision,
  active_lien boolean,
  assd_total_value double precision,
  mtg1_est_loan_balance double precision,
  mortgage_amount double precision,
  equity_amount double precision,
  equity_estimate double precision,
  pre_foreclosure boolean,
  foreclosure_filing_date date,
  lis_pendens_date date,
  vacancy_flag boolean,
  vacant boolean,
  distressed_sale boolean,
  last_sale_date date,
  last_sale_price double precision,
  last_sale_amount double precision,
  last_sale_recording_date date,
  last_sale_doc_type text,
  prior_sale_date date,
  prior_sale_price double precision,
  school_district_name text,
  school_rating double precision,
  elementary_school text,
  middle_school text,
  high_school text,
  market_hotness double precision,
  days_on_market integer,
  comparable_sales integer,
  rental_estimate double precision,
  cap_rate double precision,
  cash_flow_estimate double precision,
  appreciation_rate double precision,
  motivation_score double precision CHECK (motivation_score >= 0),
  badges text[] NOT NULL DEFAULT '{}',
  last_contacted_at timestamptz,
  last_interaction_at timestamptz,
  notes text,
  last_call_at timestamptz,
  last_call_disposition text,
  last_call_duration_sec integer,
  last_call_summary text,
  dnc_status boolean NOT NULL DEFAULT false,
  status text NOT NULL DEFAULT 'new',
  source text,
  lead_source text,
  data_source text,
  contact_attempts integer NOT NULL DEFAULT 0,
  created_by text,
  enriched_at timestamptz,
  enriched_by text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  -- Derived by the server from the rules in packages/domain (see leads/derive.ts): the composite score
  -- without its time-dependent contact-recency term, and the keys duplicate detection compares.
  score_base integer NOT NULL DEFAULT 0,
  address_key text,
  phone_key text,
  -- What text search matches: names, addresses and emails lower-cased, phones as digits.
  search_text text GENERATED ALWAYS AS (
    lower(
      coalesce(name, '') || ' ' || coalesce(owner_1_name, '') || ' ' || coalesce(owner_2_name, '') || ' ' ||
      coalesce(contact_1_name, '') || ' ' || coalesce(property_address_full, '') || ' ' ||
      coalesce(property_address, '') || ' ' || coalesce(address, '') || ' ' || coalesce(property_address_city, '') || ' ' ||
      coalesce(email, '') || ' ' || coalesce(contact_1_email1, '') || ' ' || coalesce(contact_1_email, '')
    ) || ' ' ||
    regexp_replace(coalesce(phone, ''), '[^0-9]', '', 'g') || ' ' || regexp_replace(coalesce(phone_number, ''), '[^0-9]', '', 'g') || ' ' ||
    regexp_replace(coalesce(contact_1_phone1, ''), '[^0-9]', '', 'g') || ' ' || regexp_replace(coalesce(contact_1_phone2, ''), '[^0-9]', '', 'g') || ' ' ||
    regexp_replace(coalesce(contact_1_phone3, ''), '[^0-9]', '', 'g')
  ) STORED,
  PRIMARY KEY (organization_id, id)
);

-- The list: motivation_score then created_at, both descending, deleted leads never listed.
CREATE INDEX leads_list_idx ON leads (organization_id, motivation_score DESC NULLS LAST, created_at DESC, id)
  WHERE status <> 'deleted';
CREATE INDEX leads_status_list_idx ON leads (organization_id, status, motivation_score DESC NULLS LAST, created_at DESC)
  WHERE status <> 'deleted';
CREATE INDEX leads_value_idx ON leads (organization_id, estimated_value) WHERE status <> 'deleted';
CREATE INDEX leads_badges_idx ON leads USING gin (badges) WHERE status <> 'deleted';
CREATE INDEX leads_search_idx ON leads USING gin (search_text gin_trgm_ops) WHERE status <> 'deleted';
-- Top-10 by composite score: walked in score_base order, and by contact date for the recency tiers.
CREATE INDEX leads_score_idx ON leads (organization_id, score_base DESC, created_at DESC)
  INCLUDE (last_contacted_at) WHERE status <> 'deleted';
CREATE INDEX leads_contacted_idx ON leads (organization_id, last_contacted_at DESC)
  INCLUDE (score_base, created_at) WHERE status <> 'deleted';
CREATE INDEX leads_created_idx ON leads (organization_id, created_at DESC) WHERE status <> 'deleted';
-- Duplicate detection on import and lookup by phone.
CREATE INDEX leads_address_key_idx ON leads (organization_id, address_key) WHERE status <> 'deleted';
CREATE INDEX leads_phone_key_idx ON leads (organization_id, phone_key) WHERE status <> 'deleted';

CREATE TABLE buyers (
  organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  contact_name text NOT NULL,
  company_name text,
  buyer_score double precision NOT NULL DEFAULT 0 CHECK (buyer_score >= 0),
  is_active boolean NOT NULL DEFAULT true,
  primary_email text,
  primary_phone text,
  notes text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (organization_id, id)
);
CREATE INDEX buyers_list_idx ON buyers (organization_id, buyer_score DESC, created_at DESC);

CREATE TABLE conversations (
  organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  lead_id uuid,
  body text NOT NULL,
  direction text NOT NULL CHECK (direction IN ('inbound', 'outbound')),
  channel text NOT NULL DEFAULT 'sms',
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (organization_id, id),
  FOREIGN KEY (organization_id, lead_id) REFERENCES leads (organization_id, id) ON DELETE CASCADE
);
CREATE INDEX conversations_lead_idx ON conversations (organization_id, lead_id, created_at DESC);

SELECT secure_tenant_table(t) FROM unnest(ARRAY['leads', 'buyers', 'conversations']) AS t;
