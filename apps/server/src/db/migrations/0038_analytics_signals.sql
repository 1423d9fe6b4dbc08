-- Signals analytics (issue 23, docs/api-signals-analytics.md): per organization and key (a distress signal, a band of
-- equity, motivation or years owned, a property type, a tag, how many signals or imported lists a lead stacks, or
-- 'all'), how many counted leads there are and how many of them were contacted, offered and contracted. Kept exact by
-- statement-level triggers in the transaction of every write: an import batch of 2,000 leads is grouped by what its
-- leads count as and added up once, instead of a dozen upserts per row. Deleted leads (status 'deleted') count nowhere.
--
-- As in 0036 the triggers run as the writer (no SECURITY DEFINER), and counts taken off a lead that is deleted are
-- only ever an UPDATE, so deleting an organization, whose cascade may remove the counter rows first, writes nothing.

CREATE TABLE analytics_signal_counts (
  organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  key text NOT NULL,
  leads integer NOT NULL DEFAULT 0,
  contacted integer NOT NULL DEFAULT 0,
  offered integer NOT NULL DEFAULT 0,
  contracted integer NOT NULL DEFAULT 0,
  PRIMARY KEY (organization_id, key)
);

-- How many imported lists (lead_list_members, migration 0037) each lead is on; no row is none. Kept by the
-- membership triggers below, read by the lead triggers, and by the drill of a "lists" stack.
CREATE TABLE analytics_lead_lists (
  organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  lead_id uuid NOT NULL,
  lists integer NOT NULL,
  PRIMARY KEY (organization_id, lead_id)
);
CREATE INDEX analytics_lead_lists_count_idx ON analytics_lead_lists (organization_id, lists, lead_id);

SELECT secure_tenant_table(t, publish => false) FROM unnest(ARRAY['analytics_signal_counts', 'analytics_lead_lists']) AS t;

-- The keys a lead counts under but its tags (packages/domain/src/analytics/signals-keys.ts leadSignalKeys is the same
-- rule): equity bands are the composite score's tiers over equity_amount, motivation bands the list's labels (8, 6,
-- 4), a property type is lower-cased with its spaces collapsed. Only immutable parts and no subquery, so PostgreSQL
-- inlines it (a call per row would cost ten times more on an import).
CREATE FUNCTION analytics_signal_keys(l leads, lists integer) RETURNS text[] LANGUAGE sql IMMUTABLE AS $$
  SELECT array_remove(ARRAY[
    'all',
    'lists:' || lists::text,
    'signals:' || (coalesce(l.tax_delinquent, false)::int + coalesce(l.pre_foreclosure, false)::int
      + coalesce(l.vacant OR l.vacancy_flag, false)::int + coalesce(l.out_of_state_owner, false)::int)::text,
    CASE WHEN l.tax_delinquent THEN 'tax_delinquent' END,
    CASE WHEN l.pre_foreclosure THEN 'pre_foreclosure' END,
    CASE WHEN l.vacant OR l.vacancy_flag THEN 'vacant' END,
    CASE WHEN l.out_of_state_owner THEN 'out_of_state_owner' END,
    'equity:' || CASE WHEN l.equity_amount IS NULL THEN 'unknown' WHEN l.equity_amount > 150000 THEN '150000'
      WHEN l.equity_amount > 100000 THEN '100000' WHEN l.equity_amount > 50000 THEN '50000' WHEN l.equity_amount > 25000 THEN '25000' ELSE '0' END,
    'motivation:' || CASE WHEN l.motivation_score IS NULL THEN 'unknown' WHEN l.motivation_score >= 8 THEN 'very_high'
      WHEN l.motivation_score >= 6 THEN 'high' WHEN l.motivation_score >= 4 THEN 'medium' ELSE 'low' END,
    'property_type:' || coalesce(nullif(left(lower(btrim(regexp_replace(coalesce(l.property_type, ''), '\s+', ' ', 'g'))), 60), ''), 'unknown'),
    'years_owned:' || CASE WHEN l.ownership_length IS NULL THEN 'unknown' WHEN l.ownership_length >= 20 THEN '20'
      WHEN l.ownership_length >= 10 THEN '10' WHEN l.ownership_length >= 5 THEN '5' WHEN l.ownership_length >= 2 THEN '2' ELSE '0' END
  ], NULL) $$;

-- What a lead turned into: contacted (last_contacted_at set), offered (an appointment or offer: the status a
-- call outcome or a deal gives), contracted (under contract or closed).
CREATE FUNCTION analytics_signal_outcomes(l leads) RETURNS integer[] LANGUAGE sql IMMUTABLE AS $$
  SELECT ARRAY[
    (l.last_contacted_at IS NOT NULL)::int,
    (l.status IN ('interested-set-offer', 'under-contract', 'closed'))::int,
    (l.status IN ('under-contract', 'closed'))::int
  ] $$;

