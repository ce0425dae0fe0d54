-- Roles, departments, permissions, logs and online users (issue 3, rbac module).
-- Roles and departments become tenant-owned (the seed's rows belong to the platform tenant '0').
-- Role codes and department org codes stay unique across tenants: the menu catalogue grants new
-- entries by role code, and a user's org_code names one department.

ALTER TABLE roles ADD COLUMN tenant_id text NOT NULL DEFAULT '0' REFERENCES tenants(id);
ALTER TABLE roles ADD COLUMN description text;
ALTER TABLE roles ADD COLUMN created_at timestamptz NOT NULL DEFAULT now();
ALTER TABLE roles ADD COLUMN updated_at timestamptz;
CREATE INDEX roles_tenant_idx ON roles(tenant_id, created_at);

ALTER TABLE departments ADD COLUMN tenant_id text NOT NULL DEFAULT '0' REFERENCES tenants(id);
-- '1' company, '2' department, '3' post
ALTER TABLE departments ADD COLUMN org_category text NOT NULL DEFAULT '2' CHECK (org_category IN ('1', '2', '3'));
ALTER TABLE departments ADD COLUMN mobile text;
ALTER TABLE departments ADD COLUMN fax text;
ALTER TABLE departments ADD COLUMN address text;
ALTER TABLE departments ADD COLUMN memo text;
ALTER TABLE departments ADD COLUMN created_at timestamptz NOT NULL DEFAULT now();
CREATE INDEX departments_tenant_idx ON departments(tenant_id, parent_id);
UPDATE departments SET org_category = '1' WHERE parent_id IS NULL;

-- Data rules of a menu: a column, a condition from an allow-list, a value.
CREATE TABLE permission_data_rules (
  id text PRIMARY KEY,
  permission_id text NOT NULL REFERENCES permissions(id) ON DELETE CASCADE,
  rule_name text NOT NULL,
  rule_column text NOT NULL,
  rule_conditions text NOT NULL,
  rule_value text NOT NULL,
  status text NOT NULL DEFAULT '1' CHECK (status IN ('0', '1')),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX permission_data_rules_perm_idx ON permission_data_rules(permission_id);

-- What a department may hand out to its department roles.
CREATE TABLE depart_permissions (
  depart_id text NOT NULL REFERENCES departments(id) ON DELETE CASCADE,
  permission_id text NOT NULL REFERENCES permissions(id) ON DELETE CASCADE,
  PRIMARY KEY (depart_id, permission_id)
);

CREATE TABLE depart_roles (
  id text PRIMARY KEY,
  tenant_id text NOT NULL REFERENCES tenants(id),
  depart_id text NOT NULL REFERENCES departments(id) ON DELETE CASCADE,
  role_name text NOT NULL,
  role_code text NOT NULL,
  description text,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (depart_id, role_code)
);

CREATE TABLE depart_role_permissions (
  role_id text NOT NULL REFERENCES depart_roles(id) ON DELETE CASCADE,
  permission_id text NOT NULL REFERENCES permissions(id) ON DELETE CASCADE,
  PRIMARY KEY (role_id, permission_id)
);

-- Operation log: one row per administrative write.
CREATE TABLE operation_log (
  id text PRIMARY KEY,
  tenant_id text NOT NULL,
  user_id text,
  username text NOT NULL,
  ip text,
  log_content text NOT NULL,
  method text NOT NULL,
  request_url text NOT NULL,
  cost_time integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX operation_log_tenant_idx ON operation_log(tenant_id, created_at);

-- Sign-in rows in the shape of the log list.
CREATE VIEW login_log_view AS
  SELECT id, username, user_id, ip, method, ok,
         CASE WHEN ok THEN '用户名: ' || username || ',登录成功！'
              ELSE '用户名: ' || username || ',登录失败：' || CASE reason
                WHEN 'bad credentials' THEN '用户名或密码错误'
                WHEN 'locked' THEN '账号已锁定'
                WHEN 'frozen' THEN '该用户已冻结'
                WHEN 'bad code' THEN '短信验证码错误'
                ELSE coalesce(reason, '') END END AS log_content,
         created_at
  FROM login_log;

-- Last request of a session, for the online-user list (updated at most once a minute).
ALTER TABLE sessions ADD COLUMN last_seen_at timestamptz;
CREATE INDEX sessions_live_idx ON sessions(access_expires_at) WHERE revoked_at IS NULL;
