-- Organizations and the tenant wall. Every tenant table has organization_id, a primary key that
-- leads with it, and forced row-level security. The app's request queries run as wholesail_app
-- (owns nothing, cannot bypass RLS) with a transaction-local app.organization_id; system work
-- (session → organization lookup, invitation tokens, the change feed) runs as wholesail_system.
-- Roles are cluster-wide: several databases (or test runs) may create them at once.
DO $$
BEGIN
  CREATE ROLE wholesail_app NOLOGIN;
EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
END $$;
DO $$
BEGIN
  CREATE ROLE wholesail_system NOLOGIN;
EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
END $$;
GRANT wholesail_app TO CURRENT_USER;
GRANT wholesail_system TO CURRENT_USER;

-- The current tenant, or NULL outside a tenant transaction (which then matches no row).
CREATE FUNCTION app_current_organization() RETURNS uuid
  LANGUAGE sql STABLE AS $$ SELECT nullif(current_setting('app.organization_id', true), '')::uuid $$;

CREATE TABLE organizations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- One profile per user; organization_id is null until the user creates or joins one.
CREATE TABLE user_profiles (
  id text PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  organization_id uuid REFERENCES organizations(id) ON DELETE SET NULL,
  role text NOT NULL DEFAULT 'member' CHECK (role IN ('owner', 'admin', 'member')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX user_profiles_organization_idx ON user_profiles (organization_id, created_at);

CREATE TABLE organization_settings (
  organization_id uuid PRIMARY KEY REFERENCES organizations(id) ON DELETE CASCADE,
  settings jsonb NOT NULL DEFAULT '{}'::jsonb,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE invitations (
  organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  email text NOT NULL,
  role text NOT NULL DEFAULT 'member' CHECK (role IN ('admin', 'member')),
  token_hash text NOT NULL UNIQUE,
  invited_by text REFERENCES users(id) ON DELETE SET NULL,
  expires_at timestamptz NOT NULL,
  accepted_at timestamptz,
  accepted_by text REFERENCES users(id) ON DELETE SET NULL,
  revoked_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (organization_id, id)
);

CREATE TABLE activity_logs (
  organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  actor_id text REFERENCES users(id) ON DELETE SET NULL,
  action text NOT NULL,
  entity_type text,
  entity_id text,
  details jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (organization_id, id)
);
CREATE INDEX activity_logs_recent_idx ON activity_logs (organization_id, created_at DESC);

CREATE TABLE system_notifications (
  organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  user_id text REFERENCES users(id) ON DELETE CASCADE,
  level text NOT NULL DEFAULT 'info' CHECK (level IN ('info', 'success', 'warning', 'error')),
  title text NOT NULL,
  body text,
  read_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (organization_id, id)
);
CREATE INDEX system_notifications_recent_idx ON system_notifications (organization_id, created_at DESC);

-- The app role reads user names and emails of its organization's members through joins.
GRANT SELECT (id, name, email, created_at) ON users TO wholesail_app;
GRANT SELECT, INSERT, UPDATE, DELETE ON users, sessions, accounts, verifications TO wholesail_system;

-- Change feed: every row change of a tenant table is published on one channel, tagged with its
-- organization, so each server instance forwards it to that organization's websocket clients.
-- Payloads above NOTIFY's 8000-byte limit carry only the row's id; clients refetch. Bulk writes (CSV
-- import) set app.bulk_write for their transaction and publish one summary instead of a row each.
CREATE FUNCTION publish_row_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  rec jsonb;
  org text;
  payload text;
BEGIN
  IF current_setting('app.bulk_write', true) = 'on' THEN
    RETURN NULL;
  END IF;
  rec := to_jsonb(CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END) - 'token_hash' - 'search_text';
  org := coalesce(rec->>TG_ARGV[0], rec->>'organization_id');
  payload := json_build_object('table', TG_TABLE_NAME, 'op', TG_OP, 'organization_id', org, 'record', rec)::text;
  IF octet_length(payload) > 7900 THEN
    payload := json_build_object('table', TG_TABLE_NAME, 'op', TG_OP, 'organization_id', org,
      'record', jsonb_build_object('id', rec->'id', 'organization_id', org, 'truncated', true))::text;
  END IF;
  IF org IS NOT NULL THEN
    PERFORM pg_notify('wholesail_changes', payload);
  END IF;
  RETURN NULL;
END $$;

-- Puts a tenant table behind the wall: forced row-level security, tenant_isolation for the app role
-- (rows of app.organization_id only), system_access for the system role, grants to both, and the
-- change feed unless `publish` is false. Every tenant table of every migration goes through here.
CREATE FUNCTION secure_tenant_table(t text, tenant_col text DEFAULT 'organization_id', publish boolean DEFAULT true)
  RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
  EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
  EXECUTE format('CREATE POLICY tenant_isolation ON %I TO wholesail_app USING (%I = app_current_organization()) WITH CHECK (%I = app_current_organization())', t, tenant_col, tenant_col);
  EXECUTE format('CREATE POLICY system_access ON %I TO wholesail_system USING (true) WITH CHECK (true)', t);
  EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %I TO wholesail_app, wholesail_system', t);
  IF publish THEN
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE ON %I FOR EACH ROW EXECUTE FUNCTION publish_row_change(%L)', t || '_changes', t, tenant_col);
  END IF;
END $$;
REVOKE EXECUTE ON FUNCTION secure_tenant_table(text, text, boolean) FROM PUBLIC;

-- organizations is keyed by id; every other table by organization_id. System notifications are
-- published on insert only.
SELECT secure_tenant_table('organizations', 'id');
SELECT secure_tenant_table(t) FROM unnest(ARRAY['user_profiles', 'organization_settings', 'invitations', 'activity_logs']) AS t;
SELECT secure_tenant_table('system_notifications', publish => false);
CREATE TRIGGER system_notifications_changes AFTER INSERT ON system_notifications
  FOR EACH ROW EXECUTE FUNCTION publish_row_change('organization_id');
