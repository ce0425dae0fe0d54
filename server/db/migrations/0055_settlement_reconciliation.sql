-- Issue 18 §3: settlement and reconciliation.
-- Settlement: per customer a rule (cycle T+1 or on demand only, an amount kept back); a cycle pays
-- each settlement account's payable balance to its bound card through the channel as a withdrawal
-- (server/modules/settle/settlement.ts). A batch holds one item per customer; an item follows its
-- current channel order (pending → succeeded | failed, restored by the ledger's reversing entry),
-- and a failed item is retried (a new channel order) or marked handled by an operator.
-- Reconciliation: the channel's daily statement file is matched against our succeeded channel
-- orders and their ledger entries (server/modules/settle/reconcile.ts); only the differences are
-- kept, keyed by the provider's reference, so a re-run of the day gives the same rows.

CREATE TABLE settle_rules (
  tenant_id text NOT NULL,
  cus_code text NOT NULL,
  cycle text NOT NULL DEFAULT 'T1' CHECK (cycle IN ('T1', 'manual')),
  keep_back bigint NOT NULL DEFAULT 0 CHECK (keep_back >= 0),
  updated_by text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, cus_code)
);

CREATE SEQUENCE settle_batch_no_seq;
CREATE TABLE settle_batches (
  id text PRIMARY KEY,
  tenant_id text NOT NULL,
  batch_no text NOT NULL UNIQUE,
  trigger text NOT NULL CHECK (trigger IN ('scheduled', 'manual')),
  -- balances credited before the cut-off are payable (T+1: the start of the day)
  cutoff timestamptz NOT NULL,
  -- one scheduled batch per tenant and day; a manual one names its request
  idempotency_key text NOT NULL,
  created_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (tenant_id, idempotency_key)
);
CREATE INDEX settle_batches_tenant ON settle_batches (tenant_id, created_at DESC);

CREATE TABLE settle_items (
  id text PRIMARY KEY,
  batch_id text NOT NULL REFERENCES settle_batches(id),
  tenant_id text NOT NULL,
  cus_code text NOT NULL,
  account_no text NOT NULL,
  card_no text NOT NULL,
  amount bigint NOT NULL CHECK (amount > 0),
  -- queued (not yet handed over) → pending (channel order open) → succeeded | failed → (retry) pending | handled
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'pending', 'succeeded', 'failed', 'handled')),
  attempts integer NOT NULL DEFAULT 0,
  channel_order_id text REFERENCES channel_orders(id),
  fail_reason text,
  handled_by text,
  handled_reason text,
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (batch_id, cus_code)
);
CREATE INDEX settle_items_open ON settle_items (tenant_id, batch_id) WHERE status IN ('queued', 'pending');
CREATE INDEX settle_items_batch ON settle_items (batch_id, cus_code);

-- Orders the provider completed, by day (the statement's side of reconciliation) and by reference.
CREATE INDEX channel_orders_done ON channel_orders (tenant_id, updated_at) WHERE status = 'succeeded';

CREATE TABLE recon_days (
  tenant_id text NOT NULL,
  day date NOT NULL,
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'closed')),
  statement_file text NOT NULL,
  statement_sha256 text NOT NULL,
  statement_lines integer NOT NULL,
  our_orders integer NOT NULL,
  matched integer NOT NULL,
  runs integer NOT NULL DEFAULT 1,
  last_run_at timestamptz NOT NULL DEFAULT now(),
  closed_by text,
  closed_at timestamptz,
  PRIMARY KEY (tenant_id, day)
);

CREATE TABLE recon_items (
  id text PRIMARY KEY,
  tenant_id text NOT NULL,
  day date NOT NULL,
  -- the provider's reference (channel_ref); ours when the provider has no line for the order
  ref text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('missing_ours', 'missing_theirs', 'amount_differs')),
  order_id text,
  our_amount bigint,
  their_amount bigint,
  their_fee bigint,
  -- open → adjust_pending (an adjust proposed, waiting for a second person) → adjusted; or provider_wrong
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'adjust_pending', 'adjusted', 'provider_wrong')),
  proposed_by text,
  resolved_by text,
  resolve_reason text,
  adjust_entry_id text REFERENCES journal_entries(id),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (tenant_id, day, ref),
  CHECK (status <> 'adjusted' OR (proposed_by IS NOT NULL AND resolved_by IS NOT NULL AND proposed_by <> resolved_by))
);
CREATE INDEX recon_items_open ON recon_items (tenant_id, status) WHERE status IN ('open', 'adjust_pending');

-- Live lists (server/realtime/liveFeed.ts): a settlement item's or a difference's change of status.
CREATE FUNCTION boss_settle_live() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.status IS NOT DISTINCT FROM NEW.status THEN
    RETURN NULL;
  END IF;
  PERFORM pg_notify('boss_live', json_build_object('kind', 'settle', 'id', NEW.id, 'tenant', NEW.tenant_id, 'status', NEW.status)::text);
  RETURN NULL;
END;
$$;
CREATE TRIGGER recon_items_live AFTER INSERT OR UPDATE OF status ON recon_items FOR EACH ROW EXECUTE FUNCTION boss_settle_live();
CREATE TRIGGER settle_items_live AFTER UPDATE OF status ON settle_items FOR EACH ROW EXECUTE FUNCTION boss_settle_live();

INSERT INTO jobs (id, tenant_id, job_name, handler, cron_expression, parameter, description, status, next_fire_time)
VALUES
  ('job-settle-cycle', '0', 'T+1结算', 'settlementCycle', '0 0 9 * * ?', '{}',
   '每天09:00按结算规则（T+1）将各客户结算账户前一日日终可结算余额（扣除留存金额）结算至绑定银行卡', '0',
   date_trunc('day', now()) + interval '1 day 9 hours'),
  ('job-channel-reconcile', '0', '渠道对账', 'channelReconcile', '0 0 3 * * ?', '{}',
   '每天03:00取渠道前一日对账单，与渠道订单及账务分录逐笔核对，差错进入对账差错处理', '0',
   date_trunc('day', now()) + interval '1 day 3 hours')
ON CONFLICT (id) DO NOTHING;
