// The tail of a rule form (phone), shared by the fee modal and the split rule form: the effective
// time (empty: once approved), the remark, and the preview of what the rule would do.
import { Form, Input, TextArea } from 'antd-mobile';

export function RuleTailMobile(p: { effectiveFrom: string; remark: string; preview: string; patch: (v: { effectiveFrom?: string; remark?: string }) => void }) {
  return (
    <>
      <Form.Item label="生效时间（不填则审批通过后立即生效）">
        <Input type="datetime-local" value={p.effectiveFrom} onChange={(effectiveFrom) => p.patch({ effectiveFrom })} aria-label="生效时间" />
      </Form.Item>
      <Form.Item label="备注">
        <TextArea rows={2} maxLength={200} value={p.remark} onChange={(remark) => p.patch({ remark })} placeholder="调整原因（选填）" />
      </Form.Item>
      {p.preview && <Form.Item label="试算">{p.preview}</Form.Item>}
    </>
  );
}
