// 新增职务 / 编辑职务 on a desktop: an antd Modal over the shared form hook.
import { Alert, App, Form, Input, Modal, Select } from 'antd';
import { POSITION_RANKS, type PositionRecord } from '@contract/api/position';
import type { ListEditorProps } from '@/components/list/types';
import { usePositionForm } from './usePositionForm';

export default function PositionFormDesktop({ open, record, onClose, onSaved }: ListEditorProps<PositionRecord>) {
  const { message } = App.useApp();
  const f = usePositionForm(record, open, onSaved);
  const item = (k: 'name' | 'code', label: string) => (
    <Form.Item label={label} required validateStatus={f.errors[k] ? 'error' : undefined} help={f.errors[k]}>
      <Input aria-label={label} placeholder={`请输入${label}`} value={f.values[k]} onChange={(e) => f.set(k, e.target.value)} allowClear />
    </Form.Item>
  );
  return (
    <Modal
      open={open}
      title={record ? '编辑职务' : '新增职务'}
      width={520}
      okText="保存"
      confirmLoading={f.saving}
      onCancel={onClose}
      onOk={() => void f.submit().then((ok) => ok && void message.success(ok))}
      destroyOnHidden
    >
      {f.failure && <Alert type="error" showIcon message={f.failure} style={{ marginBottom: 16 }} />}
      <Form layout="horizontal" labelCol={{ span: 5 }} wrapperCol={{ span: 18 }}>
        {item('name', '职务名称')}
        {item('code', '职务编码')}
        <Form.Item label="职级" required validateStatus={f.errors.rank ? 'error' : undefined} help={f.errors.rank}>
          <Select aria-label="职级" value={f.values.rank} options={[...POSITION_RANKS]} onChange={(v: string) => f.set('rank', v)} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
