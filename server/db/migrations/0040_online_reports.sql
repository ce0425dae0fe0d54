-- Online reports (issue 19 §5; the popup report picker of issue 16 §2): definitions an administrator
-- makes without code. `source` names one of the allow-listed views of contract/api/report.ts; the
-- columns and query fields are checked against it on every write, and the server builds the query.
-- Definitions are shared by every tenant (like dictionaries); the data each one answers is always
-- confined to the caller's tenant and rules.

CREATE TABLE online_reports (
  id text PRIMARY KEY,
  code text NOT NULL,
  name text NOT NULL,
  source text NOT NULL,
  columns jsonb NOT NULL,
  query_fields jsonb NOT NULL DEFAULT '[]',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX online_reports_code_uq ON online_reports (code);
CREATE INDEX online_reports_created_idx ON online_reports (created_at);

-- The reports the product's own popups open: the grid's 负责人 (sys_user) and department columns,
-- and the customer and account pickers of forms.
INSERT INTO online_reports (id, code, name, source, columns, query_fields, created_at) VALUES
  ('rp-sys-user', 'sys_user', '用户选择', 'sys_user',
   '[{"field":"username","title":"账号"},{"field":"realname","title":"姓名"},{"field":"mobile","title":"手机号"},{"field":"status","title":"状态"}]',
   '[{"field":"username","mode":"single","hidden":false},{"field":"realname","mode":"single","hidden":false}]', now() - interval '4 minutes'),
  ('rp-sys-depart', 'sys_depart', '部门选择', 'sys_depart',
   '[{"field":"departName","title":"部门名称"},{"field":"orgCode","title":"机构编码"},{"field":"orgCategory","title":"机构类别"}]',
   '[{"field":"departName","mode":"single","hidden":false}]', now() - interval '3 minutes'),
  ('rp-customers', 'cus_customer', '客户选择', 'customers',
   '[{"field":"cusCode","title":"客户编号"},{"field":"cusName","title":"客户名称"},{"field":"cusType","title":"客户角色"},{"field":"status","title":"状态"}]',
   '[{"field":"cusCode","mode":"single","hidden":false},{"field":"cusName","mode":"single","hidden":false},{"field":"status","mode":"single","hidden":false}]', now() - interval '2 minutes'),
  ('rp-accounts', 'acct_account', '账户余额表', 'accounts',
   '[{"field":"acctNo","title":"账号"},{"field":"cusCode","title":"客户编号"},{"field":"cusName","title":"客户名称"},{"field":"acctType","title":"账户类型"},{"field":"status","title":"账户状态"},{"field":"balance","title":"余额（元）"},{"field":"frozen","title":"冻结（元）"},{"field":"createTime","title":"开户时间"}]',
   '[{"field":"cusCode","mode":"single","hidden":false},{"field":"acctType","mode":"single","hidden":false},{"field":"createTime","mode":"range","hidden":false}]', now() - interval '1 minute');
