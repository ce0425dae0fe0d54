// A read-only cron field with a 选择 button that opens the cron dialog (desktop). Works as an antd
// Form.Item control (value / onChange).
import { lazy, Suspense, useState } from 'react';
import { Button, Input, Space } from 'antd';

import './cron.css';

const CronBuilderDialog = lazy(() => import('./CronBuilderDialog'));

export interface CronInputProps {
  value?: string;
  onChange?: (value: string) => void;
  placeholder?: string;
  disabled?: boolean;
  id?: string;
}

export default function CronInput({ value, onChange, placeholder = '请选择Cron表达式', disabled, id }: CronInputProps) {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const show = () => {
    setLoaded(true);
    setOpen(true);
  };
  return (
    <>
      <Space.Compact style={{ width: '100%' }}>
        <Input
          id={id}
          readOnly
          value={value ?? ''}
          placeholder={placeholder}
          disabled={disabled}
          onClick={disabled ? undefined : show}
          className="cron-expression"
        />
        <Button type="primary" disabled={disabled} onClick={show}>
          选择
        </Button>
      </Space.Compact>
      {loaded ? (
        <Suspense fallback={null}>
          <CronBuilderDialog
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
    </>
  );
}
