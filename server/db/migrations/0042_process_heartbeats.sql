-- 系统监控 (issue 19 §3): every server process on this database writes its own row every ~10 s (its
-- memory, event-loop lag and last hour of requests by route), so any process can show them all; a
-- row older than 30 s is a process that has gone. Rows older than a day are removed by the writers.
CREATE TABLE process_heartbeats (
  id text PRIMARY KEY,
  host text NOT NULL,
  pid integer NOT NULL,
  started_at timestamptz NOT NULL,
  beat_at timestamptz NOT NULL DEFAULT now(),
  rss_bytes bigint NOT NULL DEFAULT 0,
  heap_used_bytes bigint NOT NULL DEFAULT 0,
  loop_lag_ms double precision NOT NULL DEFAULT 0,
  requests_total bigint NOT NULL DEFAULT 0,
  routes jsonb NOT NULL DEFAULT '{}'::jsonb
);
CREATE INDEX process_heartbeats_beat ON process_heartbeats (beat_at);
