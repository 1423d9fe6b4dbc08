-- The per-number call limit (issue 15) counts an organization's calls to one number in the last 24 hours
-- before every dial: calls by organization, destination number and start time.
CREATE INDEX calls_to_number_idx ON calls (organization_id, to_e164, started_at);
