-- The dashboard's Today (issue 23, docs/api-dashboard.md): which list each follow-up task is on, kept on the task
-- by row triggers in the transaction of every write, so Today's counts and first rows read one index range of
-- the organization's due tasks instead of looking up each task's lead, call and later calls per view (a team's
-- backlog of pending follow-ups only grows when nobody marks them done).
--
-- today_list: 'callback' for a pending follow-up whose call's outcome was callback_requested and whose lead has
-- not been called since that call; 'follow_up' for any other pending follow-up; 'deadline' for a pending deal
-- deadline; NULL for a task on no list (done, a deleted lead's, a callback already made). It changes with the task
-- itself, the lead's calls (a new one, a changed outcome or time, a deleted one) and the lead's deletion or restore.
--
-- The functions run as the writer (no SECURITY DEFINER): a task, its lead and its calls are one organization's.
ALTER TABLE ai_tasks ADD COLUMN today_list text CHECK (today_list IN ('follow_up', 'callback', 'deadline'));
-- Today's lists, counts and deal deadlines: an organization's tasks of one list, by due time. Built before the
-- backfill, so the backfill's updates go into it (an index built over just-updated rows may not be used until the
-- transactions older than it end).
CREATE INDEX ai_tasks_today_idx ON ai_tasks (organization_id, today_list, proposed_time) WHERE today_list IS NOT NULL;

CREATE FUNCTION ai_task_today_list(t ai_tasks) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT CASE
    WHEN t.status <> 'pending' THEN NULL
    WHEN NOT EXISTS (SELECT 1 FROM leads l WHERE l.organization_id = t.organization_id AND l.id = t.lead_id AND l.status <> 'deleted') THEN NULL
    WHEN t.task_type = 'deal_deadline' THEN 'deadline'
    WHEN c.disposition IS DISTINCT FROM 'callback_requested' THEN 'follow_up'
    WHEN EXISTS (
      SELECT 1 FROM calls later WHERE later.organization_id = t.organization_id AND later.lead_id = t.lead_id AND later.started_at > c.started_at
    ) THEN NULL
    ELSE 'callback'
  END
  FROM (SELECT 1) one LEFT JOIN calls c ON c.organization_id = t.organization_id AND c.id = t.call_id $$;

-- A lead's calls or its deletion changed: its pending tasks' lists again (ai_tasks_lead_idx), rows that move only.
CREATE FUNCTION ai_tasks_relist(org uuid, lead uuid) RETURNS void LANGUAGE sql AS $$
  UPDATE ai_tasks t SET today_list = ai_task_today_list(t)
  WHERE t.organization_id = org AND t.lead_id = lead AND t.status = 'pending'
    AND t.today_list IS DISTINCT FROM ai_task_today_list(t) $$;

-- The backfill writes each pending task once: its change notifications are skipped as an import's are.
SELECT set_config('app.bulk_write', 'on', true);
UPDATE ai_tasks t SET today_list = ai_task_today_list(t) WHERE t.status = 'pending';
SELECT set_config('app.bulk_write', 'off', true);

CREATE FUNCTION ai_tasks_today_list() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.today_list := ai_task_today_list(NEW);
  RETURN NEW;
END $$;

CREATE FUNCTION calls_relist_tasks() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM ai_tasks_relist(OLD.organization_id, OLD.lead_id);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM ai_tasks_relist(NEW.organization_id, NEW.lead_id);
  END IF;
  RETURN NULL;
END $$;

CREATE FUNCTION leads_relist_tasks() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM ai_tasks_relist(NEW.organization_id, NEW.id);
  RETURN NULL;
END $$;

CREATE TRIGGER ai_tasks_today_list_written BEFORE INSERT ON ai_tasks FOR EACH ROW EXECUTE FUNCTION ai_tasks_today_list();
-- A relist sets today_list itself; the task's own change (done, reopened, its call cleared) computes it here.
CREATE TRIGGER ai_tasks_today_list_changed BEFORE UPDATE ON ai_tasks FOR EACH ROW
  WHEN ((OLD.organization_id, OLD.lead_id, OLD.call_id, OLD.status, OLD.task_type) IS DISTINCT FROM (NEW.organization_id, NEW.lead_id, NEW.call_id, NEW.status, NEW.task_type))
  EXECUTE FUNCTION ai_tasks_today_list();
CREATE TRIGGER calls_relist_tasks_written AFTER INSERT OR DELETE ON calls FOR EACH ROW EXECUTE FUNCTION calls_relist_tasks();
-- Status callbacks, notes and durations change nothing here.
CREATE TRIGGER calls_relist_tasks_changed AFTER UPDATE ON calls FOR EACH ROW
  WHEN ((OLD.organization_id, OLD.lead_id, OLD.started_at, OLD.disposition) IS DISTINCT FROM (NEW.organization_id, NEW.lead_id, NEW.started_at, NEW.disposition))
  EXECUTE FUNCTION calls_relist_tasks();
CREATE TRIGGER leads_relist_tasks AFTER UPDATE OF status ON leads FOR EACH ROW
  WHEN ((OLD.status = 'deleted') IS DISTINCT FROM (NEW.status = 'deleted'))
  EXECUTE FUNCTION leads_relist_tasks();
