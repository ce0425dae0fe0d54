// 新增职务 / 编辑职务 on a phone: a full-screen antd-mobile Popup over the shared form hook.
import { Button, Form, Input, NavBar, Popup, Selector, Toast } from 'antd-mobile';
import { POSITION_RANKS, type PositionRecord } from '@contract/api/position';
import type { ListEditorProps } from '@/components/list/types';
import { usePositionForm } from './usePositionForm';

export default function PositionFormMobile({ open, record, onClose, onSaved }: ListEditorProps<PositionRecord>) {
  const f = usePositionForm(record, open, onSaved);
  const item = (k: 'name' | 'code', label: string) => (
    <Form.Item label={label} required help={f.errors[k]}>
      <Input aria-label={label} placeholder={`请输入${label}`} value={f.values[k]} onChange={(s) => f.set(k, s)} clearable />
    </Form.Item>
  );
  return (
    <Popup visible={open} position="right" bodyStyle={{ width: '100vw', height: '100%', display: 'flex', flexDirection: 'column' }} destroyOnClose>
      <NavBar onBack={onClose}>{record ? '编辑职务' : '新增职务'}</NavBar>
      <div style={{ flex: 1, overflowY: 'auto', background: '#f5f5f5' }}>
        {f.failure && <div style={{ padding: '8px 16px', color: 'var(--adm-color-danger)' }}>{f.failure}</div>}
        <Form layout="horizontal" mode="card">
          {item('name', '职务名称')}
          {item('code', '职务编码')}
          <Form.Item label="职级" required help={f.errors.rank} layout="vertical">
            <Selector columns={3} options={[...POSITION_RANKS]} value={[f.values.rank]} onChange={(a) => a[0] && f.set('rank', a[0])} />
          </Form.Item>
        </Form>
      </div>
      <div style={{ padding: 12, background: '#fff' }}>
        <Button
          block
          color="primary"
          size="large"
          loading={f.saving}
          onClick={() => void f.submit().then((ok) => ok && Toast.show({ icon: 'success', content: ok }))}
        >
          提交
        </Button>
      </div>
    </Popup>
  );
}
