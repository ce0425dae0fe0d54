-- Scheduled jobs (issue 3 §4). Jobs are platform-level: tenant_id is always '0' today, kept so a
-- tenant's own jobs can come later without a migration. next_fire_time lives here, not in memory,
-- so the schedule survives restarts and several server processes share it (see server/scheduler).

CREATE TABLE jobs (
  id text PRIMARY KEY,
  tenant_id text NOT NULL DEFAULT '0',
  job_name text NOT NULL,
  handler text NOT NULL,
  cron_expression text NOT NULL,
  parameter text NOT NULL DEFAULT '',
  description text NOT NULL DEFAULT '',
  -- '0' normal, '-1' paused
  status text NOT NULL DEFAULT '0',
  next_fire_time timestamptz,
  created_by text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX jobs_due ON jobs (next_fire_time) WHERE status = '0';
CREATE INDEX jobs_tenant_created ON jobs (tenant_id, created_at DESC);

CREATE TABLE job_runs (
  id text PRIMARY KEY,
  job_id text NOT NULL REFERENCES jobs(id) ON DELETE CASCADE,
  fire_time timestamptz NOT NULL,
  started_at timestamptz NOT NULL,
  finished_at timestamptz,
  duration_ms integer,
  -- running, success, failed
  status text NOT NULL,
  error text,
  result text,
  -- scheduled, manual
  trigger text NOT NULL,
  node_id text NOT NULL
);
CREATE INDEX job_runs_job_started ON job_runs (job_id, started_at DESC);
-- A second line of defence behind the claim: one scheduled fire time can be recorded once only.
CREATE UNIQUE INDEX job_runs_scheduled_once ON job_runs (job_id, fire_time) WHERE trigger = 'scheduled';
