-- Configuration area (issue 3): dictionary descriptions and times, item values unique within a
-- dictionary, creation times of tenants, systems and groups, and the tables of business entities,
-- gateway routes, data sources, fill rules and check rules. Tenant-owned rows carry tenant_id.

ALTER TABLE dicts ADD COLUMN IF NOT EXISTS description text;
ALTER TABLE dicts ADD COLUMN IF NOT EXISTS created_at timestamptz NOT NULL DEFAULT now();
ALTER TABLE dict_items ADD COLUMN IF NOT EXISTS description text;
ALTER TABLE dict_items ADD COLUMN IF NOT EXISTS created_at timestamptz NOT NULL DEFAULT now();
CREATE UNIQUE INDEX IF NOT EXISTS dict_items_value_uq ON dict_items(dict_id, item_value);
CREATE INDEX IF NOT EXISTS dicts_tenant_created_idx ON dicts(tenant_id, created_at);

ALTER TABLE systems ADD COLUMN IF NOT EXISTS created_at timestamptz NOT NULL DEFAULT now();
ALTER TABLE groups ADD COLUMN IF NOT EXISTS created_at timestamptz NOT NULL DEFAULT now();
CREATE INDEX IF NOT EXISTS groups_tenant_idx ON groups(tenant_id);
CREATE INDEX IF NOT EXISTS groups_system_idx ON groups(system_id);

CREATE TABLE business_entities (
  id text PRIMARY KEY,
  tenant_id text NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  entity_name text NOT NULL,
  url text,
  -- 1 enabled, 0 disabled
  status integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX business_entities_tenant_idx ON business_entities(tenant_id, created_at);

-- Gateway routes are platform infrastructure: not tenant-owned, kept by platform users only.
CREATE TABLE gateway_routes (
  id text PRIMARY KEY,
  router_id text NOT NULL UNIQUE,
  name text NOT NULL,
  uri text NOT NULL,
  -- JSON arrays as text, validated on write
  predicates text NOT NULL DEFAULT '[]',
  filters text NOT NULL DEFAULT '[]',
  status integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE data_sources (
  id text PRIMARY KEY,
  tenant_id text NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  code text NOT NULL,
  name text NOT NULL,
  db_type text NOT NULL DEFAULT 'postgres' CHECK (db_type IN ('postgres')),
  host text NOT NULL,
  port integer NOT NULL,
  database text NOT NULL,
  username text NOT NULL,
  -- AES-256-GCM under a key derived from SIGN_SECRET with scrypt; never returned to clients
  password_enc text,
  remark text,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (tenant_id, code)
);

CREATE TABLE fill_rules (
  id text PRIMARY KEY,
  tenant_id text NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  rule_code text NOT NULL,
  rule_name text NOT NULL,
  rule_class text NOT NULL,
  rule_params text,
  -- sequence state of the order-number generator: day (YYYYMMDD) and last number issued that day
  seq_day text,
  seq_value integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (tenant_id, rule_code)
);

CREATE TABLE check_rules (
  id text PRIMARY KEY,
  tenant_id text NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  rule_code text NOT NULL,
  rule_name text NOT NULL,
  rule_json text NOT NULL,
  description text,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (tenant_id, rule_code)
);
