// 数据规则 of a menu (desktop drawer): the rules with add / edit / delete; conditions come from
// the contract's allow-list (no free SQL).
import { useCallback, useEffect, useState } from 'react';
import { App, Button, Drawer, Form, Input, Modal, Popconfirm, Select, Space, Switch, Table, Tag } from 'antd';
import { RULE_CONDITIONS, RULE_CONDITION_TEXT, type DataRuleRecord, type PermissionRecord } from '@contract/api/rbac';
import { permissionApi } from './api';

interface RuleValues {
  ruleName: string;
  ruleColumn: string;
  ruleConditions: string;
  ruleValue: string;
  status: boolean;
}
const CONDITION_OPTIONS = RULE_CONDITIONS.map((c) => ({ value: c, label: `${RULE_CONDITION_TEXT[c]}（${c}）` }));

export default function DataRulesDesktop({ menu, onClose }: { menu: PermissionRecord | null; onClose: () => void }) {
  const [rows, setRows] = useState<DataRuleRecord[]>([]);
  const [loading, setLoading] = useState(false);
  const [editing, setEditing] = useState<DataRuleRecord | 'new' | null>(null);
  const [form] = Form.useForm<RuleValues>();
  const { message } = App.useApp();
  const load = useCallback(async () => {
    if (!menu) return;
    setLoading(true);
    try {
      setRows(await permissionApi.rules(menu.id));
    } catch {
      /* shown by the request layer */
    } finally {
      setLoading(false);
    }
  }, [menu]);
  useEffect(() => {
    void load();
  }, [load]);
  useEffect(() => {
    if (!editing) return;
    form.resetFields();
    if (editing !== 'new') form.setFieldsValue({ ...editing, status: editing.status === '1' });
    else form.setFieldsValue({ ruleConditions: '=', status: true });
  }, [editing, form]);

  const save = async () => {
    const v = await form.validateFields();
    const body = { ...v, status: v.status ? '1' : '0' };
    try {
      if (editing === 'new') await permissionApi.addRule({ ...body, permissionId: menu!.id });
      else if (editing) await permissionApi.editRule({ ...body, id: editing.id });
      message.success('保存成功');
      setEditing(null);
      await load();
    } catch {
      /* shown by the request layer */
    }
  };

  return (
    <Drawer title={menu ? `数据规则：${menu.name}` : '数据规则'} open={!!menu} onClose={onClose} size={720} destroyOnHidden>
      <Button type="primary" onClick={() => setEditing('new')} style={{ marginBottom: 12 }}>
        新增规则
      </Button>
      <Table<DataRuleRecord>
        rowKey="id"
        size="small"
        loading={loading}
        dataSource={rows}
        pagination={false}
        columns={[
          { title: '规则名称', dataIndex: 'ruleName' },
          { title: '规则字段', dataIndex: 'ruleColumn' },
          { title: '条件', dataIndex: 'ruleConditions', render: (c: (typeof RULE_CONDITIONS)[number]) => RULE_CONDITION_TEXT[c] ?? c },
          { title: '规则值', dataIndex: 'ruleValue' },
          { title: '状态', dataIndex: 'status', render: (s: string) => (s === '1' ? <Tag color="green">有效</Tag> : <Tag>无效</Tag>) },
          {
            title: '操作',
            key: 'op',
            render: (_, r) => (
              <Space size={0}>
                <Button type="link" size="small" onClick={() => setEditing(r)}>
                  编辑
                </Button>
                <Popconfirm
                  title="确定删除吗？"
                  onConfirm={async () => {
                    await permissionApi
                      .removeRule(r.id)
                      .then(load)
                      .catch(() => undefined);
                  }}
                >
                  <Button type="link" size="small" danger>
                    删除
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <Modal title={editing === 'new' ? '新增数据规则' : '编辑数据规则'} open={!!editing} onCancel={() => setEditing(null)} onOk={save} destroyOnHidden>
        <Form form={form} labelCol={{ span: 5 }} wrapperCol={{ span: 17 }} style={{ marginTop: 16 }}>
          <Form.Item label="规则名称" name="ruleName" rules={[{ required: true, whitespace: true, message: '请输入规则名称!' }]}>
            <Input maxLength={50} />
          </Form.Item>
          <Form.Item
            label="规则字段"
            name="ruleColumn"
            rules={[{ required: true, pattern: /^[A-Za-z_]\w{0,63}$/, message: '规则字段须为字母、数字或下划线组成的字段名' }]}
          >
            <Input placeholder="如 org_code" />
          </Form.Item>
          <Form.Item label="条件规则" name="ruleConditions" rules={[{ required: true }]}>
            <Select options={CONDITION_OPTIONS} />
          </Form.Item>
          <Form.Item label="规则值" name="ruleValue" rules={[{ required: true, whitespace: true, message: '请输入规则值!' }]}>
            <Input maxLength={200} placeholder="如 #{sys_org_code}" />
          </Form.Item>
          <Form.Item label="状态" name="status" valuePropName="checked">
            <Switch checkedChildren="有效" unCheckedChildren="无效" />
          </Form.Item>
        </Form>
      </Modal>
    </Drawer>
  );
}
