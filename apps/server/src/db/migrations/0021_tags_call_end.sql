-- Tags are stored normalised (packages/domain/src/leads/tags.ts: trimmed, single-spaced, lower-case, once each, in the
-- order first given), so "Vacant" and "vacant" are one tag for filters and counts. Leads written before are brought in line.
CREATE FUNCTION app_normalize_tags(tags text[]) RETURNS text[] LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(array_agg(t ORDER BY o), '{}')
  FROM (
    SELECT left(lower(regexp_replace(btrim(b), '\s+', ' ', 'g')), 60) AS t, min(ord) AS o
    FROM unnest(tags) WITH ORDINALITY AS u(b, ord)
    GROUP BY 1
  ) x
  WHERE t <> ''
$$;
UPDATE leads SET badges = app_normalize_tags(badges) WHERE badges IS DISTINCT FROM app_normalize_tags(badges);
DROP FUNCTION app_normalize_tags(text[]);

-- A call's end is recorded on its lead (last_call_at, last_call_duration_sec) when the call ends, before anyone logs an
-- outcome: the server's record of a call, like the AI score, is not an edit, so it leaves the lead's version (an outcome
-- saved offline names the version the agent saw before the call ended).
CREATE OR REPLACE FUNCTION app_bump_lead_version() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  unversioned CONSTANT text[] := ARRAY[
    'ai_score', 'ai_score_reasons', 'ai_score_source', 'ai_scored_at', 'search_text', 'version', 'last_call_at', 'last_call_duration_sec'
  ];
BEGIN
  IF (to_jsonb(NEW) - unversioned) IS DISTINCT FROM (to_jsonb(OLD) - unversioned) THEN
    NEW.version := OLD.version + 1;
  END IF;
  RETURN NEW;
END $$;