-- n leads that count under `keys` and the tags `badges`, with `outcomes`; n < 0 takes them off.
CREATE TYPE analytics_signal_side AS (organization_id uuid, keys text[], badges text[], outcomes integer[], n integer);

-- A lead's side, n times (+1 added, -1 taken off); a deleted lead's counts nothing.
CREATE FUNCTION analytics_signal_side(l leads, lists integer, n integer) RETURNS analytics_signal_side LANGUAGE sql IMMUTABLE AS $$
  SELECT ROW(l.organization_id, analytics_signal_keys(l, lists), l.badges, analytics_signal_outcomes(l),
    CASE WHEN l.status <> 'deleted' THEN n ELSE 0 END)::analytics_signal_side $$;

-- Adds sides to the counters: grouped first (the leads of a batch share most of their keys), then each group's keys
-- and tags (each once), in key order so two writers of one organization lock rows in the same order. A key whose sums
-- do not move is not written. With `upsert` false only rows that exist are changed: a lead deleted, maybe with its
-- organization, whose cascade may have removed the counter rows first.
CREATE FUNCTION analytics_signals_add(sides analytics_signal_side[], upsert boolean) RETURNS void LANGUAGE sql AS $$
  WITH groups AS (
    SELECT s.organization_id, s.keys, s.badges, s.outcomes, sum(s.n) AS n FROM unnest(sides) s
    GROUP BY 1, 2, 3, 4 HAVING sum(s.n) <> 0
  ), d AS (
    SELECT g.organization_id, k.key, sum(g.n) AS leads, sum(g.n * g.outcomes[1]) AS contacted, sum(g.n * g.outcomes[2]) AS offered, sum(g.n * g.outcomes[3]) AS contracted
    FROM groups g CROSS JOIN LATERAL (
      SELECT unnest(g.keys) UNION ALL SELECT DISTINCT 'tag:' || b FROM unnest(g.badges) b WHERE b <> ''
    ) k(key)
    GROUP BY 1, 2
    HAVING sum(g.n) <> 0 OR sum(g.n * g.outcomes[1]) <> 0 OR sum(g.n * g.outcomes[2]) <> 0 OR sum(g.n * g.outcomes[3]) <> 0
  ), taken_off AS (
    UPDATE analytics_signal_counts t SET leads = t.leads + d.leads, contacted = t.contacted + d.contacted, offered = t.offered + d.offered,
      contracted = t.contracted + d.contracted
    FROM d WHERE NOT upsert AND t.organization_id = d.organization_id AND t.key = d.key
  )
  INSERT INTO analytics_signal_counts AS t (organization_id, key, leads, contacted, offered, contracted)
  SELECT organization_id, key, leads, contacted, offered, contracted FROM d WHERE upsert ORDER BY 1, 2
  ON CONFLICT (organization_id, key) DO UPDATE SET leads = t.leads + excluded.leads, contacted = t.contacted + excluded.contacted,
    offered = t.offered + excluded.offered, contracted = t.contracted + excluded.contracted
$$;

INSERT INTO analytics_lead_lists (organization_id, lead_id, lists)
SELECT organization_id, lead_id, count(*) FROM lead_list_members GROUP BY 1, 2;

SELECT analytics_signals_add(ARRAY(
  SELECT ROW(s.organization_id, s.keys, s.badges, s.outcomes, sum(s.n)::int)::analytics_signal_side
  FROM leads l
  LEFT JOIN analytics_lead_lists c ON c.organization_id = l.organization_id AND c.lead_id = l.id
  CROSS JOIN LATERAL (SELECT (analytics_signal_side(l, coalesce(c.lists, 0), 1)).*) s
  WHERE l.organization_id = o.id
  GROUP BY s.organization_id, s.keys, s.badges, s.outcomes), true)
FROM organizations o;

