import { Button, Result } from 'antd';
import { useNavigate } from 'react-router-dom';
import { BACK_HOME, EXCEPTIONS, type ExceptionType } from './exceptions';

export default function ExceptionViewDesktop({ type, standalone }: { type: ExceptionType; standalone?: boolean }) {
  const navigate = useNavigate();
  const { title, description } = EXCEPTIONS[type];
  return (
    <div
      style={{
        ...(standalone ? { position: 'fixed', inset: 0, overflow: 'auto' } : { minHeight: 480 }),
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        background: standalone ? '#f0f2f5' : '#fff',
        borderRadius: standalone ? 0 : 4,
      }}
    >
      <Result
        status={type}
        title={type}
        subTitle={
          <>
            <div style={{ fontSize: 16, color: 'rgba(0,0,0,0.65)', marginBottom: 4 }}>{title}</div>
            <div>{description}</div>
          </>
        }
        extra={
          <Button type="primary" onClick={() => navigate(BACK_HOME.path)}>
            {BACK_HOME.label}
          </Button>
        }
      />
    </div>
  );
}
