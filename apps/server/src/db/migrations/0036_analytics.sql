-- Analytics rollups (issue 23, docs/api-analytics.md): what calls, texts, opt-outs, offers and stage changes
-- added up to per UTC hour and member, kept exact by row triggers in the transaction of every write (the app's
-- paths, webhooks, imports, cascaded deletes alike). Reports add the hours between the local midnights of a
-- range in the organization's reporting time zone; every allowed zone has whole-hour offsets, so the hours
-- add up to local days exactly. user_id '' is no member. The rollups are not published on the change feed.
--
-- The triggers run as whoever writes (no SECURITY DEFINER): a row of the source table is of the organization
-- the writer may write, and so is the rollup row it changes; cascaded deletes run as the tables' owner.
-- A removed contribution only ever UPDATEs the row it was added to (never inserts), so deleting an
-- organization, whose cascade may remove the rollup rows first, does not write a row for a deleted organization.

-- The member a reply answers: who sent the lead's latest outbound text before it ('' when that text had no
-- member), fixed when the reply is stored so later changes of the thread do not move it; NULL when nothing was
-- texted to the lead before (the seller wrote first: not a reply) and on outbound rows.
ALTER TABLE conversations ADD COLUMN reply_to_user_id text;

CREATE OR REPLACE FUNCTION conversations_defaults() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.status := coalesce(NEW.status, CASE WHEN NEW.direction = 'inbound' THEN 'received' ELSE 'sent' END);
  NEW.reply_to_user_id := NULL;
  IF NEW.direction = 'inbound' AND NEW.lead_id IS NOT NULL THEN
    NEW.reply_to_user_id := (
      SELECT coalesce(o.user_id, '') FROM conversations o
      WHERE o.organization_id = NEW.organization_id AND o.lead_id = NEW.lead_id AND o.direction = 'outbound' AND o.created_at <= NEW.created_at
      ORDER BY o.created_at DESC LIMIT 1);
  END IF;
  RETURN NEW;
END $$;

-- The backfill writes inbound texts once: their change notifications are skipped as an import's are.
SELECT set_config('app.bulk_write', 'on', true);
UPDATE conversations i SET reply_to_user_id = (
  SELECT coalesce(o.user_id, '') FROM conversations o
  WHERE o.organization_id = i.organization_id AND o.lead_id = i.lead_id AND o.direction = 'outbound' AND o.created_at <= i.created_at
  ORDER BY o.created_at DESC LIMIT 1)
WHERE i.direction = 'inbound' AND i.lead_id IS NOT NULL;
SELECT set_config('app.bulk_write', 'off', true);

CREATE TABLE analytics_call_hours (
  organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  hour timestamptz NOT NULL,
  user_id text NOT NULL DEFAULT '',
  dials integer NOT NULL DEFAULT 0,
  connects integer NOT NULL DEFAULT 0,
  conversations integer NOT NULL DEFAULT 0,
  talk_time_sec bigint NOT NULL DEFAULT 0,
  outcome_interested integer NOT NULL DEFAULT 0,
  outcome_maybe integer NOT NULL DEFAULT 0,
  outcome_not_interested integer NOT NULL DEFAULT 0,
  outcome_callback_requested integer NOT NULL DEFAULT 0,
  outcome_appointment_scheduled integer NOT NULL DEFAULT 0,
  outcome_offer_made integer NOT NULL DEFAULT 0,
  outcome_no_answer integer NOT NULL DEFAULT 0,
  outcome_wrong_number integer NOT NULL DEFAULT 0,
  PRIMARY KEY (organization_id, hour, user_id)
);

CREATE TABLE analytics_text_hours (
  organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  hour timestamptz NOT NULL,
  user_id text NOT NULL DEFAULT '',
  sent integer NOT NULL DEFAULT 0,
  delivered integer NOT NULL DEFAULT 0,
  failed integer NOT NULL DEFAULT 0,
  replies integer NOT NULL DEFAULT 0,
  opt_outs integer NOT NULL DEFAULT 0,
  PRIMARY KEY (organization_id, hour, user_id)
);

CREATE TABLE analytics_deal_hours (
  organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  hour timestamptz NOT NULL,
  user_id text NOT NULL DEFAULT '',
  offers integer NOT NULL DEFAULT 0,
  under_contract integer NOT NULL DEFAULT 0,
  closed integer NOT NULL DEFAULT 0,
  PRIMARY KEY (organization_id, hour, user_id)
);

