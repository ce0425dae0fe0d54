-- Issue 18 §4: fund supervision (svBoss, svSupplier, svCus). A customer's money paid in advance for
-- a supplier sits in the customer's supervised ledger account (account type 'supervised'); what of it
-- belongs to which supplier and contract is a supervised fund (sv_funds). Release requests (by the
-- supplier, with evidence of delivery) and refund requests (by the customer) reserve part of a fund
-- while pending; a supervisor other than the requester approves, which posts ONE ledger entry from
-- the supervised account to the supplier's (release) or the customer's (refund) basic account and
-- lowers the fund in the same transaction, under the fund's row lock. The CHECKs below repeat what
-- must never break: a fund never goes below zero or below what its pending requests reserve, and
-- a request is never decided by the person who raised it.

-- The ledger learns the customer account type 'supervised' (keeping every type already allowed).
DO $$
DECLARE r record; def text;
BEGIN
  FOR r IN SELECT conname, pg_get_constraintdef(oid) AS d FROM pg_constraint
            WHERE conrelid = 'accounts'::regclass AND contype = 'c' AND pg_get_constraintdef(oid) LIKE '%account_type%' AND pg_get_constraintdef(oid) NOT LIKE '%supervised%'
  LOOP
    def := replace(r.d, '''basic''::text', '''basic''::text, ''supervised''::text');
    IF def = r.d THEN CONTINUE; END IF;
    EXECUTE format('ALTER TABLE accounts DROP CONSTRAINT %I', r.conname);
    EXECUTE format('ALTER TABLE accounts ADD CONSTRAINT %I %s', r.conname, def);
  END LOOP;
END;
$$;

CREATE TABLE sv_funds (
  id text PRIMARY KEY,
  tenant_id text NOT NULL,
  cus_code text NOT NULL,
  supplier_code text NOT NULL,
  contract_no text NOT NULL,
  -- the customer's supervised ledger account the money sits in
  account_no text NOT NULL,
  balance bigint NOT NULL DEFAULT 0,
  -- sum of pending requests against it
  reserved bigint NOT NULL DEFAULT 0,
  deposited bigint NOT NULL DEFAULT 0,
  released bigint NOT NULL DEFAULT 0,
  refunded bigint NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT sv_funds_within_balance CHECK (balance >= 0 AND reserved >= 0 AND reserved <= balance),
  UNIQUE (tenant_id, cus_code, supplier_code, contract_no)
);
CREATE INDEX sv_funds_supplier ON sv_funds (tenant_id, supplier_code);

CREATE SEQUENCE sv_request_no_seq;
CREATE TABLE sv_requests (
  id text PRIMARY KEY,
  tenant_id text NOT NULL,
  request_no text NOT NULL UNIQUE,
  fund_id text NOT NULL REFERENCES sv_funds(id),
  kind text NOT NULL CHECK (kind IN ('release', 'refund')),
  amount bigint NOT NULL CHECK (amount > 0),
  reason text NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected', 'cancelled')),
  raised_by text NOT NULL,
  raised_name text NOT NULL DEFAULT '',
  decided_by text,
  decided_name text,
  decide_reason text,
  entry_id text REFERENCES journal_entries(id),
  idempotency_key text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  decided_at timestamptz,
  UNIQUE (tenant_id, idempotency_key),
  CONSTRAINT sv_requests_four_eyes CHECK (decided_by IS NULL OR decided_by <> raised_by)
);
CREATE INDEX sv_requests_pending ON sv_requests (tenant_id, created_at) WHERE status = 'pending';
CREATE INDEX sv_requests_fund ON sv_requests (fund_id, created_at DESC);

-- Evidence of delivery: uploaded files (server/modules/files/references.ts knows them).
CREATE TABLE sv_request_files (
  request_id text NOT NULL REFERENCES sv_requests(id),
  file_id text NOT NULL REFERENCES uploaded_files(id),
  PRIMARY KEY (request_id, file_id)
);
CREATE INDEX sv_request_files_file ON sv_request_files (file_id);

-- A supervisor stops a supplier's releases (with a reason) until lifted.
CREATE TABLE sv_supplier_freezes (
  tenant_id text NOT NULL,
  supplier_code text NOT NULL,
  reason text NOT NULL,
  frozen_by text NOT NULL,
  frozen_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, supplier_code)
);

CREATE FUNCTION boss_supervise_live() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE parties json;
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.status IS NOT DISTINCT FROM NEW.status THEN
    RETURN NULL;
  END IF;
  SELECT json_build_array(f.cus_code, f.supplier_code) INTO parties FROM sv_funds f WHERE f.id = NEW.fund_id;
  PERFORM pg_notify('boss_live', json_build_object('kind', 'supervise', 'id', NEW.id, 'tenant', NEW.tenant_id, 'status', NEW.status, 'cus', parties)::text);
  RETURN NULL;
END;
$$;
CREATE TRIGGER sv_requests_live AFTER INSERT OR UPDATE OF status ON sv_requests FOR EACH ROW EXECUTE FUNCTION boss_supervise_live();
