-- CSV lead imports: one row per uploaded file (its header, the confirmed column mapping and the job's
-- progress), and the file itself until the import finishes, so any server instance's job worker can
-- read it. Progress (rows_read = the next data row to read) is written in the same transaction as each
-- batch of leads, so a retried job resumes where the last committed batch ended.
CREATE TABLE lead_imports (
  organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  status text NOT NULL DEFAULT 'awaiting_mapping'
    CHECK (status IN ('awaiting_mapping', 'queued', 'running', 'completed', 'failed')),
  filename text NOT NULL,
  total_rows integer NOT NULL DEFAULT 0,
  headers jsonb NOT NULL DEFAULT '[]'::jsonb,
  mapping jsonb NOT NULL DEFAULT '{}'::jsonb,
  rows_read integer NOT NULL DEFAULT 0,
  inserted integer NOT NULL DEFAULT 0,
  updated integer NOT NULL DEFAULT 0,
  skipped integer NOT NULL DEFAULT 0,
  -- The first 200 row problems, [{row, reason}]; skipped counts every skipped row.
  errors jsonb NOT NULL DEFAULT '[]'::jsonb,
  failure text,
  created_by text REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  started_at timestamptz,
  finished_at timestamptz,
  PRIMARY KEY (organization_id, id)
);
CREATE INDEX lead_imports_recent_idx ON lead_imports (organization_id, created_at DESC);

CREATE TABLE lead_import_files (
  organization_id uuid NOT NULL,
  import_id uuid NOT NULL,
  content text NOT NULL,
  PRIMARY KEY (organization_id, import_id),
  FOREIGN KEY (organization_id, import_id) REFERENCES lead_imports (organization_id, id) ON DELETE CASCADE
);

-- Progress reaches the realtime feed; the job throttles its updates. The file table is not published.
SELECT secure_tenant_table('lead_imports');
SELECT secure_tenant_table('lead_import_files', publish => false);
