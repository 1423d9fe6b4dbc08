-- Growth (issue 23, docs/api-growth.md): the pipeline over time, the new leads not yet contacted and the speed to
-- first contact, kept exact by triggers in the transaction of every write, as 0036's rollups are. Inserts and
-- deletes of leads and deals are handled once per statement (an import writes thousands of leads in one), updates
-- per row and only when a column counted here changed. The triggers run as the writer (no SECURITY DEFINER), and a
-- removed contribution only ever UPDATEs the row it was added to (0036's rule: deleting an organization writes
-- nothing for it). None of these tables is on the change feed.

-- The pipeline: each lead's status and each deal's stage as spans [since, until) of the key it held, so the count of
-- a key at any instant, and the records behind it, can be read back. A lead or deal enters its first key at its
-- created_at; a change closes the open span and opens the next at the time it is written (transaction time, never
-- before the open span's start). A span that would be empty (two changes in one transaction) is removed.
CREATE TABLE analytics_pipeline_spans (
  organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('lead_status', 'deal_stage')),
  record_id uuid NOT NULL,
  since timestamptz NOT NULL,
  until timestamptz,
  key text NOT NULL,
  PRIMARY KEY (organization_id, kind, record_id, since),
  CHECK (until IS NULL OR until > since)
);
-- The records behind a count: a key's spans newest first (GET /api/analytics/growth/drill).
CREATE INDEX analytics_pipeline_spans_key_idx ON analytics_pipeline_spans (organization_id, kind, key, since DESC);

-- What the spans add up to per UTC hour: +1 at a span's start, -1 at its end. The count of a key at an hour boundary
-- is the sum of every delta before it.
CREATE TABLE analytics_pipeline_hours (
  organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  hour timestamptz NOT NULL,
  kind text NOT NULL,
  key text NOT NULL,
  delta integer NOT NULL DEFAULT 0,
  PRIMARY KEY (organization_id, hour, kind, key)
);

-- The open spans per key: the sum of all deltas. A report subtracts the deltas from its range on (recent ranges read
-- few hours) instead of adding up years of hours before it.
CREATE TABLE analytics_pipeline_counts (
  organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  kind text NOT NULL,
  key text NOT NULL,
  records integer NOT NULL DEFAULT 0,
  PRIMARY KEY (organization_id, kind, key)
);

-- Leads not yet contacted (last_contacted_at NULL, not deleted) per UTC hour of their created_at.
CREATE TABLE analytics_uncontacted_hours (
  organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  hour timestamptz NOT NULL,
  leads integer NOT NULL DEFAULT 0,
  PRIMARY KEY (organization_id, hour)
);

-- Leads first contacted (leads.first_contacted_at, migration 0037) per UTC hour of that contact, by how long after
-- their created_at it came (SPEED_BUCKETS), with the seconds added up. A lead whose first contact came before it was
-- created (a list imported with its contact dates) was not waiting on the team: it is not counted.
CREATE TABLE analytics_speed_hours (
  organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  hour timestamptz NOT NULL,
  under_5_min integer NOT NULL DEFAULT 0,
  min_5_to_60 integer NOT NULL DEFAULT 0,
  hour_1_to_24 integer NOT NULL DEFAULT 0,
  day_1_to_7 integer NOT NULL DEFAULT 0,
  over_7_days integer NOT NULL DEFAULT 0,
  total_sec bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (organization_id, hour)
);

SELECT secure_tenant_table(t, publish => false) FROM unnest(ARRAY[
  'analytics_pipeline_spans', 'analytics_pipeline_hours', 'analytics_pipeline_counts', 'analytics_uncontacted_hours', 'analytics_speed_hours'
]) AS t;

-- The definitions, used by the backfill, the triggers and the drill-down alike. A lead waits for a first contact while
-- it has none and is not deleted; its time to first contact is from created_at to first_contacted_at, none when the
-- contact came first.
CREATE FUNCTION growth_uncontacted(l leads) RETURNS integer LANGUAGE sql IMMUTABLE AS $$
  SELECT (l.last_contacted_at IS NULL AND l.status <> 'deleted')::int $$;

CREATE FUNCTION growth_speed_seconds(l leads) RETURNS integer LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN l.first_contacted_at >= l.created_at THEN least(floor(extract(epoch FROM l.first_contacted_at - l.created_at)), 2147483647)::int END $$;

