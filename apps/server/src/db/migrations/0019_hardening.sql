-- One owner per phone number (issue 17): a number is active in at most one organization, so an inbound text or
-- call has exactly one organization to go to. A unique index is checked across organizations although the table
-- sits behind row-level security. Numbers already active in several organizations keep their first owner; the
-- later claims are switched off (and lose primary) so the index can be built.
SET LOCAL ROLE wholesail_system;
UPDATE organization_phone_numbers n SET is_active = false, is_primary = false
WHERE is_active AND EXISTS (
  SELECT 1 FROM organization_phone_numbers o
  WHERE o.phone_number = n.phone_number AND o.is_active AND o.organization_id <> n.organization_id
    AND (o.created_at, o.organization_id) < (n.created_at, n.organization_id)
);
RESET ROLE;
CREATE UNIQUE INDEX organization_phone_numbers_one_owner_idx ON organization_phone_numbers (phone_number) WHERE is_active;

-- A deleted lead can be restored for 30 days (issue 17): status 'deleted' still hides it from every read and index,
-- and these say when, by whom, and which status it goes back to. A purge job removes it after 30 days. Leads deleted
-- before this migration count from now.
ALTER TABLE leads
  ADD COLUMN deleted_at timestamptz,
  ADD COLUMN deleted_by text REFERENCES users(id) ON DELETE SET NULL,
  ADD COLUMN status_before_delete text;
SET LOCAL ROLE wholesail_system;
UPDATE leads SET deleted_at = now() WHERE status = 'deleted';
RESET ROLE;
CREATE INDEX leads_deleted_idx ON leads (organization_id, deleted_at DESC) WHERE status = 'deleted';

-- The public address lookup's limits and answers, kept in the database so every instance shares them (issue 17):
-- counters per client per minute, per organization per day and for all visitors per day, and each normalised
-- address's answer for a day. Neither table belongs to an organization; the system role reads and writes them.
CREATE TABLE usage_counters (
  key text PRIMARY KEY,
  count integer NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX usage_counters_expires_idx ON usage_counters (expires_at);
CREATE TABLE address_lookup_cache (
  address_key text PRIMARY KEY,
  answer jsonb NOT NULL,
  expires_at timestamptz NOT NULL
);
GRANT SELECT, INSERT, UPDATE, DELETE ON usage_counters, address_lookup_cache TO wholesail_system;
