-- Announcements and system messages (issue 3 §3): the message, its recipients, and per-recipient
-- read state. Rows are tenant-scoped; recipients are resolved to send rows at release.

CREATE TABLE announcements (
  id text PRIMARY KEY,
  tenant_id text NOT NULL REFERENCES tenants(id),
  titile text NOT NULL,
  msg_content text NOT NULL DEFAULT '',
  msg_abstract text,
  sender text NOT NULL,
  -- L general, M important, H urgent
  priority text NOT NULL DEFAULT 'L' CHECK (priority IN ('L', 'M', 'H')),
  -- 1 通知公告, 2 系统消息
  msg_category text NOT NULL DEFAULT '1' CHECK (msg_category IN ('1', '2')),
  -- ALL, USER, ROLE, DEPART
  msg_type text NOT NULL DEFAULT 'ALL' CHECK (msg_type IN ('ALL', 'USER', 'ROLE', 'DEPART')),
  -- recipient ids for USER / ROLE / DEPART, comma separated
  recipient_ids text NOT NULL DEFAULT '',
  open_type text,
  open_page text,
  bus_id text,
  -- 0 draft, 1 released, 2 revoked
  send_status text NOT NULL DEFAULT '0' CHECK (send_status IN ('0', '1', '2')),
  send_time timestamptz,
  cancel_time timestamptz,
  del_flag integer NOT NULL DEFAULT 0,
  create_by text,
  create_time timestamptz NOT NULL DEFAULT now(),
  update_time timestamptz
);
CREATE INDEX announcements_tenant_idx ON announcements(tenant_id, create_time DESC);

CREATE TABLE announcement_send (
  id text PRIMARY KEY,
  annt_id text NOT NULL REFERENCES announcements(id) ON DELETE CASCADE,
  user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  tenant_id text NOT NULL,
  read_flag integer NOT NULL DEFAULT 0,
  read_time timestamptz,
  create_time timestamptz NOT NULL DEFAULT now(),
  UNIQUE (annt_id, user_id)
);
CREATE INDEX announcement_send_user_idx ON announcement_send(user_id, tenant_id, read_flag);
