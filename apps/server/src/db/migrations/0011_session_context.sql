-- A request's session, user and organization in one statement (auth/session.ts). user_profiles is a
-- tenant table, readable across organizations only by wholesail_system, so the function runs as that
-- role (SECURITY DEFINER) and only the schema owner, which the server connects as, may call it: the app
-- role gets no way around the tenant wall, and a caller must already hold the session token.
-- PL/pgSQL rather than SQL: a backend plans the lookup once and reuses the plan for every request.
CREATE FUNCTION app_session_context(session_token text)
RETURNS TABLE (user_id text, email text, name text, expires_at timestamptz, created_at timestamptz, organization_id uuid, role text)
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  RETURN QUERY
  SELECT u.id, u.email, u.name, s.expires_at, s.created_at, p.organization_id, p.role
  FROM sessions s
  JOIN users u ON u.id = s.user_id
  LEFT JOIN user_profiles p ON p.id = u.id
  WHERE s.token = session_token;
END $$;
-- A function's new owner must be allowed to create in its schema, at the moment of the change only.
GRANT CREATE ON SCHEMA public TO wholesail_system;
ALTER FUNCTION app_session_context(text) OWNER TO wholesail_system;
REVOKE CREATE ON SCHEMA public FROM wholesail_system;
REVOKE ALL ON FUNCTION app_session_context(text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION app_session_context(text) TO CURRENT_USER;
