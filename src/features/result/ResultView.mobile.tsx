import { Button, List, Result } from 'antd-mobile';
import { useNavigate } from 'react-router-dom';
import type { ResultOutcome } from '@/lib/resultOutcome';
import { BACK_HOME, FAIL_HEADING, NO_OUTCOME, type ResultKind } from './results';

export default function ResultViewMobile({ kind, outcome }: { kind: ResultKind; outcome: ResultOutcome | null }) {
  const navigate = useNavigate();
  const status = !outcome ? 'info' : kind === 'success' ? 'success' : 'error';
  const next = outcome?.next;
  return (
    <div style={{ padding: 12 }}>
      <Result status={status} title={outcome?.title ?? NO_OUTCOME.title} description={outcome ? outcome.description : NO_OUTCOME.description} />
      {!!outcome?.details?.length && (
        <List header="办理结果">
          {outcome.details.map((d) => (
            <List.Item key={d.label} extra={d.value}>
              {d.label}
            </List.Item>
          ))}
        </List>
      )}
      {!!outcome?.reasons?.length && (
        <List header={FAIL_HEADING}>
          {outcome.reasons.map((r) => (
            <List.Item key={r}>{r}</List.Item>
          ))}
        </List>
      )}
      {next && (
        <Button block color="primary" size="large" style={{ marginTop: 24 }} onClick={() => navigate(next.path, { state: next.state })}>
          {next.label}
        </Button>
      )}
      {outcome?.also?.map((l) => (
        <Button key={l.path} block size="large" style={{ marginTop: 12 }} onClick={() => navigate(l.path, { state: l.state })}>
          {l.label}
        </Button>
      ))}
      <Button block color={next ? 'default' : 'primary'} size="large" style={{ marginTop: 12 }} onClick={() => navigate(BACK_HOME.path)}>
        {BACK_HOME.label}
      </Button>
    </div>
  );
}
