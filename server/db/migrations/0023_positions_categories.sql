-- Issue 16 §2: positions (职务: name, code, rank) and the category tree (分类字典) behind the
-- position and category pickers. Both belong to a tenant; codes are unique inside the tenant.

CREATE TABLE positions (
  id text PRIMARY KEY,
  tenant_id text NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  name text NOT NULL,
  code text NOT NULL,
  -- 职级: '1' 员级 … '5' 正高级 (contract/api/position.ts)
  rank text NOT NULL DEFAULT '1',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX positions_code_uq ON positions (tenant_id, code);
CREATE INDEX positions_tenant_idx ON positions (tenant_id, created_at);

-- A node's parent is a node of the same tenant (checked by the service); a parent with children
-- cannot be deleted (RESTRICT), so no subtree is lost by accident.
CREATE TABLE categories (
  id text PRIMARY KEY,
  tenant_id text NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  pid text REFERENCES categories(id) ON DELETE RESTRICT,
  name text NOT NULL,
  code text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX categories_code_uq ON categories (tenant_id, code);
CREATE INDEX categories_parent_idx ON categories (tenant_id, pid);
