import { Button, List, Result, Steps } from 'antd-mobile';
import { useNavigate } from 'react-router-dom';
import { FAIL, SUCCESS } from './results';

export default function ResultViewMobile({ kind }: { kind: 'success' | 'fail' }) {
  const navigate = useNavigate();
  if (kind === 'success')
    return (
      <div style={{ padding: 12 }}>
        <Result status="success" title={SUCCESS.title} description={SUCCESS.subTitle} />
        <List header="申请信息">
          {SUCCESS.detail.map((d) => (
            <List.Item key={d.label} extra={d.value}>
              {d.label}
            </List.Item>
          ))}
        </List>
        <Steps direction="vertical" current={SUCCESS.current}>
          {SUCCESS.steps.map((s) => (
            <Steps.Step key={s.title} title={s.title} description={s.description} />
          ))}
        </Steps>
        <Button block color="primary" size="large" onClick={() => navigate(-1)}>
          {SUCCESS.primary}
        </Button>
      </div>
    );
  return (
    <div style={{ padding: 12 }}>
      <Result status="error" title={FAIL.title} description={FAIL.subTitle} />
      <List header={FAIL.heading}>
        {FAIL.reasons.map((r) => (
          <List.Item key={r.text} prefix={<span aria-hidden style={{ color: '#f5222d' }}>✕</span>} extra={r.action} arrow>
            {r.text}
          </List.Item>
        ))}
      </List>
      <Button block color="primary" size="large" style={{ marginTop: 24 }} onClick={() => navigate(-1)}>
        {FAIL.primary}
      </Button>
    </div>
  );
}
