-- Initial schema: tenants, systems, groups, users, departments, roles, permissions, dictionaries,
-- system info, sessions and the sign-in defences (login log, failures, SMS, image captchas).

CREATE TABLE tenants (
  id text PRIMARY KEY,
  name text NOT NULL,
  domain text,
  status integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE systems (
  id text PRIMARY KEY,
  sys_code text NOT NULL UNIQUE,
  sys_name text NOT NULL,
  sort_no integer NOT NULL DEFAULT 0
);

CREATE TABLE groups (
  id text PRIMARY KEY,
  group_name text NOT NULL,
  group_type text NOT NULL,
  org_type text NOT NULL DEFAULT '',
  tenant_id text NOT NULL REFERENCES tenants(id),
  system_id text NOT NULL REFERENCES systems(id),
  cus_code text,
  obj_code text,
  sort_no integer NOT NULL DEFAULT 0
);

CREATE TABLE users (
  id text PRIMARY KEY,
  username text NOT NULL UNIQUE,
  realname text NOT NULL,
  password_hash text NOT NULL,
  mobile text UNIQUE,
  avatar text,
  sex integer,
  org_code text,
  -- 1 normal, 2 frozen
  status integer NOT NULL DEFAULT 1,
  failed_logins integer NOT NULL DEFAULT 0,
  locked_until timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE user_groups (
  user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  group_id text NOT NULL REFERENCES groups(id) ON DELETE CASCADE,
  sort_no integer NOT NULL DEFAULT 0,
  PRIMARY KEY (user_id, group_id)
);

CREATE TABLE departments (
  id text PRIMARY KEY,
  parent_id text REFERENCES departments(id),
  org_code text NOT NULL UNIQUE,
  depart_name text NOT NULL,
  sort_no integer NOT NULL DEFAULT 0
);

CREATE TABLE user_departs (
  user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  depart_id text NOT NULL REFERENCES departments(id) ON DELETE CASCADE,
  PRIMARY KEY (user_id, depart_id)
);

CREATE TABLE roles (
  id text PRIMARY KEY,
  role_code text NOT NULL UNIQUE,
  role_name text NOT NULL
);

CREATE TABLE user_roles (
  user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  role_id text NOT NULL REFERENCES roles(id) ON DELETE CASCADE,
  PRIMARY KEY (user_id, role_id)
);

-- Menu directories ('0'), pages ('1') and buttons ('2').
CREATE TABLE permissions (
  id text PRIMARY KEY,
  parent_id text REFERENCES permissions(id),
  name text NOT NULL,
  path text,
  component text,
  component_name text,
  redirect text,
  hidden boolean NOT NULL DEFAULT false,
  route boolean NOT NULL DEFAULT true,
  always_show boolean NOT NULL DEFAULT false,
  keep_alive boolean NOT NULL DEFAULT false,
  icon text,
  url text,
  internal_or_external boolean NOT NULL DEFAULT false,
  sort_no integer NOT NULL DEFAULT 0,
  type text NOT NULL CHECK (type IN ('0', '1', '2')),
  perms text,
  status text NOT NULL DEFAULT '1' CHECK (status IN ('0', '1'))
);

CREATE TABLE role_permissions (
  role_id text NOT NULL REFERENCES roles(id) ON DELETE CASCADE,
  permission_id text NOT NULL REFERENCES permissions(id) ON DELETE CASCADE,
  PRIMARY KEY (role_id, permission_id)
);

CREATE TABLE dicts (
  id text PRIMARY KEY,
  tenant_id text NOT NULL REFERENCES tenants(id),
  dict_code text NOT NULL,
  dict_name text NOT NULL,
  UNIQUE (tenant_id, dict_code)
);

CREATE TABLE dict_items (
  id text PRIMARY KEY,
  dict_id text NOT NULL REFERENCES dicts(id) ON DELETE CASCADE,
  item_value text NOT NULL,
  item_text text NOT NULL,
  color text,
  sort_no integer NOT NULL DEFAULT 0,
  status integer NOT NULL DEFAULT 1
);

CREATE TABLE sys_info (
  tenant_id text PRIMARY KEY REFERENCES tenants(id),
  sys_name text NOT NULL,
  tab_title text NOT NULL,
  tab_logo text,
  logo text,
  bkg text,
  copyright text NOT NULL,
  company text NOT NULL,
  company_logo text,
  register_ent text,
  register_security text,
  sys_color text NOT NULL,
  sys_theme text,
  sys_brief_name text NOT NULL,
  cfg_op_pwd text NOT NULL DEFAULT 'false',
  cfg_pay_pwd text NOT NULL DEFAULT 'false',
  cfg_data_decrypt text NOT NULL DEFAULT 'false',
  help_url text
);

-- One row per token pair; a refresh rotates into a new row of the same family.
CREATE TABLE sessions (
  id text PRIMARY KEY,
  family_id text NOT NULL,
  user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  group_id text,
  access_token_hash text NOT NULL UNIQUE,
  access_expires_at timestamptz NOT NULL,
  refresh_token_hash text NOT NULL UNIQUE,
  refresh_expires_at timestamptz NOT NULL,
  rotated_at timestamptz,
  revoked_at timestamptz,
  ip text,
  user_agent text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sessions_user_idx ON sessions(user_id);
CREATE INDEX sessions_family_idx ON sessions(family_id);

CREATE TABLE login_log (
  id text PRIMARY KEY,
  username text NOT NULL,
  user_id text,
  method text NOT NULL,
  ok boolean NOT NULL,
  reason text,
  ip text,
  user_agent text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX login_log_created_idx ON login_log(created_at);

CREATE TABLE login_failures (
  id text PRIMARY KEY,
  username text NOT NULL,
  ip text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX login_failures_username_idx ON login_failures(username, created_at);
CREATE INDEX login_failures_ip_idx ON login_failures(ip, created_at);

CREATE TABLE sms_outbox (
  id text PRIMARY KEY,
  mobile text NOT NULL,
  content text NOT NULL,
  sms_type text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sms_outbox_mobile_idx ON sms_outbox(mobile, created_at);

CREATE TABLE sms_codes (
  id text PRIMARY KEY,
  mobile text NOT NULL,
  sms_type text NOT NULL,
  code_hash text NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sms_codes_mobile_idx ON sms_codes(mobile, sms_type, created_at);

CREATE TABLE captchas (
  check_key text PRIMARY KEY,
  answer_hash text NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
