-- Issue 17 §2, bank-account-apply: an opened customer requests a further account (a virtual bank
-- account) through the provider it is opened with. The application moves through the provider's
-- states asynchronously like an innet application (submitted → under_review → opened | rejected;
-- cancelled before the provider decides); each callback is recorded once by its event id. When it
-- is opened, the ledger opens the customer's account of that type in the same transaction, so the
-- ledger learns the customer account type 'virtual' (虚拟银行账户).

DO $$
DECLARE r record;
BEGIN
  FOR r IN SELECT conname FROM pg_constraint WHERE conrelid = 'accounts'::regclass AND contype = 'c' AND pg_get_constraintdef(oid) LIKE '%account_type%'
  LOOP
    EXECUTE format('ALTER TABLE accounts DROP CONSTRAINT %I', r.conname);
  END LOOP;
END;
$$;
ALTER TABLE accounts ADD CONSTRAINT accounts_account_type_known
  CHECK (account_type IN ('basic', 'settlement', 'fee', 'virtual', 'clearing', 'suspense', 'fee_income', 'bank_settlement'));
ALTER TABLE accounts ADD CONSTRAINT accounts_customer_account_type
  CHECK (owner_kind = 'platform' OR account_type IN ('basic', 'settlement', 'fee', 'virtual'));

CREATE TABLE cus_bank_applies (
  id text PRIMARY KEY,
  tenant_id text NOT NULL,
  cus_code text NOT NULL,
  -- the opened innet application whose provider opens the account
  innet_id text NOT NULL REFERENCES cus_innets(id),
  provider text NOT NULL,
  acct_type text NOT NULL CHECK (acct_type IN ('virtual')),
  status text NOT NULL CHECK (status IN ('submitted', 'under_review', 'opened', 'rejected', 'cancelled')),
  version integer NOT NULL DEFAULT 1,
  remark text NOT NULL DEFAULT '',
  provider_ref text,
  provider_account_no text,
  acct_no text,
  reject_reason text NOT NULL DEFAULT '',
  maker_id text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX cus_bank_applies_cus ON cus_bank_applies (tenant_id, cus_code, updated_at DESC);

CREATE TABLE cus_bank_apply_callbacks (
  apply_id text NOT NULL REFERENCES cus_bank_applies(id),
  event_id text NOT NULL,
  kind text NOT NULL,
  payload jsonb NOT NULL,
  applied boolean NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (apply_id, event_id)
);

-- Live: the same notice as an innet application's (0031), so every screen of the customer's
-- provider states hears of it; the audience rule is the customer's (liveAudience.ts).
CREATE TRIGGER cus_bank_applies_live AFTER INSERT OR UPDATE OF status, version ON cus_bank_applies
  FOR EACH ROW EXECUTE FUNCTION boss_cus_innet_live();
