// A read-only cron field with a 选择 button that opens the full-screen cron popup (phone).
import { lazy, Suspense, useState } from 'react';
import { Button, Input } from 'antd-mobile';

import './cron.css';

const CronBuilderPopup = lazy(() => import('./CronBuilderPopup.mobile'));

export interface CronInputMobileProps {
  value?: string;
  onChange?: (value: string) => void;
  placeholder?: string;
}

export default function CronInputMobile({ value, onChange, placeholder = '请选择Cron表达式' }: CronInputMobileProps) {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const show = () => {
    setLoaded(true);
    setOpen(true);
  };
  return (
    <div style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
      <Input className="cron-expression" readOnly value={value ?? ''} placeholder={placeholder} onClick={show} style={{ flex: 1 }} />
      <Button size="mini" color="primary" onClick={show}>
        选择
      </Button>
      {loaded ? (
        <Suspense fallback={null}>
          <CronBuilderPopup
            open={open}
            value={value}
            onCancel={() => setOpen(false)}
            onOk={(expr) => {
              onChange?.(expr);
              setOpen(false);
            }}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
