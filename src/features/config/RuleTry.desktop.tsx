// 生成 / 测试 dialog of a fill or check rule (desktop).
import { Alert, Button, Input, Modal, Space, Typography } from 'antd';
import { useRuleTry, type RuleTryProps } from './useRuleTry';

export default function RuleTryDesktop(props: RuleTryProps) {
  const { mode, ruleCode, ruleName, onClose } = props;
  const t = useRuleTry(props);
  const fill = mode === 'fill';
  return (
    <Modal
      open
      title={`${fill ? '生成' : '测试'}：${ruleName}（${ruleCode}）`}
      width={520}
      onCancel={onClose}
      footer={
        <Space>
          <Button onClick={onClose}>关闭</Button>
          <Button type="primary" loading={t.busy} onClick={() => void t.run()}>
            {fill ? '再生成一个' : '校验'}
          </Button>
        </Space>
      }
    >
      {!fill && (
        <Input
          placeholder="请输入要校验的值"
          value={t.value}
          onChange={(e) => t.setValue(e.target.value)}
          onPressEnter={() => void t.run()}
          allowClear
          autoFocus
          style={{ marginBottom: 16 }}
        />
      )}
      {t.outcome &&
        (fill && t.outcome.ok ? (
          <div style={{ textAlign: 'center', padding: '12px 0' }}>
            <div style={{ color: 'var(--boss-color-weak)', marginBottom: 8 }}>下一个值</div>
            <Typography.Text copyable strong style={{ fontSize: 22, fontFamily: 'ui-monospace, Menlo, monospace' }} data-testid="rule-value">
              {t.outcome.text}
            </Typography.Text>
          </div>
        ) : (
          <Alert type={t.outcome.ok ? 'success' : 'error'} showIcon message={t.outcome.text} data-testid="rule-outcome" />
        ))}
      {fill && t.history.length > 1 && (
        <div style={{ marginTop: 12, color: 'var(--boss-color-weak)', fontSize: 12 }}>本次已生成：{t.history.slice(1).join('、')}</div>
      )}
    </Modal>
  );
}
