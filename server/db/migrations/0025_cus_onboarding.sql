-- Customer onboarding and payment-provider innet (issue 17 §1-§2). The customer master grows from
-- the ledger's customers (0007): kind, codes, legal representative, address, industry, settlement
-- card and the four-eyes review with its version. Materials point at uploaded files (0024); innet
-- applications, their provider callbacks (each applied once), fee schedules (versioned), contracts
-- and one history of every change (actor and time). Rules: server/modules/cus/*; the database
-- repeats the ones that must never break: a checker is never the maker (CHECK), one live
-- application per customer and provider (partial UNIQUE), one callback applied once (PRIMARY KEY).

CREATE SEQUENCE cus_code_seq START 10001;
CREATE SEQUENCE cus_contract_no_seq;

ALTER TABLE customers
  ADD COLUMN cus_kind text NOT NULL DEFAULT 'enterprise' CHECK (cus_kind IN ('enterprise', 'individual', 'person')),
  ADD COLUMN credit_code text,
  ADD COLUMN legal_name text,
  ADD COLUMN legal_id_no text,
  ADD COLUMN legal_mobile text,
  ADD COLUMN contact_name text,
  ADD COLUMN province_code text,
  ADD COLUMN city_code text,
  ADD COLUMN district_code text,
  ADD COLUMN address text,
  ADD COLUMN industry_code text,
  ADD COLUMN settle_card_no text,
  ADD COLUMN settle_bank_name text,
  ADD COLUMN settle_branch_name text,
  -- customers that predate onboarding count as reviewed
  ADD COLUMN review_status text NOT NULL DEFAULT 'approved' CHECK (review_status IN ('draft', 'submitted', 'returned', 'approved')),
  ADD COLUMN review_reason text,
  ADD COLUMN version integer NOT NULL DEFAULT 1 CHECK (version >= 1),
  ADD COLUMN created_by text,
  ADD COLUMN maker_id text,
  ADD COLUMN maker_name text,
  ADD COLUMN checker_id text,
  ADD COLUMN checker_name text,
  ADD COLUMN submitted_at timestamptz,
  ADD COLUMN reviewed_at timestamptz,
  ADD CONSTRAINT customers_four_eyes CHECK (checker_id IS NULL OR maker_id IS NULL OR checker_id <> maker_id);
CREATE UNIQUE INDEX customers_credit_code ON customers (tenant_id, credit_code) WHERE credit_code IS NOT NULL;
CREATE INDEX customers_review ON customers (tenant_id, review_status, updated_at DESC);

CREATE TABLE cus_materials (
  id text PRIMARY KEY,
  tenant_id text NOT NULL,
  cus_code text NOT NULL,
  material_type text NOT NULL CHECK (material_type IN ('license', 'idFront', 'idBack', 'accountProof', 'premises', 'agreement')),
  file_id text NOT NULL REFERENCES uploaded_files(id),
  sort_no integer NOT NULL CHECK (sort_no >= 1),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'returned')),
  return_reason text,
  created_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  FOREIGN KEY (tenant_id, cus_code) REFERENCES customers (tenant_id, cus_code)
);
CREATE INDEX cus_materials_cus ON cus_materials (tenant_id, cus_code, material_type, sort_no);

CREATE TABLE cus_innets (
  id text PRIMARY KEY,
  tenant_id text NOT NULL,
  cus_code text NOT NULL,
  provider text NOT NULL,
  product text NOT NULL,
  status text NOT NULL CHECK (status IN ('draft', 'submitted', 'under_review', 'rejected', 'awaiting_verification', 'awaiting_signature',
                                         'opening', 'opened', 'cancelled', 'failed')),
  version integer NOT NULL DEFAULT 1,
  -- bumped by every submission; a callback of an earlier submission changes nothing
  submit_no integer NOT NULL DEFAULT 0,
  fields jsonb NOT NULL DEFAULT '{}',
  reject_reasons jsonb NOT NULL DEFAULT '[]',
  provider_ref text,
  -- what the provider paid to the settlement card (reported by its callback), and the wrong tries
  verify_amount bigint CHECK (verify_amount IS NULL OR verify_amount > 0),
  verify_tries integer NOT NULL DEFAULT 0 CHECK (verify_tries >= 0 AND verify_tries <= 3),
  sms_confirmed_at timestamptz,
  provider_account_no text,
  maker_id text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  -- CusChannelInnetOpen asked the provider to open (a restart asks again until 'opened' arrives)
  open_requested_at timestamptz,
  opened_at timestamptz,
  FOREIGN KEY (tenant_id, cus_code) REFERENCES customers (tenant_id, cus_code)
);
CREATE UNIQUE INDEX cus_innets_live ON cus_innets (tenant_id, cus_code, provider) WHERE status NOT IN ('cancelled', 'failed');
CREATE INDEX cus_innets_board ON cus_innets (tenant_id, provider, status, updated_at DESC);

CREATE TABLE cus_innet_callbacks (
  innet_id text NOT NULL REFERENCES cus_innets(id),
  event_id text NOT NULL,
  kind text NOT NULL,
  submit_no integer NOT NULL,
  payload jsonb NOT NULL,
  applied boolean NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (innet_id, event_id)
);

CREATE TABLE cus_fee_configs (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant_id text NOT NULL,
  cus_code text NOT NULL,
  provider text NOT NULL,
  version integer NOT NULL CHECK (version >= 1),
  -- [{product, rateBp (1/100 of a percent), minFen, maxFen}]
  items jsonb NOT NULL,
  created_by text NOT NULL,
  created_by_name text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (tenant_id, cus_code, provider, version),
  FOREIGN KEY (tenant_id, cus_code) REFERENCES customers (tenant_id, cus_code)
);

CREATE TABLE cus_contracts (
  id text PRIMARY KEY,
  tenant_id text NOT NULL,
  contract_no text NOT NULL UNIQUE,
  cus_code text NOT NULL,
  innet_id text NOT NULL UNIQUE REFERENCES cus_innets(id),
  provider text NOT NULL,
  product text NOT NULL,
  fee_version integer NOT NULL,
  valid_from date NOT NULL,
  valid_to date NOT NULL CHECK (valid_to > valid_from),
  status text NOT NULL DEFAULT 'signed' CHECK (status IN ('signed', 'effective', 'terminated')),
  pdf_path text NOT NULL,
  signed_by text NOT NULL,
  signed_at timestamptz NOT NULL DEFAULT now(),
  FOREIGN KEY (tenant_id, cus_code) REFERENCES customers (tenant_id, cus_code)
);
CREATE INDEX cus_contracts_cus ON cus_contracts (tenant_id, cus_code, signed_at DESC);

CREATE TABLE cus_history (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant_id text NOT NULL,
  cus_code text NOT NULL,
  innet_id text,
  action text NOT NULL,
  from_status text,
  to_status text,
  version integer NOT NULL,
  reason text NOT NULL DEFAULT '',
  detail jsonb NOT NULL DEFAULT '{}',
  actor_id text NOT NULL,
  actor_name text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX cus_history_cus ON cus_history (tenant_id, cus_code, id DESC);
