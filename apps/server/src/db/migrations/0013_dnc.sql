-- The Do-Not-Contact list (issue 15, docs/api-dnc.md): one list per organization, keyed by number. Consent
-- belongs to a telephone number, so a listed number is refused for calls and texts through any lead.
-- phone_e164 is the number as the compliance gate normalises it (toE164ForCall: +1 and 10 digits). Listing is
-- idempotent: the primary key keeps the first entry. opt_out_from is the number whose text opt-out listed this
-- one (itself, or another number of the same lead), so START from that number takes them all off again.
CREATE TABLE dnc_numbers (
  organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  phone_e164 text NOT NULL CHECK (phone_e164 ~ '^\+1[0-9]{10}$'),
  source text NOT NULL CHECK (source IN ('manual', 'lead_edit', 'call_outcome', 'live_call', 'sms_opt_out', 'import')),
  reason text CHECK (char_length(reason) <= 1000),
  lead_id uuid,
  created_by text REFERENCES users(id) ON DELETE SET NULL,
  opt_out_from text,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (organization_id, phone_e164),
  FOREIGN KEY (organization_id, lead_id) REFERENCES leads (organization_id, id) ON DELETE SET NULL (lead_id)
);
-- The list screen: newest first.
CREATE INDEX dnc_numbers_recent_idx ON dnc_numbers (organization_id, created_at DESC, phone_e164);
CREATE INDEX dnc_numbers_opt_out_idx ON dnc_numbers (organization_id, opt_out_from) WHERE opt_out_from IS NOT NULL;
SELECT secure_tenant_table('dnc_numbers');

-- A lead's numbers as the gate normalises them (derived by the server, leads/derive.ts, on every write), and
-- whether any of them is listed (kept exact by the triggers below). The API's dnc_status is the lead's own
-- flag OR dnc_listed, so list pages read it from the row they already read.
ALTER TABLE leads
  ADD COLUMN phones_e164 text[] NOT NULL DEFAULT '{}',
  ADD COLUMN dnc_listed boolean NOT NULL DEFAULT false;

-- The backfill writes every lead once: its change notifications are skipped as an import's are.
SELECT set_config('app.bulk_write', 'on', true);

-- toE164ForCall of packages/domain/src/leads/phone.ts, in the lead's field order, each number once.
UPDATE leads l SET phones_e164 = n.numbers
FROM (
  SELECT id, organization_id, array_agg(e164 ORDER BY ord) AS numbers
  FROM (
    SELECT DISTINCT ON (x.organization_id, x.id, e.e164) x.organization_id, x.id, e.e164, f.ord
    FROM leads x
    CROSS JOIN LATERAL unnest(ARRAY[x.phone, x.phone_number, x.contact_1_phone1, x.contact_1_phone2, x.contact_1_phone3]) WITH ORDINALITY AS f(value, ord)
    CROSS JOIN LATERAL (SELECT regexp_replace(coalesce(f.value, ''), '[^0-9]', '', 'g') AS d) dd
    CROSS JOIN LATERAL (SELECT CASE WHEN length(dd.d) = 10 THEN '+1' || dd.d WHEN length(dd.d) = 11 AND dd.d LIKE '1%' THEN '+' || dd.d END AS e164) e
    WHERE e.e164 IS NOT NULL
    ORDER BY x.organization_id, x.id, e.e164, f.ord
  ) each_number
  GROUP BY organization_id, id
) n
WHERE l.organization_id = n.organization_id AND l.id = n.id;

-- Leads marked Do Not Call before the list existed: their numbers are listed, with the source their mark came
-- from (an opt-out by text, the post-call box, else a lead edit). Of several leads sharing a number, an opt-out
-- wins, then the earliest mark.
INSERT INTO dnc_numbers (organization_id, phone_e164, source, reason, lead_id, created_by, opt_out_from, created_at)
SELECT DISTINCT ON (organization_id, phone_e164) organization_id, phone_e164, source, reason, lead_id, created_by, NULL, created_at
FROM (
  SELECT l.organization_id, p.phone_e164, l.id AS lead_id, coalesce(mark.source, 'lead_edit') AS source,
    CASE coalesce(mark.source, 'lead_edit')
      WHEN 'sms_opt_out' THEN 'Opted out by text before numbers were listed'
      WHEN 'call_outcome' THEN 'Marked Do Not Call after a call before numbers were listed'
      ELSE 'Lead was marked Do Not Call before numbers were listed' END AS reason,
    mark.actor_id AS created_by, coalesce(mark.created_at, l.updated_at) AS created_at
  FROM leads l
  CROSS JOIN LATERAL unnest(l.phones_e164) AS p(phone_e164)
  LEFT JOIN LATERAL (
    SELECT CASE a.action WHEN 'lead.dnc_opt_out' THEN 'sms_opt_out' ELSE 'call_outcome' END AS source, a.actor_id, a.created_at
    FROM activity_logs a
    WHERE a.organization_id = l.organization_id AND a.entity_id = l.id::text AND a.action IN ('lead.dnc_opt_out', 'lead.dnc_marked')
    ORDER BY a.action = 'lead.dnc_opt_out' DESC, a.created_at
    LIMIT 1
  ) mark ON true
  WHERE l.dnc_status
) marked
ORDER BY organization_id, phone_e164, source = 'sms_opt_out' DESC, created_at;

