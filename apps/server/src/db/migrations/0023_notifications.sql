-- Notifications are per member (modules/notifications): one addressed to the whole organization is written as one
-- row per member, so each member reads, and marks read, their own. Rows without a member (the old "everyone") are
-- fanned out to the organization's current members first. `kind` names what a notification is about (the event
-- that made it), `link` the screen that shows it.
ALTER TABLE system_notifications ADD COLUMN kind text NOT NULL DEFAULT 'general', ADD COLUMN link text;
INSERT INTO system_notifications (organization_id, user_id, level, title, body, read_at, created_at, kind, link)
  SELECT n.organization_id, p.id, n.level, n.title, n.body, n.read_at, n.created_at, n.kind, n.link
  FROM system_notifications n JOIN user_profiles p ON p.organization_id = n.organization_id
  WHERE n.user_id IS NULL;
DELETE FROM system_notifications WHERE user_id IS NULL;
ALTER TABLE system_notifications ALTER COLUMN user_id SET NOT NULL;
-- A member's list, newest first, and their unread count.
DROP INDEX system_notifications_recent_idx;
CREATE INDEX system_notifications_member_idx ON system_notifications (organization_id, user_id, created_at DESC, id DESC);
CREATE INDEX system_notifications_unread_idx ON system_notifications (organization_id, user_id) WHERE read_at IS NULL;

-- A follow-up's "due now" notice is sent once per due time: due_notified_at records when it was sent, so a task
-- moved to a later time is announced again when that time comes. Tasks already due are not announced at once.
ALTER TABLE ai_tasks ADD COLUMN due_notified_at timestamptz;
UPDATE ai_tasks SET due_notified_at = now() WHERE proposed_time <= now();
CREATE INDEX ai_tasks_due_idx ON ai_tasks (proposed_time) WHERE status = 'pending';
