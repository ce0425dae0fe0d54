// The phone cron builder: a full-screen antd-mobile Popup with the same seven units as Tabs; each
// unit's mode in a Selector, its numbers in Steppers (bounded by spec §5), 指定 as a multi-select
// Selector; the expression and the next 10 run times below. Shares useCronBuilder with the dialog.
import type { ReactNode } from 'react';
import { Button, NavBar, Popup, Selector, Stepper, Tabs } from 'antd-mobile';
import type { CronUnit } from '@contract/cron';
import { MSG } from '@contract/messages';
import { CRON_TABS, UNIT_MODES, WEEKDAY_OPTIONS, formatRunTime, modeShortLabel, specifyOptions, unitBounds, yearBounds } from './cronBuilder';
import { useCronBuilder, type CronBuilder } from './useCronBuilder';
import './cron.css';

export interface CronBuilderPopupProps {
  open: boolean;
  value?: string;
  onOk: (expression: string) => void;
  onCancel: () => void;
}

const step = (label: string, value: number, min: number, max: number, onChange: (v: number) => void) => (
  <span>
    {label}
    <Stepper
      value={value}
      min={min}
      max={max}
      digits={0}
      onChange={(v) => onChange(v)}
      style={{ '--input-width': '34px', '--height': '28px', '--button-width': '26px' }}
      aria-label={label}
    />
  </span>
);
const weekday = (label: string, value: number, onChange: (v: number) => void) => (
  <div>
    <div className="cron-m-row">{label}</div>
    <Selector columns={4} options={WEEKDAY_OPTIONS} value={[value]} onChange={(v) => v.length && onChange(v[0])} />
  </div>
);

function UnitEditor({ unit, builder }: { unit: CronUnit; builder: CronBuilder }) {
  const s = builder.state[unit];
  const b = unit === 'year' ? { ...unitBounds(unit), start: yearBounds(), end: yearBounds(), loopStart: yearBounds() } : unitBounds(unit);
  const set = builder.patch.bind(null, unit);
  const name = CRON_TABS.find((t) => t.unit === unit)?.name ?? '';
  let detail: ReactNode = null;
  switch (s.mode) {
    case 'loop':
      detail = (
        <div className="cron-m-steppers">
          {step('从', s.start, b.loopStart.min, b.loopStart.max, (v) => set({ start: v }))}
          {step(`${name}开始，每`, s.step, b.step.min, b.step.max, (v) => set({ step: v }))}
          {name}执行一次
        </div>
      );
      break;
    case 'range':
      detail =
        unit === 'week' ? (
          <>
            {weekday('周期从', s.start, (v) => set({ start: v }))}
            {weekday('到', s.end, (v) => set({ end: v }))}
          </>
        ) : (
          <div className="cron-m-steppers">
            {step('从', s.start, b.start.min, b.start.max, (v) => set({ start: v }))}
            {step('到', s.end, b.end.min, b.end.max, (v) => set({ end: v }))}
            {name}
          </div>
        );
      break;
    case 'workday':
      detail = <div className="cron-m-steppers">{step('每月', s.value, 1, 31, (v) => set({ value: v }))}号最近的那个工作日</div>;
      break;
    case 'lastWorkday':
      detail = <div className="cron-m-steppers">本月最后一个工作日</div>;
      break;
    case 'last':
      detail =
        unit === 'week' ? (
          weekday('本月最后一个', s.value, (v) => set({ value: v }))
        ) : (
          <div className="cron-m-steppers">{step('本月最后', s.value, 0, 30, (v) => set({ value: v }))}天（0 即最后一天）</div>
        );
      break;
    case 'nth':
      detail = (
        <>
          <div className="cron-m-steppers">{step('本月第', s.nth, 1, 5, (v) => set({ nth: v }))}周的</div>
          {weekday('星期', s.value, (v) => set({ value: v }))}
        </>
      );
      break;
    case 'specify':
      detail = (
        <Selector
          multiple
          columns={unit === 'week' ? 4 : 6}
          options={specifyOptions(unit).map((o) => ({ value: o.value, label: o.label }))}
          value={s.values}
          onChange={(v) => set({ mode: 'specify', values: [...v].sort((x, y) => x - y) })}
        />
      );
      break;
    default:
      detail = null;
  }
  return (
    <div className="cron-m-body">
      <Selector
        columns={3}
        options={UNIT_MODES[unit].map((m) => ({ value: m, label: unit === 'year' && m === 'none' ? '不设置' : modeShortLabel(unit, m) }))}
        value={[s.mode]}
        onChange={(v) => v.length && builder.setMode(unit, v[0])}
      />
      {detail ? <div style={{ marginTop: 12 }}>{detail}</div> : null}
    </div>
  );
}

export default function CronBuilderPopup({ open, value, onOk, onCancel }: CronBuilderPopupProps) {
  const builder = useCronBuilder(value, open);
  const { preview } = builder;
  return (
    <Popup
      visible={open}
      position="right"
      bodyStyle={{ width: '100vw', height: '100%', display: 'flex', flexDirection: 'column' }}
      onMaskClick={onCancel}
      destroyOnClose
    >
      <NavBar
        onBack={onCancel}
        right={
          <Button size="small" color="primary" fill="none" onClick={() => onOk(builder.expression)}>
            确定
          </Button>
        }
      >
        Cron表达式
      </NavBar>
      <div style={{ flex: 1, overflow: 'auto' }}>
        <Tabs>
          {CRON_TABS.map((t) => (
            <Tabs.Tab key={t.unit} title={t.label}>
              <UnitEditor unit={t.unit} builder={builder} />
            </Tabs.Tab>
          ))}
        </Tabs>
        <div className="cron-m-body">
          <div className="cron-m-row">表达式</div>
          <div className="cron-m-expr" aria-label="Cron表达式">
            {builder.expression}
          </div>
          <div className="cron-m-row">最近10次运行时间{preview?.source === 'local' && !preview.error ? '（本地计算）' : ''}</div>
          <div className="cron-m-preview">
            {builder.previewLoading ? (
              '计算中…'
            ) : preview?.error ? (
              <span style={{ color: 'var(--adm-color-danger)' }}>{preview.error}</span>
            ) : preview?.times.length ? (
              preview.times.map((t, i) => <div key={t}>{`第${i + 1}次\u3000${formatRunTime(t)}`}</div>)
            ) : (
              MSG.noExecutionTime
            )}
          </div>
        </div>
      </div>
    </Popup>
  );
}
