// 生成 / 测试 sheet of a fill or check rule (phone).
import { Button, Input, Popup, Result } from 'antd-mobile';
import { useRuleTry, type RuleTryProps } from './useRuleTry';

export default function RuleTryMobile(props: RuleTryProps) {
  const { mode, ruleCode, ruleName, onClose } = props;
  const t = useRuleTry(props);
  const fill = mode === 'fill';
  return (
    <Popup visible onMaskClick={onClose} bodyStyle={{ borderTopLeftRadius: 12, borderTopRightRadius: 12 }}>
      <div style={{ padding: 16, boxSizing: 'border-box' }}>
        <div style={{ fontSize: 16, fontWeight: 500, marginBottom: 12 }}>
          {fill ? '生成' : '测试'}：{ruleName}
        </div>
        <div style={{ color: 'var(--boss-color-weak)', fontSize: 12, marginBottom: 12 }}>{ruleCode}</div>
        {!fill && (
          <div style={{ border: '1px solid #eee', borderRadius: 6, padding: '8px 10px', marginBottom: 12 }}>
            <Input placeholder="请输入要校验的值" value={t.value} onChange={t.setValue} clearable onEnterPress={() => void t.run()} />
          </div>
        )}
        {t.outcome &&
          (fill && t.outcome.ok ? (
            <div style={{ textAlign: 'center', padding: '8px 0 16px' }}>
              <div style={{ color: 'var(--boss-color-weak)', fontSize: 12 }}>下一个值</div>
              <div style={{ fontSize: 22, fontWeight: 600, fontFamily: 'ui-monospace, Menlo, monospace', wordBreak: 'break-all' }} data-testid="rule-value">
                {t.outcome.text}
              </div>
            </div>
          ) : (
            <Result status={t.outcome.ok ? 'success' : 'error'} title={t.outcome.text} style={{ padding: '8px 0 16px' }} />
          ))}
        <div style={{ display: 'flex', gap: 12 }}>
          <Button block onClick={onClose}>
            关闭
          </Button>
          <Button block color="primary" loading={t.busy} onClick={() => void t.run()}>
            {fill ? '再生成一个' : '校验'}
          </Button>
        </div>
      </div>
    </Popup>
  );
}
