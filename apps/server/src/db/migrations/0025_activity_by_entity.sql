-- A lead's timeline (GET /api/leads/:id/activity) reads the activity of one entity newest first, a page at a time:
-- this index answers it without reading the organization's other activity. The old bulk-update row (one row for
-- many leads, their ids in details.lead_ids) becomes one row per lead, as bulk updates are written from now on.
CREATE INDEX activity_logs_entity_idx ON activity_logs (organization_id, entity_type, entity_id, created_at DESC, id DESC);

SELECT set_config('app.bulk_write', 'on', true);
INSERT INTO activity_logs (organization_id, id, actor_id, action, entity_type, entity_id, details, created_at)
SELECT a.organization_id, gen_random_uuid(), a.actor_id, a.action, 'lead', ids.lead_id, a.details - 'lead_ids', a.created_at
FROM activity_logs a
CROSS JOIN LATERAL jsonb_array_elements_text(a.details->'lead_ids') AS ids(lead_id)
WHERE a.action = 'lead.bulk_updated' AND a.entity_id IS NULL AND jsonb_typeof(a.details->'lead_ids') = 'array';
DELETE FROM activity_logs WHERE action = 'lead.bulk_updated' AND entity_id IS NULL AND jsonb_typeof(details->'lead_ids') = 'array';
SELECT set_config('app.bulk_write', 'off', true);
