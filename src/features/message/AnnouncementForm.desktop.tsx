// Add / edit an announcement (desktop, 800 wide): title, abstract, category, priority, recipients
// (all, or users through the 选择用户 picker, roles, departments), what 去处理 opens, and the body in the rich-text editor, whose
// HTML is sanitised by the same allow-list the server applies on save.
import { useMemo } from 'react';
import { App, Col, Form, Input, Modal, Radio, Row, Select } from 'antd';
import { MSG_CATEGORY_TEXT, PRIORITIES, PRIORITY_TEXT } from '@contract/api/message';
import type { ListEditorProps } from '@/components/list/types';
import { formValuesOf, MSG_TYPE_OPTIONS, useSaveAnnouncement, type AnntFormValues, type AnntRow } from './announcementForm';
import RecipientField from './RecipientField';
import { RichTextEditor } from '@/components/editors/RichTextEditor';

export default function AnnouncementFormDesktop({ open, record, onClose, onSaved }: ListEditorProps<AnntRow>) {
  const { message } = App.useApp();
  const [form] = Form.useForm<AnntFormValues>();
  const initial = useMemo(() => formValuesOf(record), [record]);
  const { save, saving } = useSaveAnnouncement(record, onSaved);
  const msgType = Form.useWatch('msgType', form) ?? initial.msgType;
  const openType = Form.useWatch('openType', form) ?? initial.openType;

  const submit = async () => {
    const v = await form.validateFields();
    const error = await save({ ...initial, ...v });
    if (error) void message.warning(error);
  };

  return (
    <Modal
      open={open}
      title={record ? '编辑公告' : '新增公告'}
      width={800}
      onCancel={onClose}
      onOk={() => void submit().catch(() => undefined)}
      confirmLoading={saving}
      okText="保存"
      cancelText="取消"
      destroyOnHidden
      style={{ top: 40 }}
    >
      <Form form={form} layout="vertical" initialValues={initial} requiredMark>
        <Form.Item
          name="titile"
          label="标题"
          rules={[
            { required: true, whitespace: true, message: '请输入标题' },
            { max: 100, message: '标题最多100个字符' },
          ]}
        >
          <Input placeholder="请输入标题" maxLength={100} showCount />
        </Form.Item>
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item name="msgCategory" label="消息类型">
              <Radio.Group options={Object.entries(MSG_CATEGORY_TEXT).map(([value, label]) => ({ value, label }))} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="priority" label="优先级">
              <Radio.Group options={PRIORITIES.map((p) => ({ value: p, label: PRIORITY_TEXT[p] }))} optionType="button" buttonStyle="solid" />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="msgType" label="接收对象">
          <Radio.Group options={MSG_TYPE_OPTIONS} onChange={() => form.setFieldValue('recipients', [])} />
        </Form.Item>
        {msgType !== 'ALL' && (
          <Form.Item
            name="recipients"
            label={MSG_TYPE_OPTIONS.find((o) => o.value === msgType)?.label}
            rules={[{ required: true, type: 'array', min: 1, message: '请选择接收对象' }]}
          >
            <RecipientField type={msgType} />
          </Form.Item>
        )}
        <Row gutter={16}>
          <Col span={8}>
            <Form.Item name="openType" label="去处理打开">
              <Select
                options={[
                  { value: '', label: '无' },
                  { value: 'url', label: '链接地址' },
                  { value: 'component', label: '页面组件' },
                ]}
              />
            </Form.Item>
          </Col>
          <Col span={16}>
            {openType && (
              <Form.Item name="openPage" label="打开地址" rules={[{ required: true, whitespace: true, message: '请输入打开地址' }]}>
                <Input placeholder={openType === 'url' ? '/isps/userAnnouncement 或 https://…' : 'system/UserList'} maxLength={500} />
              </Form.Item>
            )}
          </Col>
        </Row>
        <Form.Item name="msgAbstract" label="摘要" extra="不填则取正文前200字">
          <Input.TextArea rows={2} maxLength={500} placeholder="请输入摘要" />
        </Form.Item>
        <Form.Item name="msgContent" label="正文" extra="图片通过上传插入；保存的内容经过与服务器相同的安全过滤">
          <RichTextEditor aria-label="公告正文" placeholder="请输入正文" onNotice={(m) => void message.warning(m)} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
