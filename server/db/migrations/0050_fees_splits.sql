-- Issue 18 §1-§2: fee rules (服务费配置) and standing split rules (分账配置), both versioned with an
-- effective time and approved by a second person; what each charged fee and each split came from.
-- Rules are never rewritten: a change is a new version row; only a pending row's decision is written
-- once (status, approver). The maker can never approve their own rule (CHECK, as for pay orders).

CREATE TABLE fee_rules (
  id text PRIMARY KEY,
  tenant_id text NOT NULL,
  scope text NOT NULL CHECK (scope IN ('platform', 'provider', 'customer')),
  -- '' (platform), the provider code, or the customer code
  scope_ref text NOT NULL DEFAULT '',
  -- '*': every product
  product text NOT NULL DEFAULT '*',
  tx_type text NOT NULL CHECK (tx_type IN ('payment', 'batchRow', 'withdraw', 'transfer', 'topup', 'refund')),
  version integer NOT NULL CHECK (version >= 1),
  method text NOT NULL CHECK (method IN ('fixed', 'percent', 'tiered')),
  fixed_fen bigint NOT NULL DEFAULT 0 CHECK (fixed_fen >= 0),
  rate_ppm integer NOT NULL DEFAULT 0 CHECK (rate_ppm >= 0 AND rate_ppm <= 1000000),
  min_fen bigint CHECK (min_fen IS NULL OR min_fen >= 0),
  max_fen bigint CHECK (max_fen IS NULL OR max_fen >= 0),
  -- [{upToFen|null, fixedFen, ratePpm}] of a tiered rule
  tiers jsonb NOT NULL DEFAULT '[]',
  effective_from timestamptz NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
  remark text NOT NULL DEFAULT '',
  maker_id text NOT NULL,
  maker_name text NOT NULL DEFAULT '',
  approver_id text,
  approver_name text,
  reject_reason text,
  created_at timestamptz NOT NULL DEFAULT now(),
  decided_at timestamptz,
  CONSTRAINT fee_rules_version_uq UNIQUE (tenant_id, scope, scope_ref, product, tx_type, version),
  CHECK (approver_id IS NULL OR approver_id <> maker_id),
  CHECK (min_fen IS NULL OR max_fen IS NULL OR min_fen <= max_fen)
);
CREATE INDEX fee_rules_effective ON fee_rules (tenant_id, tx_type, scope, scope_ref, effective_from DESC) WHERE status = 'approved';
CREATE INDEX fee_rules_list ON fee_rules (tenant_id, created_at DESC);

-- Every fee charged (fee_fen > 0) or given back (< 0: a refund's share, a failed withdrawal), in the
-- same transaction as the ledger entry that moved it to or from the fee income account.
CREATE TABLE fee_charges (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant_id text NOT NULL,
  cus_code text NOT NULL,
  tx_type text NOT NULL,
  rule_id text REFERENCES fee_rules(id),
  entry_id text NOT NULL REFERENCES journal_entries(id),
  ref text NOT NULL,
  base_fen bigint NOT NULL,
  fee_fen bigint NOT NULL CHECK (fee_fen <> 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT fee_charges_entry_ref_uq UNIQUE (entry_id, ref)
);
CREATE INDEX fee_charges_month ON fee_charges (tenant_id, created_at, cus_code);

-- The fee each order and batch row was priced at when submitted (reserved with it).
ALTER TABLE pay_orders ADD COLUMN fee bigint NOT NULL DEFAULT 0 CHECK (fee >= 0);
ALTER TABLE pay_orders ADD COLUMN fee_rule_id text REFERENCES fee_rules(id);
-- A refund: the part of the original's fee it gives back.
ALTER TABLE pay_orders ADD COLUMN fee_back bigint NOT NULL DEFAULT 0 CHECK (fee_back >= 0);
ALTER TABLE pay_batch_rows ADD COLUMN fee bigint NOT NULL DEFAULT 0 CHECK (fee >= 0);
ALTER TABLE pay_batch_rows ADD COLUMN fee_rule_id text REFERENCES fee_rules(id);
-- Top-ups (deducted) and withdrawals (on top): the fee of the channel order, given back if it fails.
ALTER TABLE channel_orders ADD COLUMN fee bigint NOT NULL DEFAULT 0 CHECK (fee >= 0);
ALTER TABLE channel_orders ADD COLUMN fee_rule_id text REFERENCES fee_rules(id);
ALTER TABLE channel_orders ADD COLUMN cus_code text;

CREATE TABLE split_rules (
  id text PRIMARY KEY,
  tenant_id text NOT NULL,
  cus_code text NOT NULL,
  version integer NOT NULL CHECK (version >= 1),
  enabled boolean NOT NULL DEFAULT true,
  source_acct_no text NOT NULL,
  mode text NOT NULL CHECK (mode IN ('ratio', 'fixed')),
  -- [{acctNo, ratio?, amount?}]
  receivers jsonb NOT NULL DEFAULT '[]',
  remainder_acct_no text NOT NULL,
  effective_from timestamptz NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
  remark text NOT NULL DEFAULT '',
  maker_id text NOT NULL,
  maker_name text NOT NULL DEFAULT '',
  approver_id text,
  approver_name text,
  reject_reason text,
  created_at timestamptz NOT NULL DEFAULT now(),
  decided_at timestamptz,
  CONSTRAINT split_rules_version_uq UNIQUE (tenant_id, cus_code, version),
  CHECK (approver_id IS NULL OR approver_id <> maker_id),
  FOREIGN KEY (tenant_id, cus_code) REFERENCES customers (tenant_id, cus_code)
);
CREATE INDEX split_rules_effective ON split_rules (tenant_id, source_acct_no, effective_from DESC) WHERE status = 'approved';

-- Every split entry and the rule version that made it.
CREATE TABLE split_entries (
  entry_id text PRIMARY KEY REFERENCES journal_entries(id),
  tenant_id text NOT NULL,
  rule_id text NOT NULL REFERENCES split_rules(id),
  source_entry_id text NOT NULL REFERENCES journal_entries(id),
  source_kind text NOT NULL,
  source_acct_no text NOT NULL,
  amount bigint NOT NULL CHECK (amount > 0),
  -- [{acctNo, amountFen, remainder}]
  lines jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT split_entries_source_uq UNIQUE (source_entry_id)
);
CREATE INDEX split_entries_rule ON split_entries (tenant_id, rule_id, created_at DESC);

-- Live screens: a rule's decision shows on every open list within 2 s (as 0016 does for orders).
CREATE FUNCTION boss_fee_rule_live() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.status IS NOT DISTINCT FROM NEW.status THEN
    RETURN NULL;
  END IF;
  PERFORM pg_notify('boss_live', json_build_object(
    'kind', CASE WHEN TG_TABLE_NAME = 'fee_rules' THEN 'feeRule' ELSE 'splitRule' END,
    'id', NEW.id,
    'tenant', NEW.tenant_id,
    'status', NEW.status
  )::text);
  RETURN NULL;
END;
$$;
CREATE TRIGGER fee_rules_live AFTER INSERT OR UPDATE OF status ON fee_rules FOR EACH ROW EXECUTE FUNCTION boss_fee_rule_live();
CREATE TRIGGER split_rules_live AFTER INSERT OR UPDATE OF status ON split_rules FOR EACH ROW EXECUTE FUNCTION boss_fee_rule_live();
