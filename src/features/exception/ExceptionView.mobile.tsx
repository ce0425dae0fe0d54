import { Button, ErrorBlock } from 'antd-mobile';
import { useNavigate } from 'react-router-dom';
import { BACK_HOME, EXCEPTIONS, type ExceptionType } from './exceptions';

const STATUS = { '403': 'busy', '404': 'empty', '500': 'disconnected' } as const;

export default function ExceptionViewMobile({ type, standalone }: { type: ExceptionType; standalone?: boolean }) {
  const navigate = useNavigate();
  const { title, description } = EXCEPTIONS[type];
  return (
    <div
      style={{
        minHeight: standalone ? '100vh' : '70vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        padding: 24,
      }}
    >
      <ErrorBlock status={STATUS[type]} title={`${type} · ${title}`} description={description} />
      <Button color="primary" style={{ marginTop: 24, minWidth: 160 }} onClick={() => navigate(BACK_HOME.path)}>
        {BACK_HOME.label}
      </Button>
    </div>
  );
}
