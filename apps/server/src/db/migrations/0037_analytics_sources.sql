-- Sources and lists with team spend (issue 23, docs/api-analytics.md "Sources and lists").

-- Which imported lists a lead is on: the lead import writes a row for every lead a list inserted or updated, so a
-- lead matched by a second list is on both. Leads imported before this migration are on no list.
CREATE TABLE lead_list_members (
  organization_id uuid NOT NULL,
  import_id uuid NOT NULL,
  lead_id uuid NOT NULL,
  added_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (organization_id, import_id, lead_id),
  FOREIGN KEY (organization_id, import_id) REFERENCES lead_imports (organization_id, id) ON DELETE CASCADE,
  FOREIGN KEY (organization_id, lead_id) REFERENCES leads (organization_id, id) ON DELETE CASCADE
);
CREATE INDEX lead_list_members_lead_idx ON lead_list_members (organization_id, lead_id);
SELECT secure_tenant_table('lead_list_members', publish => false);

-- A lead's source as the reports group it: its lead_source, else its source (an import's 'csv_import' reads
-- "CSV import"), trimmed, else 'Unknown'. packages/domain leadSourceName() is the same rule.
CREATE FUNCTION analytics_lead_source(lead_source text, source text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(
    nullif(btrim(lead_source, E' \t\r\n'), ''),
    CASE btrim(source, E' \t\r\n') WHEN 'csv_import' THEN 'CSV import' WHEN '' THEN NULL ELSE btrim(source, E' \t\r\n') END,
    'Unknown') $$;

-- When a lead was first contacted: the first last_contacted_at it had, kept when later contacts move
-- last_contacted_at, so "contacted" counts a lead once, at its first contact. Derived: never written directly.
ALTER TABLE leads ADD COLUMN first_contacted_at timestamptz;
-- Leads contacted before this migration: their last contact is the only one known. Written once without a new
-- version of each lead or a change notification per row.
ALTER TABLE leads DISABLE TRIGGER leads_version;
SELECT set_config('app.bulk_write', 'on', true);
UPDATE leads SET first_contacted_at = last_contacted_at WHERE last_contacted_at IS NOT NULL;
SELECT set_config('app.bulk_write', 'off', true);
ALTER TABLE leads ENABLE TRIGGER leads_version;

CREATE FUNCTION leads_first_contact() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.first_contacted_at := CASE WHEN TG_OP = 'INSERT' THEN NEW.last_contacted_at ELSE coalesce(OLD.first_contacted_at, NEW.last_contacted_at) END;
  RETURN NEW;
END $$;
-- Called only when the value would change (an import's uncontacted leads cost no function call).
CREATE TRIGGER leads_first_contact BEFORE INSERT ON leads
  FOR EACH ROW WHEN (NEW.first_contacted_at IS DISTINCT FROM NEW.last_contacted_at) EXECUTE FUNCTION leads_first_contact();
CREATE TRIGGER leads_first_contact_changed BEFORE UPDATE OF last_contacted_at, first_contacted_at ON leads
  FOR EACH ROW WHEN (NEW.first_contacted_at IS DISTINCT FROM coalesce(OLD.first_contacted_at, NEW.last_contacted_at)) EXECUTE FUNCTION leads_first_contact();

-- Per (organization, UTC hour, source): leads created (at created_at), leads first contacted (at
-- first_contacted_at), deals put under contract (at deals.contracted_at: a deal counts once, when it first reached
-- under contract or a later stage), deals closed (stage closed, at closed_at) and their fees in cents
-- (assignment_fee_actual, else assignment_fee), each under its lead's source. Like 0036's rollups, read over the
-- hours between a range's local midnights.
CREATE TABLE analytics_source_hours (
  organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  hour timestamptz NOT NULL,
  source text NOT NULL,
  leads integer NOT NULL DEFAULT 0,
  contacted integer NOT NULL DEFAULT 0,
  under_contract integer NOT NULL DEFAULT 0,
  closed integer NOT NULL DEFAULT 0,
  fees_cents bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (organization_id, hour, source)
);

-- Per imported list, over all time: its members, those first contacted, their deals put under contract, closed,
-- and the fees. A lead on two lists counts on both.
CREATE TABLE analytics_list_counts (
  organization_id uuid NOT NULL,
  import_id uuid NOT NULL,
  members integer NOT NULL DEFAULT 0,
  contacted integer NOT NULL DEFAULT 0,
  under_contract integer NOT NULL DEFAULT 0,
  closed integer NOT NULL DEFAULT 0,
  fees_cents bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (organization_id, import_id),
  FOREIGN KEY (organization_id, import_id) REFERENCES lead_imports (organization_id, id) ON DELETE CASCADE
);

-- What the team spent on a source in a month (entered by an admin, PUT /api/analytics/spend): no row is no spend.
CREATE TABLE source_spend (
  organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  source text NOT NULL,
  month date NOT NULL CHECK (extract(day FROM month) = 1),
  amount_cents bigint NOT NULL CHECK (amount_cents >= 0),
  updated_by text REFERENCES users(id) ON DELETE SET NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (organization_id, source, month)
);

SELECT secure_tenant_table(t, publish => false) FROM unnest(ARRAY['analytics_source_hours', 'analytics_list_counts', 'source_spend']) AS t;

-- What a deal counts: closed (stage closed with its closing time) and, closed, its fee in cents.
CREATE FUNCTION analytics_deal_closed(d deals) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT d.stage = 'closed' AND d.closed_at IS NOT NULL $$;
CREATE FUNCTION analytics_deal_fee_cents(d deals) RETURNS bigint LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN analytics_deal_closed(d) THEN round(coalesce(d.assignment_fee_actual, d.assignment_fee, 0) * 100)::bigint ELSE 0 END $$;

-- Adds (dir 1) or takes off (dir -1) v = [leads, contacted, under_contract, closed, fees_cents] at the hour of `at`
-- under a source. Taking off only ever UPDATEs the row it was added to (see 0036).
CREATE FUNCTION analytics_source_move(org uuid, at timestamptz, src text, v bigint[], dir integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF at IS NULL OR v = ARRAY[0, 0, 0, 0, 0]::bigint[] THEN
    RETURN;
  END IF;
  IF dir < 0 THEN
    UPDATE analytics_source_hours SET leads = leads - v[1], contacted = contacted - v[2], under_contract = under_contract - v[3], closed = closed - v[4], fees_cents = fees_cents - v[5]
    WHERE organization_id = org AND hour = analytics_hour(at) AND source = src;
  ELSE
    INSERT INTO analytics_source_hours AS t (organization_id, hour, source, leads, contacted, under_contract, closed, fees_cents)
    VALUES (org, analytics_hour(at), src, v[1], v[2], v[3], v[4], v[5])
    ON CONFLICT (organization_id, hour, source) DO UPDATE SET leads = t.leads + excluded.leads, contacted = t.contacted + excluded.contacted,
      under_contract = t.under_contract + excluded.under_contract, closed = t.closed + excluded.closed, fees_cents = t.fees_cents + excluded.fees_cents;
  END IF;
END $$;

-- A lead's own counts (itself, its first contact) and a deal's (its contract, its closing and fee) under a source.
CREATE FUNCTION analytics_lead_sources(l leads, dir integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  src CONSTANT text := analytics_lead_source(l.lead_source, l.source);
BEGIN
  PERFORM analytics_source_move(l.organization_id, l.created_at, src, ARRAY[1, 0, 0, 0, 0]::bigint[], dir);
  PERFORM analytics_source_move(l.organization_id, l.first_contacted_at, src, ARRAY[0, 1, 0, 0, 0]::bigint[], dir);
END $$;

CREATE FUNCTION analytics_deal_sources(d deals, src text, dir integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM analytics_source_move(d.organization_id, d.contracted_at, src, ARRAY[0, 0, 1, 0, 0]::bigint[], dir);
  IF analytics_deal_closed(d) THEN
    PERFORM analytics_source_move(d.organization_id, d.closed_at, src, ARRAY[0, 0, 0, 1, analytics_deal_fee_cents(d)]::bigint[], dir);
  END IF;
END $$;

-- Adds (dir 1) or takes off (dir -1) v = [members, contacted, under_contract, closed, fees_cents] on every list a
-- lead is on (each list's row exists while it has members); nothing when v is NULL.
CREATE FUNCTION analytics_lead_lists_move(org uuid, lead uuid, v bigint[], dir integer) RETURNS void LANGUAGE sql AS $$
  UPDATE analytics_list_counts c SET members = c.members + dir * v[1], contacted = c.contacted + dir * v[2], under_contract = c.under_contract + dir * v[3],
    closed = c.closed + dir * v[4], fees_cents = c.fees_cents + dir * v[5]
  FROM lead_list_members m
  WHERE v IS NOT NULL AND m.organization_id = org AND m.lead_id = lead AND c.organization_id = m.organization_id AND c.import_id = m.import_id $$;

-- A deal's counts on every list its lead is on.
CREATE FUNCTION analytics_deal_lists(d deals, dir integer) RETURNS void LANGUAGE sql AS $$
  SELECT analytics_lead_lists_move(d.organization_id, d.lead_id,
    ARRAY[0, 0, (d.contracted_at IS NOT NULL)::int, analytics_deal_closed(d)::int, analytics_deal_fee_cents(d)]::bigint[], dir) $$;

-- What a lead brings to each list it is on: [1, first contacted, its deals under contract, closed, fees]; NULL when
-- the lead is gone (its delete already took all of it off, below).
CREATE FUNCTION analytics_lead_list_counts(org uuid, lead uuid) RETURNS bigint[] LANGUAGE sql STABLE AS $$
  SELECT ARRAY[1, (l.first_contacted_at IS NOT NULL)::int, coalesce(d.under_contract, 0), coalesce(d.closed, 0), coalesce(d.fees_cents, 0)]::bigint[]
  FROM leads l
  CROSS JOIN LATERAL (
    SELECT count(*) FILTER (WHERE x.contracted_at IS NOT NULL) AS under_contract, count(*) FILTER (WHERE analytics_deal_closed(x)) AS closed, sum(analytics_deal_fee_cents(x)) AS fees_cents
    FROM deals x WHERE x.organization_id = l.organization_id AND x.lead_id = l.id
  ) d
  WHERE l.organization_id = org AND l.id = lead $$;

CREATE FUNCTION analytics_list_move(org uuid, list uuid, v bigint[], dir integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF v IS NULL THEN
    RETURN;
  END IF;
  IF dir < 0 THEN
    UPDATE analytics_list_counts SET members = members - v[1], contacted = contacted - v[2], under_contract = under_contract - v[3], closed = closed - v[4], fees_cents = fees_cents - v[5]
    WHERE organization_id = org AND import_id = list;
  ELSE
    INSERT INTO analytics_list_counts AS t (organization_id, import_id, members, contacted, under_contract, closed, fees_cents)
    VALUES (org, list, v[1], v[2], v[3], v[4], v[5])
    ON CONFLICT (organization_id, import_id) DO UPDATE SET members = t.members + excluded.members, contacted = t.contacted + excluded.contacted,
      under_contract = t.under_contract + excluded.under_contract, closed = t.closed + excluded.closed, fees_cents = t.fees_cents + excluded.fees_cents;
  END IF;
END $$;

-- Leads and deals that exist now.
INSERT INTO analytics_source_hours (organization_id, hour, source, leads, contacted, under_contract, closed, fees_cents)
SELECT organization_id, hour, source, sum(leads), sum(contacted), sum(under_contract), sum(closed), sum(fees_cents)
FROM (
  SELECT l.organization_id, analytics_hour(l.created_at) AS hour, analytics_lead_source(l.lead_source, l.source) AS source, 1 AS leads, 0 AS contacted, 0 AS under_contract, 0 AS closed, 0::bigint AS fees_cents
  FROM leads l
  UNION ALL
  SELECT l.organization_id, analytics_hour(l.first_contacted_at), analytics_lead_source(l.lead_source, l.source), 0, 1, 0, 0, 0
  FROM leads l WHERE l.first_contacted_at IS NOT NULL
  UNION ALL
  SELECT d.organization_id, analytics_hour(d.contracted_at), analytics_lead_source(l.lead_source, l.source), 0, 0, 1, 0, 0
  FROM deals d JOIN leads l ON l.organization_id = d.organization_id AND l.id = d.lead_id WHERE d.contracted_at IS NOT NULL
  UNION ALL
  SELECT d.organization_id, analytics_hour(d.closed_at), analytics_lead_source(l.lead_source, l.source), 0, 0, 0, 1, analytics_deal_fee_cents(d)
  FROM deals d JOIN leads l ON l.organization_id = d.organization_id AND l.id = d.lead_id WHERE analytics_deal_closed(d)
) rows
GROUP BY 1, 2, 3;

-- New leads, once per statement: an import batch of 2,000 leads is one grouped upsert.
CREATE FUNCTION analytics_leads_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO analytics_source_hours AS t (organization_id, hour, source, leads, contacted)
  SELECT organization_id, hour, source, sum(leads), sum(contacted)
  FROM (
    SELECT n.organization_id, analytics_hour(n.created_at) AS hour, analytics_lead_source(n.lead_source, n.source) AS source, 1 AS leads, 0 AS contacted FROM inserted n
    UNION ALL
    SELECT n.organization_id, analytics_hour(n.first_contacted_at), analytics_lead_source(n.lead_source, n.source), 0, 1 FROM inserted n WHERE n.first_contacted_at IS NOT NULL
  ) rows
  GROUP BY 1, 2, 3
  ON CONFLICT (organization_id, hour, source) DO UPDATE SET leads = t.leads + excluded.leads, contacted = t.contacted + excluded.contacted;
  RETURN NULL;
END $$;

-- A lead whose source, creation or first contact changed moves its own counts; a new source takes its deals' counts
-- along; a first contact (or its removal) counts on each of its lists.
CREATE FUNCTION analytics_leads_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was CONSTANT text := analytics_lead_source(OLD.lead_source, OLD.source);
  now_ CONSTANT text := analytics_lead_source(NEW.lead_source, NEW.source);
  d deals;
BEGIN
  PERFORM analytics_lead_sources(OLD, -1);
  PERFORM analytics_lead_sources(NEW, 1);
  IF was <> now_ THEN
    FOR d IN SELECT * FROM deals x WHERE x.organization_id = NEW.organization_id AND x.lead_id = NEW.id LOOP
      PERFORM analytics_deal_sources(d, was, -1);
      PERFORM analytics_deal_sources(d, now_, 1);
    END LOOP;
  END IF;
  IF (OLD.first_contacted_at IS NULL) <> (NEW.first_contacted_at IS NULL) THEN
    PERFORM analytics_lead_lists_move(NEW.organization_id, NEW.id, ARRAY[0, 1, 0, 0, 0]::bigint[], CASE WHEN NEW.first_contacted_at IS NULL THEN -1 ELSE 1 END);
  END IF;
  RETURN NULL;
END $$;

-- Before a lead is deleted, while its deals and list memberships are still there, everything it brought is taken
-- off: its own counts, its deals' under its source, and what it brought to each of its lists. The deals and
-- memberships its delete cascades to then find no lead and count nothing more (below). A lead moved to the bin
-- (status 'deleted') is not deleted: it keeps counting, as its calls do in 0036.
CREATE FUNCTION analytics_leads_deleting() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  src CONSTANT text := analytics_lead_source(OLD.lead_source, OLD.source);
  brought CONSTANT bigint[] := analytics_lead_list_counts(OLD.organization_id, OLD.id);
  d deals;
BEGIN
  PERFORM analytics_lead_sources(OLD, -1);
  FOR d IN SELECT * FROM deals x WHERE x.organization_id = OLD.organization_id AND x.lead_id = OLD.id LOOP
    PERFORM analytics_deal_sources(d, src, -1);
  END LOOP;
  PERFORM analytics_lead_lists_move(OLD.organization_id, OLD.id, brought, -1);
  RETURN OLD;
END $$;

CREATE FUNCTION analytics_deals_rollup() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  src text;
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.organization_id = NEW.organization_id AND OLD.lead_id = NEW.lead_id
    AND OLD.contracted_at IS NOT DISTINCT FROM NEW.contracted_at AND analytics_deal_closed(OLD) = analytics_deal_closed(NEW)
    AND OLD.closed_at IS NOT DISTINCT FROM NEW.closed_at AND analytics_deal_fee_cents(OLD) = analytics_deal_fee_cents(NEW) THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    SELECT analytics_lead_source(l.lead_source, l.source) INTO src FROM leads l WHERE l.organization_id = OLD.organization_id AND l.id = OLD.lead_id;
    -- No lead: the deal went with its lead, whose delete took its counts off.
    IF FOUND THEN
      PERFORM analytics_deal_sources(OLD, src, -1);
      PERFORM analytics_deal_lists(OLD, -1);
    END IF;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    SELECT analytics_lead_source(l.lead_source, l.source) INTO src FROM leads l WHERE l.organization_id = NEW.organization_id AND l.id = NEW.lead_id;
    IF FOUND THEN
      PERFORM analytics_deal_sources(NEW, src, 1);
      PERFORM analytics_deal_lists(NEW, 1);
    END IF;
  END IF;
  RETURN NULL;
END $$;

-- New list members, once per statement (an import batch): each brings its lead's counts to its list
-- (analytics_lead_list_counts, inline). One probe of a lead and of its deals per member (LATERAL … OFFSET 0): the
-- transition table has no statistics, and a join the planner picked from them could compare every member with
-- every lead of the organization.
CREATE FUNCTION analytics_list_members_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO analytics_list_counts AS t (organization_id, import_id, members, contacted, under_contract, closed, fees_cents)
  SELECT a.organization_id, a.import_id, count(*), count(*) FILTER (WHERE l.first_contacted_at IS NOT NULL),
    sum(d.under_contract), sum(d.closed), sum(d.fees_cents)
  FROM added a
  CROSS JOIN LATERAL (SELECT x.first_contacted_at FROM leads x WHERE x.organization_id = a.organization_id AND x.id = a.lead_id OFFSET 0) l
  CROSS JOIN LATERAL (
    SELECT count(*) FILTER (WHERE x.contracted_at IS NOT NULL) AS under_contract, count(*) FILTER (WHERE analytics_deal_closed(x)) AS closed,
      coalesce(sum(analytics_deal_fee_cents(x)), 0) AS fees_cents
    FROM deals x WHERE x.organization_id = a.organization_id AND x.lead_id = a.lead_id OFFSET 0
  ) d
  GROUP BY 1, 2
  ON CONFLICT (organization_id, import_id) DO UPDATE SET members = t.members + excluded.members, contacted = t.contacted + excluded.contacted,
    under_contract = t.under_contract + excluded.under_contract, closed = t.closed + excluded.closed, fees_cents = t.fees_cents + excluded.fees_cents;
  RETURN NULL;
END $$;

-- A member removed (or moved) takes its lead's counts off its list; a member whose lead is gone counts nothing
-- (the lead's delete took it off).
CREATE FUNCTION analytics_list_members_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (OLD.organization_id, OLD.import_id, OLD.lead_id) = (NEW.organization_id, NEW.import_id, NEW.lead_id) THEN
    RETURN NULL;
  END IF;
  PERFORM analytics_list_move(OLD.organization_id, OLD.import_id, analytics_lead_list_counts(OLD.organization_id, OLD.lead_id), -1);
  IF TG_OP = 'UPDATE' THEN
    PERFORM analytics_list_move(NEW.organization_id, NEW.import_id, analytics_lead_list_counts(NEW.organization_id, NEW.lead_id), 1);
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER analytics_leads_inserted AFTER INSERT ON leads REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION analytics_leads_inserted();
CREATE TRIGGER analytics_leads_changed AFTER UPDATE ON leads FOR EACH ROW
  WHEN ((OLD.organization_id, OLD.created_at, OLD.first_contacted_at, analytics_lead_source(OLD.lead_source, OLD.source))
    IS DISTINCT FROM (NEW.organization_id, NEW.created_at, NEW.first_contacted_at, analytics_lead_source(NEW.lead_source, NEW.source)))
  EXECUTE FUNCTION analytics_leads_changed();
CREATE TRIGGER analytics_leads_deleting BEFORE DELETE ON leads FOR EACH ROW EXECUTE FUNCTION analytics_leads_deleting();
CREATE TRIGGER analytics_deals_written AFTER INSERT OR DELETE ON deals FOR EACH ROW EXECUTE FUNCTION analytics_deals_rollup();
CREATE TRIGGER analytics_deals_changed AFTER UPDATE ON deals FOR EACH ROW
  WHEN ((OLD.organization_id, OLD.lead_id, OLD.stage, OLD.contracted_at, OLD.closed_at, OLD.assignment_fee_actual, OLD.assignment_fee)
    IS DISTINCT FROM (NEW.organization_id, NEW.lead_id, NEW.stage, NEW.contracted_at, NEW.closed_at, NEW.assignment_fee_actual, NEW.assignment_fee))
  EXECUTE FUNCTION analytics_deals_rollup();
CREATE TRIGGER analytics_list_members_inserted AFTER INSERT ON lead_list_members REFERENCING NEW TABLE AS added FOR EACH STATEMENT
  EXECUTE FUNCTION analytics_list_members_inserted();
CREATE TRIGGER analytics_list_members_changed AFTER UPDATE OR DELETE ON lead_list_members FOR EACH ROW EXECUTE FUNCTION analytics_list_members_changed();

-- A lead's deals (what a lead brings to its lists), the organization's sources one by one (the spend editor), and
-- the records behind a source's numbers, newest first.
CREATE INDEX deals_lead_idx ON deals (organization_id, lead_id);
CREATE INDEX analytics_source_hours_source_idx ON analytics_source_hours (organization_id, source, hour);
-- A page is an index range read in order when the query also orders by the source (fixed by its WHERE).
CREATE INDEX leads_source_created_idx ON leads (organization_id, analytics_lead_source(lead_source, source), created_at DESC, id DESC);
CREATE INDEX leads_source_contacted_idx ON leads (organization_id, analytics_lead_source(lead_source, source), first_contacted_at DESC, id DESC)
  WHERE first_contacted_at IS NOT NULL;
