-- 工作台 and 数据分析 (issue 19 §1-§2): the figures over payment orders read a maintained summary, so
-- they answer in milliseconds over millions of orders.
--
-- pay_order_stats holds, per tenant, business day (China time, of submission, else creation), kind,
-- status, route (批量代付 / 渠道代付 / 账户转账) and failure reason, how many orders and how much
-- money; pay_order_cus_stats the submitted ones per customer (the payer's, else the receiving one). A trigger on pay_orders never updates it
-- (that would make every order change wait on a shared summary row, and two changes could lock two
-- rows in opposite orders): it appends the change as -1 / +1 rows to pay_order_stat_deltas, which
-- takes no lock any other writer waits for. boss_pay_order_stats_fold() moves the deltas into both
-- summaries in one statement (the server calls it every few seconds); readers read summary UNION ALL
-- deltas in one statement, so a figure is exact whether or not the fold has run.

-- One definition of each derived column, shared by the trigger, the rebuild and the raw reads
-- (server/modules/workbench/stats.ts) of users narrowed by data rules.
CREATE FUNCTION boss_pay_order_day(submitted timestamptz, created timestamptz) RETURNS date
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT (COALESCE(submitted, created) AT TIME ZONE 'Asia/Shanghai')::date $$;
CREATE FUNCTION boss_pay_order_route(kind text, bank_card_no text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT CASE WHEN kind = 'batch' THEN 'batch' WHEN bank_card_no IS NOT NULL THEN 'channel' ELSE 'internal' END $$;
CREATE FUNCTION boss_pay_order_reason(status text, fail_reason text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT CASE WHEN status IN ('failed', 'partial') THEN left(COALESCE(NULLIF(fail_reason, ''), '未知原因'), 200) ELSE '' END $$;

CREATE TABLE pay_order_stats (
  tenant_id text NOT NULL,
  day date NOT NULL,
  status text NOT NULL,
  kind text NOT NULL,
  route text NOT NULL,
  reason text NOT NULL,
  n bigint NOT NULL DEFAULT 0,
  amount bigint NOT NULL DEFAULT 0,
  paid bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (tenant_id, day, status, kind, route, reason)
);
-- 待审批金额 reads every day's pending orders of a tenant.
CREATE INDEX pay_order_stats_status ON pay_order_stats (tenant_id, status, day);

-- By customer (客户付款排行, 按客户): submitted orders only (not 草稿 or 已撤销), payments (single,
-- batch) apart from the other kinds; ok = 成功 orders, paid = what reached the payees. Kept apart
-- from pay_order_stats so that summary stays small (a customer dimension would multiply it).
CREATE TABLE pay_order_cus_stats (
  tenant_id text NOT NULL,
  day date NOT NULL,
  cus_code text NOT NULL,
  payment boolean NOT NULL,
  n bigint NOT NULL DEFAULT 0,
  amount bigint NOT NULL DEFAULT 0,
  ok bigint NOT NULL DEFAULT 0,
  paid bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (tenant_id, day, cus_code, payment)
);

CREATE TABLE pay_order_stat_deltas (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant_id text NOT NULL,
  day date NOT NULL,
  status text NOT NULL,
  kind text NOT NULL,
  cus_code text NOT NULL,
  route text NOT NULL,
  reason text NOT NULL,
  n integer NOT NULL,
  amount bigint NOT NULL,
  paid bigint NOT NULL
);

-- Approval lead time (submitted → decided) as a histogram per tenant and day of decision: bucket 0
-- under a second, bucket b ≥ 1 the lead times in [e^((b-1)/20), e^(b/20)) seconds (5% wide), so a
-- range's median and P90 come from a few hundred rows per day whatever the volume (server/modules/
-- workbench/analysis.ts reads the orders themselves, exactly, while they are few).
CREATE FUNCTION boss_lead_bucket(secs double precision) RETURNS integer
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT CASE WHEN secs < 1 THEN 0 ELSE 1 + floor(ln(secs) * 20)::integer END $$;

CREATE TABLE pay_order_lead_stats (
  tenant_id text NOT NULL,
  day date NOT NULL,
  bucket integer NOT NULL,
  n bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (tenant_id, day, bucket)
);
CREATE TABLE pay_order_lead_deltas (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant_id text NOT NULL,
  day date NOT NULL,
  bucket integer NOT NULL,
  n integer NOT NULL
);

CREATE FUNCTION boss_pay_order_stats_track() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  o_key text[];
  n_key text[];
  o_lead text[];
  n_lead text[];
BEGIN
  IF TG_OP <> 'INSERT' THEN
    o_key := ARRAY[OLD.tenant_id, boss_pay_order_day(OLD.submitted_at, OLD.created_at)::text, OLD.status, OLD.kind,
                   COALESCE(OLD.from_cus_code, OLD.to_cus_code, ''), boss_pay_order_route(OLD.kind, OLD.bank_card_no),
                   boss_pay_order_reason(OLD.status, OLD.fail_reason), OLD.amount::text, OLD.paid_amount::text];
    IF OLD.decided_at IS NOT NULL AND OLD.submitted_at IS NOT NULL THEN
      o_lead := ARRAY[OLD.tenant_id, boss_pay_order_day(OLD.decided_at, OLD.decided_at)::text,
                      boss_lead_bucket(extract(epoch FROM OLD.decided_at - OLD.submitted_at)::double precision)::text];
    END IF;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    n_key := ARRAY[NEW.tenant_id, boss_pay_order_day(NEW.submitted_at, NEW.created_at)::text, NEW.status, NEW.kind,
                   COALESCE(NEW.from_cus_code, NEW.to_cus_code, ''), boss_pay_order_route(NEW.kind, NEW.bank_card_no),
                   boss_pay_order_reason(NEW.status, NEW.fail_reason), NEW.amount::text, NEW.paid_amount::text];
    IF NEW.decided_at IS NOT NULL AND NEW.submitted_at IS NOT NULL THEN
      n_lead := ARRAY[NEW.tenant_id, boss_pay_order_day(NEW.decided_at, NEW.decided_at)::text,
                      boss_lead_bucket(extract(epoch FROM NEW.decided_at - NEW.submitted_at)::double precision)::text];
    END IF;
  END IF;
  IF o_key IS DISTINCT FROM n_key THEN
    IF o_key IS NOT NULL THEN
      INSERT INTO pay_order_stat_deltas (tenant_id, day, status, kind, cus_code, route, reason, n, amount, paid)
      VALUES (o_key[1], o_key[2]::date, o_key[3], o_key[4], o_key[5], o_key[6], o_key[7], -1, -OLD.amount, -OLD.paid_amount);
    END IF;
    IF n_key IS NOT NULL THEN
      INSERT INTO pay_order_stat_deltas (tenant_id, day, status, kind, cus_code, route, reason, n, amount, paid)
      VALUES (n_key[1], n_key[2]::date, n_key[3], n_key[4], n_key[5], n_key[6], n_key[7], 1, NEW.amount, NEW.paid_amount);
    END IF;
  END IF;
  IF o_lead IS DISTINCT FROM n_lead THEN
    IF o_lead IS NOT NULL THEN
      INSERT INTO pay_order_lead_deltas (tenant_id, day, bucket, n) VALUES (o_lead[1], o_lead[2]::date, o_lead[3]::integer, -1);
    END IF;
    IF n_lead IS NOT NULL THEN
      INSERT INTO pay_order_lead_deltas (tenant_id, day, bucket, n) VALUES (n_lead[1], n_lead[2]::date, n_lead[3]::integer, 1);
    END IF;
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER pay_orders_stats AFTER INSERT OR UPDATE OR DELETE ON pay_orders
  FOR EACH ROW EXECUTE FUNCTION boss_pay_order_stats_track();

-- Moves the committed deltas into the summary; returns how many delta rows it moved. Deltas of
-- transactions still open stay for the next call; two calls at once cannot move a row twice (the
-- second one's DELETE finds it gone).
CREATE FUNCTION boss_pay_order_stats_fold() RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  moved integer := 0;
BEGIN
  IF EXISTS (SELECT 1 FROM pay_order_lead_deltas) THEN
    WITH d AS (DELETE FROM pay_order_lead_deltas RETURNING *)
    INSERT INTO pay_order_lead_stats AS s (tenant_id, day, bucket, n)
    SELECT tenant_id, day, bucket, sum(n) FROM d GROUP BY tenant_id, day, bucket
    ON CONFLICT (tenant_id, day, bucket) DO UPDATE SET n = s.n + EXCLUDED.n;
  END IF;
  IF NOT EXISTS (SELECT 1 FROM pay_order_stat_deltas) THEN
    RETURN 0;
  END IF;
  WITH d AS (DELETE FROM pay_order_stat_deltas RETURNING *),
  a AS (
    INSERT INTO pay_order_stats AS s (tenant_id, day, status, kind, route, reason, n, amount, paid)
    SELECT tenant_id, day, status, kind, route, reason, sum(n), sum(amount), sum(paid) FROM d GROUP BY tenant_id, day, status, kind, route, reason
    ON CONFLICT (tenant_id, day, status, kind, route, reason)
    DO UPDATE SET n = s.n + EXCLUDED.n, amount = s.amount + EXCLUDED.amount, paid = s.paid + EXCLUDED.paid
  ),
  b AS (
    INSERT INTO pay_order_cus_stats AS s (tenant_id, day, cus_code, payment, n, amount, ok, paid)
    SELECT tenant_id, day, cus_code, kind IN ('single', 'batch'), sum(n), sum(amount), COALESCE(sum(n) FILTER (WHERE status = 'succeeded'), 0),
           COALESCE(sum(paid) FILTER (WHERE status IN ('succeeded', 'partial')), 0)
      FROM d WHERE status NOT IN ('draft', 'cancelled') GROUP BY tenant_id, day, cus_code, kind IN ('single', 'batch')
    ON CONFLICT (tenant_id, day, cus_code, payment)
    DO UPDATE SET n = s.n + EXCLUDED.n, amount = s.amount + EXCLUDED.amount, ok = s.ok + EXCLUDED.ok, paid = s.paid + EXCLUDED.paid
  )
  -- (a data-modifying WITH runs to completion whether or not the outer query reads it)
  SELECT count(*)::integer FROM d INTO moved;
  RETURN moved;
END;
$$;

-- Rebuilds the summary from the orders (this migration's backfill; a bulk load that bypassed the
-- trigger calls it too).
CREATE FUNCTION boss_pay_order_stats_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM pay_order_stat_deltas;
  DELETE FROM pay_order_stats;
  DELETE FROM pay_order_cus_stats;
  DELETE FROM pay_order_lead_deltas;
  DELETE FROM pay_order_lead_stats;
  INSERT INTO pay_order_lead_stats (tenant_id, day, bucket, n)
  SELECT tenant_id, boss_pay_order_day(decided_at, decided_at), boss_lead_bucket(extract(epoch FROM decided_at - submitted_at)::double precision), count(*)
  FROM pay_orders WHERE decided_at IS NOT NULL AND submitted_at IS NOT NULL GROUP BY 1, 2, 3;
  INSERT INTO pay_order_stats (tenant_id, day, status, kind, route, reason, n, amount, paid)
  SELECT tenant_id, boss_pay_order_day(submitted_at, created_at), status, kind, boss_pay_order_route(kind, bank_card_no),
         boss_pay_order_reason(status, fail_reason), count(*), sum(amount), sum(paid_amount)
  FROM pay_orders GROUP BY 1, 2, 3, 4, 5, 6;
  INSERT INTO pay_order_cus_stats (tenant_id, day, cus_code, payment, n, amount, ok, paid)
  SELECT tenant_id, boss_pay_order_day(submitted_at, created_at), COALESCE(from_cus_code, to_cus_code, ''), kind IN ('single', 'batch'),
         count(*), sum(amount), count(*) FILTER (WHERE status = 'succeeded'), COALESCE(sum(paid_amount) FILTER (WHERE status IN ('succeeded', 'partial')), 0)
  FROM pay_orders WHERE status NOT IN ('draft', 'cancelled') GROUP BY 1, 2, 3, 4;
END;
$$;
SELECT boss_pay_order_stats_rebuild();

-- Reads the summary cannot answer, each on an index:
-- approval lead time (submitted → decided) exactly while the orders of the range are few, from the index alone;
CREATE INDEX pay_orders_decided ON pay_orders (tenant_id, decided_at) INCLUDE (submitted_at) WHERE decided_at IS NOT NULL AND submitted_at IS NOT NULL;
-- the raw figures of a customer-side user (their orders as payer or payee) and of users narrowed by
-- data rules (by business day);
CREATE INDEX pay_orders_from_cus_day ON pay_orders (tenant_id, from_cus_code, boss_pay_order_day(submitted_at, created_at));
CREATE INDEX pay_orders_to_cus_day ON pay_orders (tenant_id, to_cus_code, boss_pay_order_day(submitted_at, created_at)) WHERE to_cus_code IS NOT NULL;
CREATE INDEX pay_orders_day ON pay_orders (tenant_id, boss_pay_order_day(submitted_at, created_at));
-- recent activity: the last decisions and postings of a tenant.
CREATE INDEX pay_order_events_recent ON pay_order_events (tenant_id, id DESC);
CREATE INDEX journal_entries_recent ON journal_entries (tenant_id, created_at DESC);
-- the to-dos: others' pending orders (待我审批) and my own in one status, from the index alone.
CREATE INDEX pay_orders_status_maker ON pay_orders (tenant_id, status, maker_id);

-- A tenant's shared figures (today's payments, the charts) are kept in each process's list cache
-- (server/lib/listCache.ts) and dropped when the summary or its deltas change (0011's notice).
CREATE TRIGGER pay_order_stat_deltas_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON pay_order_stat_deltas
  FOR EACH STATEMENT EXECUTE FUNCTION boss_table_changed();
CREATE TRIGGER pay_order_stats_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON pay_order_stats
  FOR EACH STATEMENT EXECUTE FUNCTION boss_table_changed();
CREATE TRIGGER pay_order_cus_stats_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON pay_order_cus_stats
  FOR EACH STATEMENT EXECUTE FUNCTION boss_table_changed();
