// 数据规则 of one menu for a role (desktop modal, from the role's 授权 tree): the menu's active rules
// as checkboxes; the checked ones narrow what the role's users read of that menu's data.
import { useEffect, useState } from 'react';
import { App, Checkbox, Empty, Modal, Spin } from 'antd';
import { RULE_CONDITION_TEXT, type DataRuleRecord, type TreeNode } from '@contract/api/rbac';
import { MSG } from '@contract/messages';
import type { RoleDataRules } from './api';

const conditionText = (c: string) => RULE_CONDITION_TEXT[c as keyof typeof RULE_CONDITION_TEXT] ?? c;

export default function RoleDataRulesDesktop({ rules, menu, onClose }: { rules: RoleDataRules; menu: TreeNode | null; onClose: () => void }) {
  const { message } = App.useApp();
  const [list, setList] = useState<DataRuleRecord[]>([]);
  const [checked, setChecked] = useState<string[]>([]);
  const [loading, setLoading] = useState(false);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (!menu) return;
    let live = true;
    setLoading(true);
    rules
      .load(menu.key)
      .then((a) => {
        if (!live) return;
        setList(a.datarule);
        setChecked(a.drChecked);
      })
      .catch(() => undefined)
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [menu, rules]);

  const save = async () => {
    if (!menu) return;
    setSaving(true);
    try {
      await rules.save(menu.key, checked);
      message.success(MSG.saved);
      onClose();
    } catch {
      /* shown by the request layer */
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      title={menu ? `数据规则：${menu.title}` : '数据规则'}
      open={!!menu}
      onCancel={onClose}
      onOk={save}
      okText="保存"
      confirmLoading={saving}
      destroyOnHidden
    >
      <Spin spinning={loading}>
        {list.length ? (
          <Checkbox.Group value={checked} onChange={(v) => setChecked(v as string[])} style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
            {list.map((r) => (
              <Checkbox key={r.id} value={r.id}>
                {r.ruleName}
                <span style={{ color: 'var(--boss-color-weak)', marginLeft: 8 }}>
                  {r.ruleColumn} {conditionText(r.ruleConditions)} {r.ruleValue}
                </span>
              </Checkbox>
            ))}
          </Checkbox.Group>
        ) : (
          !loading && <Empty description={MSG.noData} />
        )}
      </Spin>
    </Modal>
  );
}
