// The tail of a rule form (desktop), shared by the fee modal and the split rule form: the effective
// time (empty: once approved), the remark, and the preview of what the rule would do.
import { DatePicker, Form, Input } from 'antd';
import dayjs from 'dayjs';

export function RuleTailDesktop(p: {
  effectiveFrom: string;
  remark: string;
  preview: string;
  patch: (v: { effectiveFrom?: string; remark?: string }) => void;
}) {
  return (
    <>
      <Form.Item label="生效时间" extra="不填则审批通过后立即生效">
        <DatePicker
          showTime={{ format: 'HH:mm' }}
          format="YYYY-MM-DD HH:mm"
          value={p.effectiveFrom ? dayjs(p.effectiveFrom) : null}
          onChange={(d) => p.patch({ effectiveFrom: d ? d.format('YYYY-MM-DDTHH:mm') : '' })}
          placeholder="审批通过后立即生效"
        />
      </Form.Item>
      <Form.Item label="备注">
        <Input.TextArea rows={2} maxLength={200} value={p.remark} onChange={(e) => p.patch({ remark: e.target.value })} placeholder="调整原因（选填）" />
      </Form.Item>
      {p.preview && (
        <Form.Item label="试算" data-testid="fee-preview">
          {p.preview}
        </Form.Item>
      )}
    </>
  );
}
