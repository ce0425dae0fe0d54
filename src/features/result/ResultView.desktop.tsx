import { Button, Card, Descriptions, Result, Space, Steps, Typography } from 'antd';
import { CloseCircleOutlined, RightOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import { FAIL, SUCCESS } from './results';

function SuccessView() {
  const navigate = useNavigate();
  return (
    <Result
      status="success"
      title={SUCCESS.title}
      subTitle={SUCCESS.subTitle}
      extra={[
        <Button type="primary" key="back" onClick={() => navigate(-1)}>
          {SUCCESS.primary}
        </Button>,
        ...SUCCESS.secondary.map((label) => <Button key={label}>{label}</Button>),
      ]}
    >
      <Descriptions column={3} size="small" items={SUCCESS.detail.map((d) => ({ key: d.label, label: d.label, children: d.value }))} style={{ marginBottom: 24 }} />
      <Steps current={SUCCESS.current} titlePlacement="vertical" items={SUCCESS.steps.map((s) => ({ title: s.title, content: s.description }))} />
    </Result>
  );
}

function FailView() {
  const navigate = useNavigate();
  return (
    <Result
      status="error"
      title={FAIL.title}
      subTitle={FAIL.subTitle}
      extra={
        <Button type="primary" onClick={() => navigate(-1)}>
          {FAIL.primary}
        </Button>
      }
    >
      <Typography.Paragraph strong style={{ fontSize: 16 }}>
        {FAIL.heading}
      </Typography.Paragraph>
      {FAIL.reasons.map((r) => (
        <Typography.Paragraph key={r.text}>
          <Space>
            <CloseCircleOutlined style={{ color: '#f5222d' }} />
            {r.text}
            <Typography.Link>
              {r.action} <RightOutlined />
            </Typography.Link>
          </Space>
        </Typography.Paragraph>
      ))}
    </Result>
  );
}

export default function ResultViewDesktop({ kind }: { kind: 'success' | 'fail' }) {
  return <Card variant="borderless">{kind === 'success' ? <SuccessView /> : <FailView />}</Card>;
}
