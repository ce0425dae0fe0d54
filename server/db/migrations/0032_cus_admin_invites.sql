-- Issue 17 §1: opening a customer can invite its administrator by SMS, who then signs in and sees
-- only their own customer. The invited user belongs to the customer's group (org_type 'cus', its
-- cus_code: what narrows every cus, ledger and pay call to that customer), one group per customer
-- and tenant (UNIQUE below), and holds the tenant's customer role. One invitation per customer: who
-- was invited, by whom, and each sending of the SMS (server/modules/cus/invite.ts).

CREATE UNIQUE INDEX groups_cus_code_uq ON groups (tenant_id, cus_code) WHERE org_type = 'cus' AND cus_code IS NOT NULL;

CREATE TABLE cus_admin_invites (
  tenant_id text NOT NULL,
  cus_code text NOT NULL,
  user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  mobile text NOT NULL,
  realname text NOT NULL,
  invited_by text NOT NULL,
  invited_by_name text NOT NULL DEFAULT '',
  sent_count integer NOT NULL DEFAULT 1 CHECK (sent_count >= 1),
  created_at timestamptz NOT NULL DEFAULT now(),
  last_sent_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, cus_code),
  FOREIGN KEY (tenant_id, cus_code) REFERENCES customers (tenant_id, cus_code)
);
