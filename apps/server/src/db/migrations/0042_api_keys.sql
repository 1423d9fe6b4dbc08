-- API keys (issue 24, docs/api-keys.md): a key acts for the organization that made it, within its scopes. Only a
-- hash of the whole key is kept (token_hash, SHA-256): the key is shown once at creation. `prefix` (wsk_ and eight
-- letters or digits) is the part that finds the row; the change feed leaves token_hash out of what it publishes,
-- and keys are not published at all (only owners and admins see them).
CREATE TABLE api_keys (
  organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 100),
  prefix text NOT NULL UNIQUE CHECK (prefix ~ '^wsk_[A-Za-z0-9]{8}$'),
  token_hash bytea NOT NULL CHECK (octet_length(token_hash) = 32),
  scopes text[] NOT NULL CHECK (cardinality(scopes) BETWEEN 1 AND 20),
  created_by text REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz,
  last_used_at timestamptz,
  revoked_at timestamptz,
  revoked_by text REFERENCES users(id) ON DELETE SET NULL,
  PRIMARY KEY (organization_id, id)
);
CREATE INDEX api_keys_list_idx ON api_keys (organization_id, created_at DESC);
SELECT secure_tenant_table('api_keys', publish => false);

-- A request's key with its creator and the creator's role in the key's organization, in one statement
-- (modules/api-keys/authenticate.ts). Keys are found before the organization is known, so, like
-- app_session_context (0011), the function runs as wholesail_system and only the schema owner may call it.
CREATE FUNCTION app_api_key(key_prefix text)
RETURNS TABLE (id uuid, organization_id uuid, token_hash bytea, scopes text[], expires_at timestamptz, revoked_at timestamptz,
  last_used_at timestamptz, user_id text, email text, name text, role text)
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  RETURN QUERY
  SELECT k.id, k.organization_id, k.token_hash, k.scopes, k.expires_at, k.revoked_at, k.last_used_at, u.id, u.email, u.name, p.role
  FROM api_keys k
  LEFT JOIN users u ON u.id = k.created_by
  LEFT JOIN user_profiles p ON p.id = u.id AND p.organization_id = k.organization_id
  WHERE k.prefix = key_prefix;
END $$;
GRANT CREATE ON SCHEMA public TO wholesail_system;
ALTER FUNCTION app_api_key(text) OWNER TO wholesail_system;
REVOKE CREATE ON SCHEMA public FROM wholesail_system;
REVOKE ALL ON FUNCTION app_api_key(text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION app_api_key(text) TO CURRENT_USER;