UPDATE leads l SET dnc_listed = true
WHERE EXISTS (SELECT 1 FROM dnc_numbers d WHERE d.organization_id = l.organization_id AND d.phone_e164 = ANY (l.phones_e164));

SELECT set_config('app.bulk_write', 'off', true);

-- Listing or removing a number finds the leads carrying it through this index. Deleted leads are kept exact too.
CREATE INDEX leads_phones_idx ON leads USING gin (phones_e164);

-- A listed or removed number marks or recomputes every lead of its organization that carries it. The function
-- runs as wholesail_system: under row-level security PostgreSQL will not use the GIN index for the array
-- operator (not leakproof), and the organization filter is explicit. Statement-level, so an import of many
-- numbers probes the index once per statement.
CREATE FUNCTION dnc_numbers_mark_leads() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    UPDATE leads l SET dnc_listed = false
    FROM (SELECT organization_id, array_agg(phone_e164) AS numbers FROM unlisted GROUP BY organization_id) n
    WHERE l.organization_id = n.organization_id AND l.phones_e164 && n.numbers AND l.dnc_listed
      AND NOT EXISTS (SELECT 1 FROM dnc_numbers d WHERE d.organization_id = l.organization_id AND d.phone_e164 = ANY (l.phones_e164));
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    UPDATE leads l SET dnc_listed = true
    FROM (SELECT organization_id, array_agg(phone_e164) AS numbers FROM listed GROUP BY organization_id) n
    WHERE l.organization_id = n.organization_id AND l.phones_e164 && n.numbers AND NOT l.dnc_listed;
  END IF;
  RETURN NULL;
END $$;
GRANT CREATE ON SCHEMA public TO wholesail_system;
ALTER FUNCTION dnc_numbers_mark_leads() OWNER TO wholesail_system;
REVOKE CREATE ON SCHEMA public FROM wholesail_system;
CREATE TRIGGER dnc_numbers_listed AFTER INSERT ON dnc_numbers
  REFERENCING NEW TABLE AS listed FOR EACH STATEMENT EXECUTE FUNCTION dnc_numbers_mark_leads();
CREATE TRIGGER dnc_numbers_unlisted AFTER DELETE ON dnc_numbers
  REFERENCING OLD TABLE AS unlisted FOR EACH STATEMENT EXECUTE FUNCTION dnc_numbers_mark_leads();
CREATE TRIGGER dnc_numbers_changed AFTER UPDATE ON dnc_numbers
  REFERENCING OLD TABLE AS unlisted NEW TABLE AS listed FOR EACH STATEMENT EXECUTE FUNCTION dnc_numbers_mark_leads();

-- A lead whose numbers change looks itself up (by primary key: no index problem under row-level security).
CREATE FUNCTION leads_dnc_listed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.dnc_listed := EXISTS (SELECT 1 FROM dnc_numbers d WHERE d.organization_id = NEW.organization_id AND d.phone_e164 = ANY (NEW.phones_e164));
  RETURN NEW;
END $$;
CREATE TRIGGER leads_numbers_changed BEFORE UPDATE OF phones_e164 ON leads
  FOR EACH ROW WHEN (OLD.phones_e164 IS DISTINCT FROM NEW.phones_e164) EXECUTE FUNCTION leads_dnc_listed();

-- New leads are looked up once per statement: an import batch of 2,000 rows joins its numbers to the list
-- once, instead of a function call per row.
CREATE FUNCTION leads_inserted_dnc() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE leads l SET dnc_listed = true
  FROM (
    SELECT DISTINCT n.organization_id, n.id
    FROM inserted n
    CROSS JOIN LATERAL unnest(n.phones_e164) AS p(phone_e164)
    JOIN dnc_numbers d ON d.organization_id = n.organization_id AND d.phone_e164 = p.phone_e164
  ) hit
  WHERE l.organization_id = hit.organization_id AND l.id = hit.id AND NOT l.dnc_listed;
  RETURN NULL;
END $$;
CREATE TRIGGER leads_inserted_dnc AFTER INSERT ON leads
  REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION leads_inserted_dnc();

-- Replies and inbound calls reach the lead last texted or called from the organization's number
-- (leads/phone-match.ts leadForContact): the latest outbound text to a number. Calls to a number are found by
-- calls_to_number_idx (organization_id, to_e164, started_at) of the per-number call limit (migration 0015).
CREATE INDEX conversations_to_number_idx ON conversations (organization_id, to_e164, created_at DESC) WHERE direction = 'outbound';
