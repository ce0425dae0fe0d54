// Add / edit an announcement on a phone: a full-screen sheet with the same fields as the desktop
// form; recipients through the same pickers (选择用户 sheet, roles, department tree).
import { useEffect, useState } from 'react';
import { Button, Form, Input, NavBar, Popup, Selector, TextArea, Toast } from 'antd-mobile';
import { MSG_CATEGORY_TEXT, PRIORITIES, PRIORITY_TEXT } from '@contract/api/message';
import type { ListEditorProps } from '@/components/list/types';
import RecipientField from './RecipientField';
import { formValuesOf, MSG_TYPE_OPTIONS, useSaveAnnouncement, type AnntFormValues, type AnntRow } from './announcementForm';
import { RichTextEditor } from '@/components/editors/RichTextEditor';

export default function AnnouncementFormMobile({ open, record, onClose, onSaved }: ListEditorProps<AnntRow>) {
  const [values, setValues] = useState<AnntFormValues>(() => formValuesOf(record));
  const { save, saving } = useSaveAnnouncement(record, onSaved);
  useEffect(() => setValues(formValuesOf(record)), [record, open]);
  const set = (patch: Partial<AnntFormValues>) => setValues((v) => ({ ...v, ...patch }));

  const submit = async () => {
    const error = await save(values);
    if (error) Toast.show({ content: error });
  };

  return (
    <Popup
      visible={open}
      onClose={onClose}
      position="right"
      bodyStyle={{ width: '100vw', height: '100%', display: 'flex', flexDirection: 'column', background: '#f5f6f8' }}
      destroyOnClose
    >
      <NavBar onBack={onClose} style={{ background: '#fff' }}>
        {record ? '编辑公告' : '新增公告'}
      </NavBar>
      <div style={{ flex: 1, overflowY: 'auto' }}>
        <Form layout="vertical">
          <Form.Item label="标题" required>
            <Input placeholder="请输入标题" maxLength={100} value={values.titile} onChange={(titile) => set({ titile })} clearable />
          </Form.Item>
          <Form.Item label="消息类型">
            <Selector
              columns={2}
              value={[values.msgCategory]}
              onChange={(v) => v[0] && set({ msgCategory: v[0] as AnntFormValues['msgCategory'] })}
              options={Object.entries(MSG_CATEGORY_TEXT).map(([value, label]) => ({ value, label }))}
            />
          </Form.Item>
          <Form.Item label="优先级">
            <Selector
              columns={3}
              value={[values.priority]}
              onChange={(v) => v[0] && set({ priority: v[0] })}
              options={PRIORITIES.map((p) => ({ value: p, label: PRIORITY_TEXT[p] }))}
            />
          </Form.Item>
          <Form.Item label="接收对象">
            <Selector columns={2} value={[values.msgType]} onChange={(v) => v[0] && set({ msgType: v[0], recipients: [] })} options={MSG_TYPE_OPTIONS} />
          </Form.Item>
          {values.msgType !== 'ALL' && (
            <Form.Item label={MSG_TYPE_OPTIONS.find((o) => o.value === values.msgType)?.label} required>
              <RecipientField type={values.msgType} value={values.recipients} onChange={(recipients) => set({ recipients })} />
            </Form.Item>
          )}
          <Form.Item label="去处理打开">
            <Selector
              columns={3}
              value={[values.openType]}
              onChange={(v) => set({ openType: (v[0] ?? '') as AnntFormValues['openType'] })}
              options={[
                { value: '', label: '无' },
                { value: 'url', label: '链接地址' },
                { value: 'component', label: '页面组件' },
              ]}
            />
          </Form.Item>
          {values.openType && (
            <Form.Item label="打开地址" required>
              <Input placeholder="/isps/userAnnouncement" value={values.openPage} onChange={(openPage) => set({ openPage })} />
            </Form.Item>
          )}
          <Form.Item label="摘要">
            <TextArea rows={2} maxLength={500} placeholder="不填则取正文前200字" value={values.msgAbstract} onChange={(msgAbstract) => set({ msgAbstract })} />
          </Form.Item>
          <Form.Item label="正文">
            <RichTextEditor
              aria-label="公告正文"
              height={240}
              value={values.msgContent}
              onChange={(msgContent) => set({ msgContent })}
              onNotice={(content) => Toast.show({ content })}
            />
          </Form.Item>
        </Form>
      </div>
      <div style={{ padding: '8px 12px calc(8px + env(safe-area-inset-bottom))', background: '#fff' }}>
        <Button block color="primary" loading={saving} onClick={() => void submit()}>
          保存
        </Button>
      </div>
    </Popup>
  );
}
