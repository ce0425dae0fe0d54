-- 数据分析 by provider (issue 19 §2). An order is carried by the payment provider its customer (the
-- payer, else the receiving customer) is opened with: the most recently opened innet application, the
-- rule the fee engine prices by (server/modules/fee/engine.ts). The provider is fixed on the order when
-- it is made, so a customer opened later with another provider does not move its past orders; '' when
-- the customer is opened with none (or the order has no customer).

CREATE FUNCTION boss_cus_provider(tenant text, cus text) RETURNS text
  LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT COALESCE((SELECT provider FROM cus_innets WHERE tenant_id = tenant AND cus_code = cus AND status = 'opened'
                    ORDER BY opened_at DESC NULLS LAST, id LIMIT 1), '') $$;

ALTER TABLE pay_orders ADD COLUMN provider text NOT NULL DEFAULT '';
UPDATE pay_orders SET provider = boss_cus_provider(tenant_id, COALESCE(from_cus_code, to_cus_code))
 WHERE COALESCE(from_cus_code, to_cus_code) IS NOT NULL;

CREATE FUNCTION boss_pay_order_provider() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.provider = '' AND COALESCE(NEW.from_cus_code, NEW.to_cus_code) IS NOT NULL THEN
    NEW.provider := boss_cus_provider(NEW.tenant_id, COALESCE(NEW.from_cus_code, NEW.to_cus_code));
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER pay_orders_provider BEFORE INSERT ON pay_orders FOR EACH ROW EXECUTE FUNCTION boss_pay_order_provider();

-- The deltas carry the provider; a summary of its own keeps it (by tenant, day, provider and status),
-- read by the analysis alone, so pay_order_stats, which every workbench figure reads, keeps its size
-- (with the provider in it, it doubled, and the home page's p99 with it).
ALTER TABLE pay_order_stat_deltas ADD COLUMN provider text NOT NULL DEFAULT '';
CREATE TABLE pay_order_provider_stats (
  tenant_id text NOT NULL,
  day date NOT NULL,
  provider text NOT NULL,
  status text NOT NULL,
  n bigint NOT NULL DEFAULT 0,
  amount bigint NOT NULL DEFAULT 0,
  paid bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (tenant_id, day, provider, status)
);
CREATE TRIGGER pay_order_provider_stats_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON pay_order_provider_stats
  FOR EACH STATEMENT EXECUTE FUNCTION boss_table_changed();

CREATE OR REPLACE FUNCTION boss_pay_order_stats_track() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  o_key text[];
  n_key text[];
  o_lead text[];
  n_lead text[];
BEGIN
  IF TG_OP <> 'INSERT' THEN
    o_key := ARRAY[OLD.tenant_id, boss_pay_order_day(OLD.submitted_at, OLD.created_at)::text, OLD.status, OLD.kind,
                   COALESCE(OLD.from_cus_code, OLD.to_cus_code, ''), boss_pay_order_route(OLD.kind, OLD.bank_card_no),
                   boss_pay_order_reason(OLD.status, OLD.fail_reason), OLD.provider, OLD.amount::text, OLD.paid_amount::text];
    IF OLD.decided_at IS NOT NULL AND OLD.submitted_at IS NOT NULL THEN
      o_lead := ARRAY[OLD.tenant_id, boss_pay_order_day(OLD.decided_at, OLD.decided_at)::text,
                      boss_lead_bucket(extract(epoch FROM OLD.decided_at - OLD.submitted_at)::double precision)::text];
    END IF;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    n_key := ARRAY[NEW.tenant_id, boss_pay_order_day(NEW.submitted_at, NEW.created_at)::text, NEW.status, NEW.kind,
                   COALESCE(NEW.from_cus_code, NEW.to_cus_code, ''), boss_pay_order_route(NEW.kind, NEW.bank_card_no),
                   boss_pay_order_reason(NEW.status, NEW.fail_reason), NEW.provider, NEW.amount::text, NEW.paid_amount::text];
    IF NEW.decided_at IS NOT NULL AND NEW.submitted_at IS NOT NULL THEN
      n_lead := ARRAY[NEW.tenant_id, boss_pay_order_day(NEW.decided_at, NEW.decided_at)::text,
                      boss_lead_bucket(extract(epoch FROM NEW.decided_at - NEW.submitted_at)::double precision)::text];
    END IF;
  END IF;
  IF o_key IS DISTINCT FROM n_key THEN
    IF o_key IS NOT NULL THEN
      INSERT INTO pay_order_stat_deltas (tenant_id, day, status, kind, cus_code, route, reason, provider, n, amount, paid)
      VALUES (o_key[1], o_key[2]::date, o_key[3], o_key[4], o_key[5], o_key[6], o_key[7], o_key[8], -1, -OLD.amount, -OLD.paid_amount);
    END IF;
    IF n_key IS NOT NULL THEN
      INSERT INTO pay_order_stat_deltas (tenant_id, day, status, kind, cus_code, route, reason, provider, n, amount, paid)
      VALUES (n_key[1], n_key[2]::date, n_key[3], n_key[4], n_key[5], n_key[6], n_key[7], n_key[8], 1, NEW.amount, NEW.paid_amount);
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

CREATE OR REPLACE FUNCTION boss_pay_order_stats_fold() RETURNS integer LANGUAGE plpgsql AS $$
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
  p AS (
    INSERT INTO pay_order_provider_stats AS s (tenant_id, day, provider, status, n, amount, paid)
    SELECT tenant_id, day, provider, status, sum(n), sum(amount), sum(paid) FROM d GROUP BY tenant_id, day, provider, status
    ON CONFLICT (tenant_id, day, provider, status)
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
  SELECT count(*)::integer FROM d INTO moved;
  RETURN moved;
END;
$$;

CREATE OR REPLACE FUNCTION boss_pay_order_stats_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM pay_order_stat_deltas;
  DELETE FROM pay_order_stats;
  DELETE FROM pay_order_provider_stats;
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
  INSERT INTO pay_order_provider_stats (tenant_id, day, provider, status, n, amount, paid)
  SELECT tenant_id, boss_pay_order_day(submitted_at, created_at), provider, status, count(*), sum(amount), sum(paid_amount)
  FROM pay_orders GROUP BY 1, 2, 3, 4;
  INSERT INTO pay_order_cus_stats (tenant_id, day, cus_code, payment, n, amount, ok, paid)
  SELECT tenant_id, boss_pay_order_day(submitted_at, created_at), COALESCE(from_cus_code, to_cus_code, ''), kind IN ('single', 'batch'),
         count(*), sum(amount), count(*) FILTER (WHERE status = 'succeeded'), COALESCE(sum(paid_amount) FILTER (WHERE status IN ('succeeded', 'partial')), 0)
  FROM pay_orders WHERE status NOT IN ('draft', 'cancelled') GROUP BY 1, 2, 3, 4;
END;
$$;
SELECT boss_pay_order_stats_rebuild();