-- Inserted leads are on no list yet (a membership needs its lead first). An update counts only the leads whose
-- counted columns changed, taking the old row off and adding the new (a call's last_call_at, an import's dnc_listed
-- cost a comparison). A deleted row is taken off with the list count it was counted with: its memberships' cascade
-- leaves analytics_lead_lists alone (below), and its row goes here.
CREATE FUNCTION analytics_signals_leads() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM analytics_signals_add(ARRAY(SELECT analytics_signal_side(n, 0, 1) FROM added n), true);
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM analytics_signals_add(ARRAY(
      SELECT v.side
      FROM removed o
      JOIN added n ON n.organization_id = o.organization_id AND n.id = o.id
      LEFT JOIN analytics_lead_lists c ON c.organization_id = n.organization_id AND c.lead_id = n.id
      CROSS JOIN LATERAL (VALUES (analytics_signal_side(o, coalesce(c.lists, 0), -1)), (analytics_signal_side(n, coalesce(c.lists, 0), 1))) v(side)
      WHERE (o.status, o.last_contacted_at, o.tax_delinquent, o.pre_foreclosure, o.vacant, o.vacancy_flag, o.out_of_state_owner,
             o.equity_amount, o.motivation_score, o.property_type, o.ownership_length, o.badges)
        IS DISTINCT FROM (n.status, n.last_contacted_at, n.tax_delinquent, n.pre_foreclosure, n.vacant, n.vacancy_flag, n.out_of_state_owner,
             n.equity_amount, n.motivation_score, n.property_type, n.ownership_length, n.badges)), true);
  ELSE
    PERFORM analytics_signals_add(ARRAY(
      SELECT analytics_signal_side(o, coalesce(c.lists, 0), -1)
      FROM removed o LEFT JOIN analytics_lead_lists c ON c.organization_id = o.organization_id AND c.lead_id = o.id), false);
    DELETE FROM analytics_lead_lists c USING removed o WHERE c.organization_id = o.organization_id AND c.lead_id = o.id;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER analytics_signals_leads_added AFTER INSERT ON leads
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION analytics_signals_leads();
CREATE TRIGGER analytics_signals_leads_changed AFTER UPDATE ON leads
  REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION analytics_signals_leads();
CREATE TRIGGER analytics_signals_leads_removed AFTER DELETE ON leads
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION analytics_signals_leads();

-- Leads put on (n > 0) or taken off (n < 0) that many lists: each list count moves, and each counted lead moves from
-- its old "lists:n" key to its new one. Memberships removed with their lead (it is no longer visible) change nothing
-- here: the lead's own trigger takes it off. Nor do those removed with their organization (no longer visible either),
-- so no counter row is written for a deleted organization.
CREATE FUNCTION analytics_signals_move_lists(org_ids uuid[], lead_ids uuid[], deltas integer[]) RETURNS void LANGUAGE sql AS $$
  WITH per_lead AS (
    SELECT p.organization_id, p.lead_id, sum(p.n)::int AS n FROM unnest(org_ids, lead_ids, deltas) AS p(organization_id, lead_id, n)
    WHERE EXISTS (SELECT 1 FROM leads l WHERE l.organization_id = p.organization_id AND l.id = p.lead_id)
      AND EXISTS (SELECT 1 FROM organizations g WHERE g.id = p.organization_id)
    GROUP BY 1, 2
  ), counted AS (
    INSERT INTO analytics_lead_lists AS c (organization_id, lead_id, lists)
    SELECT organization_id, lead_id, n FROM per_lead WHERE n <> 0 ORDER BY 1, 2
    ON CONFLICT (organization_id, lead_id) DO UPDATE SET lists = c.lists + excluded.lists
  )
  -- The list counts read here are those before this statement's change (one snapshot for the whole statement).
  SELECT analytics_signals_add(ARRAY(
    SELECT ROW(p.organization_id, ARRAY['lists:' || mv.lists::text], '{}'::text[], analytics_signal_outcomes(l),
      CASE WHEN l.status <> 'deleted' THEN mv.sign ELSE 0 END)::analytics_signal_side
    FROM per_lead p
    LEFT JOIN analytics_lead_lists c ON c.organization_id = p.organization_id AND c.lead_id = p.lead_id
    JOIN leads l ON l.organization_id = p.organization_id AND l.id = p.lead_id
    CROSS JOIN LATERAL (VALUES (coalesce(c.lists, 0), -1), (coalesce(c.lists, 0) + p.n, 1)) mv(lists, sign)), true);
  DELETE FROM analytics_lead_lists c USING unnest(org_ids, lead_ids) AS p(organization_id, lead_id)
  WHERE c.organization_id = p.organization_id AND c.lead_id = p.lead_id AND c.lists <= 0;
$$;

CREATE FUNCTION analytics_signals_lists() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    PERFORM analytics_signals_move_lists(array_agg(organization_id), array_agg(lead_id), array_agg(-1)) FROM removed;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM analytics_signals_move_lists(array_agg(organization_id), array_agg(lead_id), array_agg(1)) FROM added;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER analytics_signals_lists_added AFTER INSERT ON lead_list_members
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION analytics_signals_lists();
CREATE TRIGGER analytics_signals_lists_changed AFTER UPDATE ON lead_list_members
  REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION analytics_signals_lists();
CREATE TRIGGER analytics_signals_lists_removed AFTER DELETE ON lead_list_members
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION analytics_signals_lists();
