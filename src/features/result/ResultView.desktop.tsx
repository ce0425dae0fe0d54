import { Button, Card, Descriptions, Result, Space, Typography } from 'antd';
import { CloseCircleOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import type { ResultOutcome } from '@/lib/resultOutcome';
import { BACK_HOME, FAIL_HEADING, NO_OUTCOME, type ResultKind } from './results';

export default function ResultViewDesktop({ kind, outcome }: { kind: ResultKind; outcome: ResultOutcome | null }) {
  const navigate = useNavigate();
  const home = (
    <Button key="home" type={outcome?.next ? 'default' : 'primary'} onClick={() => navigate(BACK_HOME.path)}>
      {BACK_HOME.label}
    </Button>
  );
  if (!outcome)
    return (
      <Card variant="borderless">
        <Result status="info" title={NO_OUTCOME.title} subTitle={NO_OUTCOME.description} extra={home} />
      </Card>
    );
  const next = outcome.next;
  const also = outcome.also ?? [];
  return (
    <Card variant="borderless">
      <Result
        status={kind === 'success' ? 'success' : 'error'}
        title={outcome.title}
        subTitle={outcome.description}
        extra={[
          ...(next
            ? [
                <Button type="primary" key="next" onClick={() => navigate(next.path, { state: next.state })}>
                  {next.label}
                </Button>,
              ]
            : []),
          ...also.map((l) => (
            <Button key={l.path} onClick={() => navigate(l.path, { state: l.state })}>
              {l.label}
            </Button>
          )),
          home,
        ]}
      >
        {!!outcome.details?.length && (
          <Descriptions
            column={Math.min(3, outcome.details.length)}
            size="small"
            items={outcome.details.map((d) => ({ key: d.label, label: d.label, children: d.value }))}
          />
        )}
        {!!outcome.reasons?.length && (
          <>
            <Typography.Paragraph strong style={{ fontSize: 16 }}>
              {FAIL_HEADING}
            </Typography.Paragraph>
            {outcome.reasons.map((r) => (
              <Typography.Paragraph key={r}>
                <Space>
                  <CloseCircleOutlined style={{ color: '#f5222d' }} />
                  {r}
                </Space>
              </Typography.Paragraph>
            ))}
          </>
        )}
      </Result>
    </Card>
  );
}
