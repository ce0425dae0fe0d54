// The desktop cron dialog (spec §2 'Cron dialog', 800 wide): tabs 秒 分 时 日 月 周 年, the
// expression live (each field, and the whole text, which may be typed), and the next 10 run times
// recomputed 500 ms after the last change. OK hands the expression back.
import { useState } from 'react';
import { Alert, Input, List, Modal, Tabs, Typography } from 'antd';
import { CRON_UNITS, unitField } from '@contract/cron';
import { MSG } from '@contract/messages';
import { CRON_TABS, formatRunTime } from './cronBuilder';
import CronUnitPanel from './CronUnitPanel.desktop';
import { useCronBuilder } from './useCronBuilder';
import './cron.css';

export interface CronBuilderDialogProps {
  open: boolean;
  value?: string;
  onOk: (expression: string) => void;
  onCancel: () => void;
}

export default function CronBuilderDialog({ open, value, onOk, onCancel }: CronBuilderDialogProps) {
  const builder = useCronBuilder(value, open);
  const [typed, setTyped] = useState<string | null>(null);
  const [typedError, setTypedError] = useState<string | null>(null);
  const { preview } = builder;

  const applyTyped = () => {
    if (typed === null) return;
    if (builder.load(typed)) {
      setTyped(null);
      setTypedError(null);
    } else setTypedError('该表达式无效，或无法在构造器中显示');
  };

  return (
    <Modal title="Cron表达式" open={open} width={800} onCancel={onCancel} onOk={() => onOk(builder.expression)} okText="确定" cancelText="取消" destroyOnHidden>
      {!builder.parsedInitial && value ? (
        <Alert type="warning" showIcon title={`原表达式“${value}”无法在构造器中显示，已从默认值开始`} style={{ marginBottom: 12 }} />
      ) : null}
      <Tabs
        size="small"
        items={CRON_TABS.map((t) => ({
          key: t.unit,
          label: t.label,
          children: (
            <div className="cron-panel">
              <CronUnitPanel unit={t.unit} builder={builder} />
            </div>
          ),
        }))}
      />
      <div className="cron-result">
        <table className="cron-fields">
          <thead>
            <tr>
              {CRON_TABS.map((t) => (
                <th key={t.unit}>{t.label}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            <tr>
              {CRON_UNITS.map((u) => (
                <td key={u}>{unitField(u, builder.state[u]) || '—'}</td>
              ))}
            </tr>
          </tbody>
        </table>
        <Input
          className="cron-expression"
          addonBefore="表达式"
          value={typed ?? builder.expression}
          onChange={(e) => setTyped(e.target.value)}
          onBlur={applyTyped}
          onPressEnter={applyTyped}
          status={typedError ? 'error' : undefined}
          aria-label="Cron表达式"
        />
        {typedError ? <Typography.Text type="danger">{typedError}</Typography.Text> : null}
        <div className="cron-preview-title">最近10次运行时间{preview?.source === 'local' && !preview.error ? '（本地计算）' : ''}</div>
        {preview?.error ? (
          <Typography.Text type="danger">{preview.error}</Typography.Text>
        ) : (
          <List
            size="small"
            className="cron-preview"
            loading={builder.previewLoading}
            dataSource={preview?.times ?? []}
            locale={{ emptyText: MSG.noExecutionTime }}
            renderItem={(time, i) => <List.Item>{`第${i + 1}次\u3000${formatRunTime(time)}`}</List.Item>}
          />
        )}
      </div>
    </Modal>
  );
}