-- Under 5 minutes, 5-60 minutes, 1-24 hours, 1-7 days, longer (packages/domain SPEED_BUCKETS); zeros for none.
CREATE FUNCTION growth_speed_counts(seconds integer) RETURNS integer[] LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN seconds IS NULL THEN ARRAY[0, 0, 0, 0, 0] ELSE ARRAY[
    (seconds < 300)::int, (seconds >= 300 AND seconds < 3600)::int, (seconds >= 3600 AND seconds < 86400)::int,
    (seconds >= 86400 AND seconds < 604800)::int, (seconds >= 604800)::int
  ] END $$;

-- Adds one lead's time to first contact (sign 1) at the hour of the contact, or takes it off (sign -1: an UPDATE only).
CREATE FUNCTION growth_speed_move(l leads, sign integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  seconds CONSTANT integer := growth_speed_seconds(l);
  c CONSTANT integer[] := growth_speed_counts(seconds);
BEGIN
  IF seconds IS NULL THEN RETURN; END IF;
  IF sign < 0 THEN
    UPDATE analytics_speed_hours SET under_5_min = under_5_min - c[1], min_5_to_60 = min_5_to_60 - c[2], hour_1_to_24 = hour_1_to_24 - c[3],
      day_1_to_7 = day_1_to_7 - c[4], over_7_days = over_7_days - c[5], total_sec = total_sec - seconds
    WHERE organization_id = l.organization_id AND hour = analytics_hour(l.first_contacted_at);
  ELSE
    INSERT INTO analytics_speed_hours AS t (organization_id, hour, under_5_min, min_5_to_60, hour_1_to_24, day_1_to_7, over_7_days, total_sec)
    VALUES (l.organization_id, analytics_hour(l.first_contacted_at), c[1], c[2], c[3], c[4], c[5], seconds)
    ON CONFLICT (organization_id, hour) DO UPDATE SET under_5_min = t.under_5_min + excluded.under_5_min, min_5_to_60 = t.min_5_to_60 + excluded.min_5_to_60,
      hour_1_to_24 = t.hour_1_to_24 + excluded.hour_1_to_24, day_1_to_7 = t.day_1_to_7 + excluded.day_1_to_7,
      over_7_days = t.over_7_days + excluded.over_7_days, total_sec = t.total_sec + excluded.total_sec;
  END IF;
END $$;

-- A delta of a key at an hour (spans opened and closed); an upsert, for additions only.
CREATE FUNCTION growth_pipeline_add(org uuid, span_kind text, span_key text, at_time timestamptz, n integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO analytics_pipeline_hours AS t (organization_id, hour, kind, key, delta) VALUES (org, analytics_hour(at_time), span_kind, span_key, n)
  ON CONFLICT (organization_id, hour, kind, key) DO UPDATE SET delta = t.delta + excluded.delta $$;

CREATE FUNCTION growth_span_open(org uuid, span_kind text, record uuid, span_key text, at_time timestamptz) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO analytics_pipeline_spans (organization_id, kind, record_id, since, key) VALUES (org, span_kind, record, at_time, span_key);
  PERFORM growth_pipeline_add(org, span_kind, span_key, at_time, 1);
  INSERT INTO analytics_pipeline_counts AS t (organization_id, kind, key, records) VALUES (org, span_kind, span_key, 1)
  ON CONFLICT (organization_id, kind, key) DO UPDATE SET records = t.records + 1;
END $$;

-- A record now holds span_key: its open span ends now (or is removed when it would be empty) and the next opens.
CREATE FUNCTION growth_span_move(org uuid, span_kind text, record uuid, span_key text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  open_since timestamptz;
  open_key text;
  moved_at timestamptz;
BEGIN
  SELECT since, key INTO open_since, open_key FROM analytics_pipeline_spans
  WHERE organization_id = org AND kind = span_kind AND record_id = record AND until IS NULL;
  IF NOT FOUND THEN
    PERFORM growth_span_open(org, span_kind, record, span_key, now());
    RETURN;
  END IF;
  IF open_key = span_key THEN RETURN; END IF;
  moved_at := greatest(now(), open_since);
  IF open_since = moved_at THEN
    DELETE FROM analytics_pipeline_spans WHERE organization_id = org AND kind = span_kind AND record_id = record AND since = open_since;
    UPDATE analytics_pipeline_hours SET delta = delta - 1
    WHERE organization_id = org AND hour = analytics_hour(open_since) AND kind = span_kind AND key = open_key;
  ELSE
    UPDATE analytics_pipeline_spans SET until = moved_at WHERE organization_id = org AND kind = span_kind AND record_id = record AND since = open_since;
    PERFORM growth_pipeline_add(org, span_kind, open_key, moved_at, -1);
  END IF;
  UPDATE analytics_pipeline_counts SET records = records - 1 WHERE organization_id = org AND kind = span_kind AND key = open_key;
  PERFORM growth_span_open(org, span_kind, record, span_key, moved_at);
END $$;

-- A record's created_at moved (the demo seed backdates leads): its first span starts there, when that keeps it a span.
CREATE FUNCTION growth_span_backdate(org uuid, span_kind text, record uuid, old_at timestamptz, new_at timestamptz) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  moved_key text;
BEGIN
  UPDATE analytics_pipeline_spans s SET since = new_at
  WHERE s.organization_id = org AND s.kind = span_kind AND s.record_id = record AND s.since = old_at AND (s.until IS NULL OR s.until > new_at)
    AND NOT EXISTS (SELECT 1 FROM analytics_pipeline_spans o WHERE o.organization_id = org AND o.kind = span_kind AND o.record_id = record AND o.since = new_at)
  RETURNING s.key INTO moved_key;
  IF moved_key IS NOT NULL THEN
    UPDATE analytics_pipeline_hours SET delta = delta - 1 WHERE organization_id = org AND hour = analytics_hour(old_at) AND kind = span_kind AND key = moved_key;
    PERFORM growth_pipeline_add(org, span_kind, moved_key, new_at, 1);
  END IF;
END $$;

-- New leads or deals (TG_ARGV: the span kind, the column holding the key): one span each from created_at.
CREATE FUNCTION growth_pipeline_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format($q$
    WITH spans AS (
      INSERT INTO analytics_pipeline_spans (organization_id, kind, record_id, since, key)
      SELECT organization_id, %1$L, id, created_at, %2$I FROM inserted
      RETURNING organization_id, since, key
    ), hours AS (
      INSERT INTO analytics_pipeline_hours AS t (organization_id, hour, kind, key, delta)
      SELECT organization_id, analytics_hour(since), %1$L, key, count(*) FROM spans GROUP BY 1, 2, 4
      ON CONFLICT (organization_id, hour, kind, key) DO UPDATE SET delta = t.delta + excluded.delta
    )
    INSERT INTO analytics_pipeline_counts AS t (organization_id, kind, key, records)
    SELECT organization_id, %1$L, key, count(*) FROM spans GROUP BY 1, 3
    ON CONFLICT (organization_id, kind, key) DO UPDATE SET records = t.records + excluded.records
  $q$, TG_ARGV[0], TG_ARGV[1]);
  RETURN NULL;
END $$;

-- Deleted leads or deals (TG_ARGV: the span kind): their spans go, and what they added is taken off.
CREATE FUNCTION growth_pipeline_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  span_kind CONSTANT text := TG_ARGV[0];
BEGIN
  WITH gone AS (
    DELETE FROM analytics_pipeline_spans s USING deleted d
    WHERE s.organization_id = d.organization_id AND s.kind = span_kind AND s.record_id = d.id
    RETURNING s.organization_id, s.key, s.since, s.until
  ), hours AS (
    UPDATE analytics_pipeline_hours t SET delta = t.delta - g.delta
    FROM (
      SELECT g.organization_id, c.hour, g.key, sum(c.delta) AS delta
      FROM gone g CROSS JOIN LATERAL (VALUES (analytics_hour(g.since), 1), (analytics_hour(g.until), -1)) AS c(hour, delta)
      WHERE c.hour IS NOT NULL GROUP BY 1, 2, 3
    ) g
    WHERE t.organization_id = g.organization_id AND t.hour = g.hour AND t.kind = span_kind AND t.key = g.key
  )
  UPDATE analytics_pipeline_counts t SET records = t.records - g.n
  FROM (SELECT organization_id, key, count(*) AS n FROM gone WHERE until IS NULL GROUP BY 1, 2) g
  WHERE t.organization_id = g.organization_id AND t.kind = span_kind AND t.key = g.key;
  RETURN NULL;
END $$;

-- New leads, once per statement: the uncontacted among them, and those whose first contact came after them.
CREATE FUNCTION growth_leads_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO analytics_uncontacted_hours AS t (organization_id, hour, leads)
  SELECT n.organization_id, analytics_hour(n.created_at), count(*) FROM inserted n WHERE growth_uncontacted(n) = 1 GROUP BY 1, 2
  ON CONFLICT (organization_id, hour) DO UPDATE SET leads = t.leads + excluded.leads;
  INSERT INTO analytics_speed_hours AS t (organization_id, hour, under_5_min, min_5_to_60, hour_1_to_24, day_1_to_7, over_7_days, total_sec)
  SELECT n.organization_id, analytics_hour(n.first_contacted_at), sum(x.c[1]), sum(x.c[2]), sum(x.c[3]), sum(x.c[4]), sum(x.c[5]), sum(x.seconds)
  FROM inserted n CROSS JOIN LATERAL (SELECT growth_speed_seconds(n) AS seconds, growth_speed_counts(growth_speed_seconds(n)) AS c) x
  WHERE x.seconds IS NOT NULL GROUP BY 1, 2
  ON CONFLICT (organization_id, hour) DO UPDATE SET under_5_min = t.under_5_min + excluded.under_5_min, min_5_to_60 = t.min_5_to_60 + excluded.min_5_to_60,
    hour_1_to_24 = t.hour_1_to_24 + excluded.hour_1_to_24, day_1_to_7 = t.day_1_to_7 + excluded.day_1_to_7,
    over_7_days = t.over_7_days + excluded.over_7_days, total_sec = t.total_sec + excluded.total_sec;
  RETURN NULL;
END $$;

CREATE FUNCTION growth_leads_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE analytics_uncontacted_hours t SET leads = t.leads - g.n
  FROM (SELECT d.organization_id, analytics_hour(d.created_at) AS hour, count(*) AS n FROM deleted d WHERE growth_uncontacted(d) = 1 GROUP BY 1, 2) g
  WHERE t.organization_id = g.organization_id AND t.hour = g.hour;
  UPDATE analytics_speed_hours t SET under_5_min = t.under_5_min - g.c1, min_5_to_60 = t.min_5_to_60 - g.c2, hour_1_to_24 = t.hour_1_to_24 - g.c3,
    day_1_to_7 = t.day_1_to_7 - g.c4, over_7_days = t.over_7_days - g.c5, total_sec = t.total_sec - g.seconds
  FROM (
    SELECT d.organization_id, analytics_hour(d.first_contacted_at) AS hour, sum(x.c[1]) AS c1, sum(x.c[2]) AS c2, sum(x.c[3]) AS c3, sum(x.c[4]) AS c4,
      sum(x.c[5]) AS c5, sum(x.seconds) AS seconds
    FROM deleted d CROSS JOIN LATERAL (SELECT growth_speed_seconds(d) AS seconds, growth_speed_counts(growth_speed_seconds(d)) AS c) x
    WHERE x.seconds IS NOT NULL GROUP BY 1, 2
  ) g
  WHERE t.organization_id = g.organization_id AND t.hour = g.hour;
  RETURN NULL;
END $$;

-- A lead whose status, created_at or contact changed.
CREATE FUNCTION growth_leads_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  o CONSTANT integer := growth_uncontacted(OLD);
  n CONSTANT integer := growth_uncontacted(NEW);
  moved CONSTANT boolean := analytics_hour(OLD.created_at) <> analytics_hour(NEW.created_at);
BEGIN
  IF OLD.status IS DISTINCT FROM NEW.status THEN PERFORM growth_span_move(NEW.organization_id, 'lead_status', NEW.id, NEW.status); END IF;
  IF OLD.created_at <> NEW.created_at THEN PERFORM growth_span_backdate(NEW.organization_id, 'lead_status', NEW.id, OLD.created_at, NEW.created_at); END IF;
  IF o = 1 AND (n = 0 OR moved) THEN
    UPDATE analytics_uncontacted_hours SET leads = leads - 1 WHERE organization_id = OLD.organization_id AND hour = analytics_hour(OLD.created_at);
  END IF;
  IF n = 1 AND (o = 0 OR moved) THEN
    INSERT INTO analytics_uncontacted_hours AS t (organization_id, hour, leads) VALUES (NEW.organization_id, analytics_hour(NEW.created_at), 1)
    ON CONFLICT (organization_id, hour) DO UPDATE SET leads = t.leads + 1;
  END IF;
  IF (analytics_hour(OLD.first_contacted_at), growth_speed_seconds(OLD)) IS DISTINCT FROM (analytics_hour(NEW.first_contacted_at), growth_speed_seconds(NEW)) THEN
    PERFORM growth_speed_move(OLD, -1);
    PERFORM growth_speed_move(NEW, 1);
  END IF;
  RETURN NULL;
END $$;

CREATE FUNCTION growth_deals_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.stage IS DISTINCT FROM NEW.stage THEN PERFORM growth_span_move(NEW.organization_id, 'deal_stage', NEW.id, NEW.stage); END IF;
  IF OLD.created_at <> NEW.created_at THEN PERFORM growth_span_backdate(NEW.organization_id, 'deal_stage', NEW.id, OLD.created_at, NEW.created_at); END IF;
  RETURN NULL;
END $$;

-- The backfill: every lead and deal holds its present key since its created_at (the history before this migration is
-- not known), the leads not yet contacted, and the time to first contact of those contacted.
INSERT INTO analytics_pipeline_spans (organization_id, kind, record_id, since, key)
SELECT organization_id, 'lead_status', id, created_at, status FROM leads
UNION ALL
SELECT organization_id, 'deal_stage', id, created_at, stage FROM deals;

INSERT INTO analytics_pipeline_hours (organization_id, hour, kind, key, delta)
SELECT organization_id, analytics_hour(since), kind, key, count(*) FROM analytics_pipeline_spans GROUP BY 1, 2, 3, 4;

INSERT INTO analytics_pipeline_counts (organization_id, kind, key, records)
SELECT organization_id, kind, key, count(*) FROM analytics_pipeline_spans GROUP BY 1, 2, 3;

INSERT INTO analytics_uncontacted_hours (organization_id, hour, leads)
SELECT organization_id, analytics_hour(created_at), count(*) FROM leads l WHERE growth_uncontacted(l) = 1 GROUP BY 1, 2;

INSERT INTO analytics_speed_hours (organization_id, hour, under_5_min, min_5_to_60, hour_1_to_24, day_1_to_7, over_7_days, total_sec)
SELECT l.organization_id, analytics_hour(l.first_contacted_at), sum(x.c[1]), sum(x.c[2]), sum(x.c[3]), sum(x.c[4]), sum(x.c[5]), sum(x.seconds)
FROM leads l CROSS JOIN LATERAL (SELECT growth_speed_seconds(l) AS seconds, growth_speed_counts(growth_speed_seconds(l)) AS c) x
WHERE x.seconds IS NOT NULL GROUP BY 1, 2;

CREATE TRIGGER growth_leads_pipeline_inserted AFTER INSERT ON leads
  REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION growth_pipeline_inserted('lead_status', 'status');
CREATE TRIGGER growth_leads_pipeline_deleted AFTER DELETE ON leads
  REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION growth_pipeline_deleted('lead_status');
CREATE TRIGGER growth_leads_inserted AFTER INSERT ON leads
  REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION growth_leads_inserted();
CREATE TRIGGER growth_leads_deleted AFTER DELETE ON leads
  REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION growth_leads_deleted();
CREATE TRIGGER growth_leads_changed AFTER UPDATE ON leads FOR EACH ROW
  WHEN ((OLD.status, OLD.created_at, OLD.last_contacted_at IS NULL, OLD.first_contacted_at)
    IS DISTINCT FROM (NEW.status, NEW.created_at, NEW.last_contacted_at IS NULL, NEW.first_contacted_at))
  EXECUTE FUNCTION growth_leads_changed();
CREATE TRIGGER growth_deals_pipeline_inserted AFTER INSERT ON deals
  REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION growth_pipeline_inserted('deal_stage', 'stage');
CREATE TRIGGER growth_deals_pipeline_deleted AFTER DELETE ON deals
  REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION growth_pipeline_deleted('deal_stage');
CREATE TRIGGER growth_deals_changed AFTER UPDATE ON deals FOR EACH ROW
  WHEN ((OLD.stage, OLD.created_at) IS DISTINCT FROM (NEW.stage, NEW.created_at))
  EXECUTE FUNCTION growth_deals_changed();

-- The oldest leads waiting for a first contact and those of an age (the uncontacted card and its drill-down), and
-- the leads first contacted in a range of any source (0037's index leads with the source).
CREATE INDEX leads_uncontacted_idx ON leads (organization_id, created_at) WHERE last_contacted_at IS NULL AND status <> 'deleted';
CREATE INDEX leads_first_contacted_idx ON leads (organization_id, first_contacted_at DESC) WHERE first_contacted_at IS NOT NULL;