SELECT secure_tenant_table(t, publish => false) FROM unnest(ARRAY['analytics_call_hours', 'analytics_text_hours', 'analytics_deal_hours']) AS t;

-- What one row counts, in the rollup's column order. These are the definitions of the figures: the backfill
-- and the triggers both use them.
-- A call: dials, connects (answered), conversations (answered and longer than CONVERSATION_MIN_SEC = 60),
-- talk time (answered), then one per outcome of CALL_OUTCOMES.
CREATE FUNCTION analytics_call_counts(c calls) RETURNS bigint[] LANGUAGE sql IMMUTABLE AS $$
  SELECT ARRAY[
    1,
    (c.answered_at IS NOT NULL)::int,
    (c.answered_at IS NOT NULL AND coalesce(c.duration_sec, 0) > 60)::int,
    CASE WHEN c.answered_at IS NOT NULL THEN coalesce(c.duration_sec, 0) ELSE 0 END,
    (c.disposition IS NOT DISTINCT FROM 'interested')::int,
    (c.disposition IS NOT DISTINCT FROM 'maybe')::int,
    (c.disposition IS NOT DISTINCT FROM 'not_interested')::int,
    (c.disposition IS NOT DISTINCT FROM 'callback_requested')::int,
    (c.disposition IS NOT DISTINCT FROM 'appointment_scheduled')::int,
    (c.disposition IS NOT DISTINCT FROM 'offer_made')::int,
    (c.disposition IS NOT DISTINCT FROM 'no_answer')::int,
    (c.disposition IS NOT DISTINCT FROM 'wrong_number')::int
  ]::bigint[] $$;

-- A text: sent (sent or delivered), delivered, failed (a queued text counts nothing yet), replies (an inbound
-- text answering one of ours, counted for reply_to_user_id).
CREATE FUNCTION analytics_text_counts(t conversations) RETURNS bigint[] LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN t.direction = 'outbound'
    THEN ARRAY[(t.status IN ('sent', 'delivered'))::int, (t.status = 'delivered')::int, (t.status = 'failed')::int, 0]
    ELSE ARRAY[0, 0, 0, (t.reply_to_user_id IS NOT NULL)::int]
  END::bigint[] $$;

CREATE FUNCTION analytics_text_member(t conversations) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN t.direction = 'outbound' THEN coalesce(t.user_id, '') ELSE coalesce(t.reply_to_user_id, '') END $$;

-- An opt-out is a person who texted STOP: the listing of the number that opted out. The lead's other numbers,
-- listed with it (opt_out_from names the number that opted out), are not more opt-outs.
CREATE FUNCTION analytics_opt_out_count(d dnc_numbers) RETURNS bigint LANGUAGE sql IMMUTABLE AS $$
  SELECT (d.source = 'sms_opt_out' AND d.phone_e164 = coalesce(d.opt_out_from, d.phone_e164))::int::bigint $$;

