-- The server instances running pg-boss workers (jobs/queue.ts). Each instance keeps its row fresh
-- (seen_at) and lists the jobs it is running; a job pg-boss still calls active whose instance has
-- stopped beating (a crash, a SIGKILL) is an orphan and is put back in the queue at once, instead
-- of waiting for the job's expiry (up to an hour). Not a tenant table: no organization's data.
CREATE TABLE job_workers (
  instance_id uuid PRIMARY KEY,
  started_at timestamptz NOT NULL DEFAULT now(),
  seen_at timestamptz NOT NULL DEFAULT now(),
  running uuid[] NOT NULL DEFAULT '{}'
);
