-- A lead's version: 1 when created, one more on every update that changes it. A client that acted on what it saw
-- (an outcome queued offline) sends the version it saw, and the server refuses the write when the lead has moved on
-- (409 LEAD_CHANGED) — an integer compared exactly, where timestamps were compared to the millisecond. The AI score a
-- job writes is the server's reading of the lead, not a change to it (it leaves updated_at too): an update that
-- changes nothing else leaves the version. search_text is generated after this trigger runs, so it is left out.
ALTER TABLE leads ADD COLUMN version integer NOT NULL DEFAULT 1;

CREATE FUNCTION app_bump_lead_version() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  unversioned CONSTANT text[] := ARRAY['ai_score', 'ai_score_reasons', 'ai_score_source', 'ai_scored_at', 'search_text', 'version'];
BEGIN
  IF (to_jsonb(NEW) - unversioned) IS DISTINCT FROM (to_jsonb(OLD) - unversioned) THEN
    NEW.version := OLD.version + 1;
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER leads_version BEFORE UPDATE ON leads FOR EACH ROW EXECUTE FUNCTION app_bump_lead_version();

-- How each organization's language-model calls went lately, per AI area (modules/ai/status.ts): every server
-- instance reports here and reads from here, so /api/ai/health answers the same whichever instance serves it.
-- last_ok_at is the first success after the last failure (a success that changes nothing is not written).
CREATE TABLE ai_status (
  organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  area text NOT NULL,
  last_ok_at timestamptz,
  last_failure_at timestamptz,
  PRIMARY KEY (organization_id, area)
);
SELECT secure_tenant_table('ai_status');