-- A stage change: under contract, closed (the move's destination, deals/service.ts changeStage).
CREATE FUNCTION analytics_stage_counts(e deal_events) RETURNS bigint[] LANGUAGE sql IMMUTABLE AS $$
  SELECT ARRAY[
    (e.kind = 'stage' AND e.changes -> 'stage' ->> 'to' IS NOT DISTINCT FROM 'under_contract')::int,
    (e.kind = 'stage' AND e.changes -> 'stage' ->> 'to' IS NOT DISTINCT FROM 'closed')::int
  ]::bigint[] $$;

-- Buckets are UTC hours whatever the session's time zone.
CREATE FUNCTION analytics_hour(at timestamptz) RETURNS timestamptz LANGUAGE sql IMMUTABLE AS $$ SELECT date_trunc('hour', at, 'UTC') $$;

INSERT INTO analytics_call_hours (organization_id, hour, user_id, dials, connects, conversations, talk_time_sec,
  outcome_interested, outcome_maybe, outcome_not_interested, outcome_callback_requested, outcome_appointment_scheduled,
  outcome_offer_made, outcome_no_answer, outcome_wrong_number)
SELECT c.organization_id, analytics_hour(c.started_at), coalesce(c.user_id, ''),
  sum(v[1]), sum(v[2]), sum(v[3]), sum(v[4]), sum(v[5]), sum(v[6]), sum(v[7]), sum(v[8]), sum(v[9]), sum(v[10]), sum(v[11]), sum(v[12])
FROM calls c CROSS JOIN LATERAL (SELECT analytics_call_counts(c) AS v) x
GROUP BY 1, 2, 3;

INSERT INTO analytics_text_hours (organization_id, hour, user_id, sent, delivered, failed, replies, opt_outs)
SELECT organization_id, hour, user_id, sum(sent), sum(delivered), sum(failed), sum(replies), sum(opt_outs)
FROM (
  SELECT t.organization_id, analytics_hour(t.created_at) AS hour, analytics_text_member(t) AS user_id, v[1] AS sent, v[2] AS delivered, v[3] AS failed, v[4] AS replies, 0 AS opt_outs
  FROM conversations t CROSS JOIN LATERAL (SELECT analytics_text_counts(t) AS v) x
  UNION ALL
  SELECT d.organization_id, analytics_hour(d.created_at), '', 0, 0, 0, 0, analytics_opt_out_count(d)
  FROM dnc_numbers d WHERE analytics_opt_out_count(d) > 0
) rows
GROUP BY 1, 2, 3;

INSERT INTO analytics_deal_hours (organization_id, hour, user_id, offers, under_contract, closed)
SELECT organization_id, hour, user_id, sum(offers), sum(under_contract), sum(closed)
FROM (
  SELECT o.organization_id, analytics_hour(o.created_at) AS hour, coalesce(o.created_by, '') AS user_id, 1 AS offers, 0 AS under_contract, 0 AS closed
  FROM deal_offers o
  UNION ALL
  SELECT e.organization_id, analytics_hour(e.created_at), coalesce(e.user_id, ''), 0, v[1], v[2]
  FROM deal_events e CROSS JOIN LATERAL (SELECT analytics_stage_counts(e) AS v) x WHERE e.kind = 'stage'
) rows
GROUP BY 1, 2, 3;

-- Each trigger takes OLD's counts off its bucket and adds NEW's to its own, and does nothing when neither the
-- counts nor the bucket changed (a call's notes, a text read).
CREATE FUNCTION analytics_calls_rollup() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  o bigint[];
  n bigint[];
BEGIN
  IF TG_OP <> 'INSERT' THEN o := analytics_call_counts(OLD); END IF;
  IF TG_OP <> 'DELETE' THEN n := analytics_call_counts(NEW); END IF;
  IF TG_OP = 'UPDATE' AND o = n AND OLD.organization_id = NEW.organization_id
    AND analytics_hour(OLD.started_at) = analytics_hour(NEW.started_at) AND coalesce(OLD.user_id, '') = coalesce(NEW.user_id, '') THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    UPDATE analytics_call_hours SET dials = dials - o[1], connects = connects - o[2], conversations = conversations - o[3], talk_time_sec = talk_time_sec - o[4],
      outcome_interested = outcome_interested - o[5], outcome_maybe = outcome_maybe - o[6], outcome_not_interested = outcome_not_interested - o[7],
      outcome_callback_requested = outcome_callback_requested - o[8], outcome_appointment_scheduled = outcome_appointment_scheduled - o[9],
      outcome_offer_made = outcome_offer_made - o[10], outcome_no_answer = outcome_no_answer - o[11], outcome_wrong_number = outcome_wrong_number - o[12]
    WHERE organization_id = OLD.organization_id AND hour = analytics_hour(OLD.started_at) AND user_id = coalesce(OLD.user_id, '');
  END IF;
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO analytics_call_hours AS t (organization_id, hour, user_id, dials, connects, conversations, talk_time_sec,
      outcome_interested, outcome_maybe, outcome_not_interested, outcome_callback_requested, outcome_appointment_scheduled,
      outcome_offer_made, outcome_no_answer, outcome_wrong_number)
    VALUES (NEW.organization_id, analytics_hour(NEW.started_at), coalesce(NEW.user_id, ''), n[1], n[2], n[3], n[4], n[5], n[6], n[7], n[8], n[9], n[10], n[11], n[12])
    ON CONFLICT (organization_id, hour, user_id) DO UPDATE SET dials = t.dials + excluded.dials, connects = t.connects + excluded.connects,
      conversations = t.conversations + excluded.conversations, talk_time_sec = t.talk_time_sec + excluded.talk_time_sec,
      outcome_interested = t.outcome_interested + excluded.outcome_interested, outcome_maybe = t.outcome_maybe + excluded.outcome_maybe,
      outcome_not_interested = t.outcome_not_interested + excluded.outcome_not_interested,
      outcome_callback_requested = t.outcome_callback_requested + excluded.outcome_callback_requested,
      outcome_appointment_scheduled = t.outcome_appointment_scheduled + excluded.outcome_appointment_scheduled,
      outcome_offer_made = t.outcome_offer_made + excluded.outcome_offer_made, outcome_no_answer = t.outcome_no_answer + excluded.outcome_no_answer,
      outcome_wrong_number = t.outcome_wrong_number + excluded.outcome_wrong_number;
  END IF;
  RETURN NULL;
END $$;

CREATE FUNCTION analytics_texts_rollup() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  o bigint[] := ARRAY[0, 0, 0, 0];
  n bigint[] := ARRAY[0, 0, 0, 0];
  zero CONSTANT bigint[] := ARRAY[0, 0, 0, 0];
BEGIN
  IF TG_OP <> 'INSERT' THEN o := analytics_text_counts(OLD); END IF;
  IF TG_OP <> 'DELETE' THEN n := analytics_text_counts(NEW); END IF;
  IF TG_OP = 'UPDATE' AND o = n AND OLD.organization_id = NEW.organization_id
    AND analytics_hour(OLD.created_at) = analytics_hour(NEW.created_at) AND analytics_text_member(OLD) = analytics_text_member(NEW) THEN
    RETURN NULL;
  END IF;
  IF o <> zero THEN
    UPDATE analytics_text_hours SET sent = sent - o[1], delivered = delivered - o[2], failed = failed - o[3], replies = replies - o[4]
    WHERE organization_id = OLD.organization_id AND hour = analytics_hour(OLD.created_at) AND user_id = analytics_text_member(OLD);
  END IF;
  IF n <> zero THEN
    INSERT INTO analytics_text_hours AS t (organization_id, hour, user_id, sent, delivered, failed, replies)
    VALUES (NEW.organization_id, analytics_hour(NEW.created_at), analytics_text_member(NEW), n[1], n[2], n[3], n[4])
    ON CONFLICT (organization_id, hour, user_id) DO UPDATE SET sent = t.sent + excluded.sent, delivered = t.delivered + excluded.delivered,
      failed = t.failed + excluded.failed, replies = t.replies + excluded.replies;
  END IF;
  RETURN NULL;
END $$;

CREATE FUNCTION analytics_opt_outs_rollup() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  o bigint := 0;
  n bigint := 0;
BEGIN
  IF TG_OP <> 'INSERT' THEN o := analytics_opt_out_count(OLD); END IF;
  IF TG_OP <> 'DELETE' THEN n := analytics_opt_out_count(NEW); END IF;
  IF TG_OP = 'UPDATE' AND o = n AND OLD.organization_id = NEW.organization_id AND analytics_hour(OLD.created_at) = analytics_hour(NEW.created_at) THEN
    RETURN NULL;
  END IF;
  IF o <> 0 THEN
    UPDATE analytics_text_hours SET opt_outs = opt_outs - o WHERE organization_id = OLD.organization_id AND hour = analytics_hour(OLD.created_at) AND user_id = '';
  END IF;
  IF n <> 0 THEN
    INSERT INTO analytics_text_hours AS t (organization_id, hour, user_id, opt_outs) VALUES (NEW.organization_id, analytics_hour(NEW.created_at), '', n)
    ON CONFLICT (organization_id, hour, user_id) DO UPDATE SET opt_outs = t.opt_outs + excluded.opt_outs;
  END IF;
  RETURN NULL;
END $$;

CREATE FUNCTION analytics_offers_rollup() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.organization_id = NEW.organization_id AND analytics_hour(OLD.created_at) = analytics_hour(NEW.created_at)
    AND coalesce(OLD.created_by, '') = coalesce(NEW.created_by, '') THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    UPDATE analytics_deal_hours SET offers = offers - 1
    WHERE organization_id = OLD.organization_id AND hour = analytics_hour(OLD.created_at) AND user_id = coalesce(OLD.created_by, '');
  END IF;
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO analytics_deal_hours AS t (organization_id, hour, user_id, offers) VALUES (NEW.organization_id, analytics_hour(NEW.created_at), coalesce(NEW.created_by, ''), 1)
    ON CONFLICT (organization_id, hour, user_id) DO UPDATE SET offers = t.offers + excluded.offers;
  END IF;
  RETURN NULL;
END $$;

CREATE FUNCTION analytics_stages_rollup() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  o bigint[] := ARRAY[0, 0];
  n bigint[] := ARRAY[0, 0];
  zero CONSTANT bigint[] := ARRAY[0, 0];
BEGIN
  IF TG_OP <> 'INSERT' THEN o := analytics_stage_counts(OLD); END IF;
  IF TG_OP <> 'DELETE' THEN n := analytics_stage_counts(NEW); END IF;
  IF TG_OP = 'UPDATE' AND o = n AND OLD.organization_id = NEW.organization_id
    AND analytics_hour(OLD.created_at) = analytics_hour(NEW.created_at) AND coalesce(OLD.user_id, '') = coalesce(NEW.user_id, '') THEN
    RETURN NULL;
  END IF;
  IF o <> zero THEN
    UPDATE analytics_deal_hours SET under_contract = under_contract - o[1], closed = closed - o[2]
    WHERE organization_id = OLD.organization_id AND hour = analytics_hour(OLD.created_at) AND user_id = coalesce(OLD.user_id, '');
  END IF;
  IF n <> zero THEN
    INSERT INTO analytics_deal_hours AS t (organization_id, hour, user_id, under_contract, closed)
    VALUES (NEW.organization_id, analytics_hour(NEW.created_at), coalesce(NEW.user_id, ''), n[1], n[2])
    ON CONFLICT (organization_id, hour, user_id) DO UPDATE SET under_contract = t.under_contract + excluded.under_contract, closed = t.closed + excluded.closed;
  END IF;
  RETURN NULL;
END $$;

-- Inserts and deletes always count; an update calls the function only when a column the counts read changed
-- (status callbacks and notes edits of calls are frequent).
CREATE TRIGGER analytics_calls_written AFTER INSERT OR DELETE ON calls FOR EACH ROW EXECUTE FUNCTION analytics_calls_rollup();
CREATE TRIGGER analytics_calls_changed AFTER UPDATE ON calls FOR EACH ROW
  WHEN ((OLD.organization_id, OLD.started_at, OLD.user_id, OLD.answered_at, OLD.duration_sec, OLD.disposition)
    IS DISTINCT FROM (NEW.organization_id, NEW.started_at, NEW.user_id, NEW.answered_at, NEW.duration_sec, NEW.disposition))
  EXECUTE FUNCTION analytics_calls_rollup();
CREATE TRIGGER analytics_texts_written AFTER INSERT OR DELETE ON conversations FOR EACH ROW EXECUTE FUNCTION analytics_texts_rollup();
CREATE TRIGGER analytics_texts_changed AFTER UPDATE ON conversations FOR EACH ROW
  WHEN ((OLD.organization_id, OLD.created_at, OLD.user_id, OLD.reply_to_user_id, OLD.direction, OLD.status)
    IS DISTINCT FROM (NEW.organization_id, NEW.created_at, NEW.user_id, NEW.reply_to_user_id, NEW.direction, NEW.status))
  EXECUTE FUNCTION analytics_texts_rollup();
CREATE TRIGGER analytics_opt_outs_written AFTER INSERT OR UPDATE OR DELETE ON dnc_numbers FOR EACH ROW EXECUTE FUNCTION analytics_opt_outs_rollup();
CREATE TRIGGER analytics_offers_written AFTER INSERT OR UPDATE OR DELETE ON deal_offers FOR EACH ROW EXECUTE FUNCTION analytics_offers_rollup();
CREATE TRIGGER analytics_stages_written AFTER INSERT OR UPDATE OR DELETE ON deal_events FOR EACH ROW EXECUTE FUNCTION analytics_stages_rollup();

-- The records behind a number (GET /api/analytics/drill) are read newest first within a range of days.
CREATE INDEX calls_started_idx ON calls (organization_id, started_at DESC);
CREATE INDEX conversations_recent_idx ON conversations (organization_id, created_at DESC);
CREATE INDEX deal_offers_recent_idx ON deal_offers (organization_id, created_at DESC);
CREATE INDEX deal_events_stage_idx ON deal_events (organization_id, created_at DESC) WHERE kind = 'stage';
