// One tab of the desktop cron dialog: the unit's modes as a radio list, each with its inline
// number inputs (bounded by spec §5) and, for 指定, the checkbox grid. Editing an input of a mode
// selects that mode: the operator never has to change a number and then also click its radio.
import { Checkbox, InputNumber, Radio, Select, Space } from 'antd';
import type { ReactNode } from 'react';
import type { CronMode, CronUnit, CronUnitState } from '@contract/cron';
import { CRON_TABS, UNIT_MODES, WEEKDAY_OPTIONS, specifyOptions, unitBounds, yearOptions } from './cronBuilder';
import type { CronBuilder } from './useCronBuilder';

const weekdaySelect = (value: number, onChange: (v: number) => void, label: string) => (
  <Select size="small" style={{ width: 84 }} value={value} onChange={onChange} aria-label={label} options={WEEKDAY_OPTIONS} />
);

export default function CronUnitPanel({ unit, builder }: { unit: CronUnit; builder: CronBuilder }) {
  const s = builder.state[unit];
  const b = unitBounds(unit);
  const name = CRON_TABS.find((t) => t.unit === unit)?.name ?? '';

  const row = (mode: CronMode): ReactNode => {
    // Every input of this row edits the unit in this row's mode.
    const set = (patch: Partial<CronUnitState>) => builder.patch(unit, { ...patch, mode });
    const num = (key: 'start' | 'end' | 'step' | 'value' | 'nth', min: number, max: number, label: string) => (
      <InputNumber
        size="small"
        style={{ width: 72 }}
        min={min}
        max={max}
        precision={0}
        value={s[key]}
        aria-label={label}
        onChange={(v) => v !== null && set({ [key]: v })}
      />
    );
    const year = (key: 'start' | 'end', label: string) => (
      <Select
        size="small"
        style={{ width: 96 }}
        value={s[key]}
        onChange={(v: number) => set({ [key]: v })}
        aria-label={label}
        showSearch
        options={yearOptions().map((y) => ({ value: y, label: String(y) }))}
      />
    );
    switch (mode) {
      case 'every':
        return unit === 'year' ? '每年' : modeLabelEvery(unit, name);
      case 'none':
        return unit === 'year' ? '不设置（不限年份）' : '不指定';
      case 'loop':
        return (
          <Space size={4} wrap>
            从{unit === 'year' ? year('start', '开始年份') : num('start', b.loopStart.min, b.loopStart.max, `循环开始${name}`)}
            {name}开始，每
            {num('step', b.step.min, b.step.max, `循环间隔${name}`)}
            {name}执行一次
          </Space>
        );
      case 'range':
        return unit === 'week' ? (
          <Space size={4}>
            周期从{weekdaySelect(s.start, (v) => set({ start: v }), '周期开始星期')}到{weekdaySelect(s.end, (v) => set({ end: v }), '周期结束星期')}
          </Space>
        ) : (
          <Space size={4}>
            周期从{unit === 'year' ? year('start', '周期开始年份') : num('start', b.start.min, b.start.max, `周期开始${name}`)}到
            {unit === 'year' ? year('end', '周期结束年份') : num('end', b.end.min, b.end.max, `周期结束${name}`)}
            {name}
          </Space>
        );
      case 'workday':
        return <Space size={4}>每月{num('value', 1, 31, '最近工作日的日期')}号最近的那个工作日</Space>;
      case 'lastWorkday':
        return '本月最后一个工作日';
      case 'last':
        return unit === 'week' ? (
          <Space size={4}>本月最后一个{weekdaySelect(s.value, (v) => set({ value: v }), '最后一个星期几')}</Space>
        ) : (
          <Space size={4}>本月最后{num('value', 0, 30, '本月最后N天')}天（L-N，0 即本月最后一天）</Space>
        );
      case 'nth':
        return (
          <Space size={4}>
            本月第{num('nth', 1, 5, '第几周')}周的{weekdaySelect(s.value, (v) => set({ value: v }), '星期几')}
          </Space>
        );
      case 'specify':
        return (
          <div>
            <div>指定{unit === 'week' ? '星期' : name}（可多选）</div>
            <Checkbox.Group
              className={`cron-grid cron-grid-${unit}`}
              value={s.mode === 'specify' ? s.values : []}
              onChange={(vals) => set({ values: (vals as number[]).slice().sort((x, y) => x - y) })}
              options={specifyOptions(unit)}
            />
          </div>
        );
    }
  };

  return (
    <Radio.Group value={s.mode} onChange={(e) => builder.setMode(unit, e.target.value as CronMode)} style={{ width: '100%' }}>
      <Space orientation="vertical" size={10} style={{ width: '100%' }}>
        {UNIT_MODES[unit].map((m) => (
          <Radio key={m} value={m} className="cron-mode">
            {row(m)}
          </Radio>
        ))}
      </Space>
    </Radio.Group>
  );
}

function modeLabelEvery(unit: CronUnit, name: string): string {
  if (unit === 'day') return '每日（允许的通配符 , - * / L W）';
  if (unit === 'week') return '每周每天（允许的通配符 , - * / L #）';
  return `每${name}（允许的通配符 , - * /）`;
}
