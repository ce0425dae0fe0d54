-- Issue 16 §1: rows of live editable grids (the batch-pay draft first), shared by everyone of the
-- tenant who has the page open (server/realtime/vxeSocket.ts). One row per (tenant, scope, page,
-- row key); `scope` is 'org' for the tenant's staff, 'cus:<customer code>' for a customer's users,
-- so a customer never shares a draft with the staff nor with another customer. `version` starts at
-- 1 and grows by one with every write; a write names the version it was made from and is refused
-- when the row moved on (contract/api/vxeSocket.ts judgeWrite).

CREATE TABLE grid_rows (
  tenant_id text NOT NULL,
  scope text NOT NULL,
  page_id text NOT NULL,
  row_key text NOT NULL,
  sort double precision NOT NULL,
  version integer NOT NULL DEFAULT 1 CHECK (version >= 1),
  cells jsonb NOT NULL DEFAULT '{}'::jsonb,
  updated_by text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, scope, page_id, row_key)
);

CREATE INDEX grid_rows_page_sort ON grid_rows (tenant_id, scope, page_id, sort);
