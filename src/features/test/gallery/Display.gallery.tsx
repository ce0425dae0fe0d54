// Gallery, one page each (Display.meta.ts): the switch widget (Y/N, a missing value shows as N), ellipsis, numbers and dates.
import { useState } from 'react';
import { SwitchField } from '@/components/editors/SwitchField';
import { Ellipsis } from '@/components/editors/Ellipsis';
import { dateText, numberText, shortFileName, yesNoText } from '@/lib/display';
import { GalleryState } from './GalleryState';

const LONG = '关于调整跨行转账手续费及单笔付款限额的通知（自 2026 年 12 月 1 日起执行）';
const row: React.CSSProperties = { display: 'flex', gap: 12, alignItems: 'center', flexWrap: 'wrap', margin: '0 0 8px', fontSize: 14 };

function Switch({ initial, disabled, label }: { initial?: string; disabled?: boolean; label: string }) {
  const [value, setValue] = useState<string | undefined>(initial);
  return (
    <div style={row}>
      <SwitchField value={value} onChange={setValue} disabled={disabled} aria-label={label} />
      <span>
        {label}：<code data-testid={`switch-${label}`}>{value ?? '（无值）'}</code>（{yesNoText(value ?? 'N')}）
      </span>
    </div>
  );
}

export function SwitchBlock() {
  return (
    <>
      <GalleryState title="空" caption="没有值时显示为 N（否）。">
        <Switch label="启用" />
      </GalleryState>
      <GalleryState title="已填写" caption="值为 Y 或 N。">
        <Switch label="短信通知" initial="Y" />
      </GalleryState>
      <GalleryState title="禁用" caption="不能切换。">
        <Switch label="已锁定" initial="N" disabled />
      </GalleryState>
    </>
  );
}

export function EllipsisBlock() {
  return (
    <GalleryState title="省略" caption="超过 25 个字省略，悬停显示全文；文件名保留扩展名。">
      <p style={row}>
        <Ellipsis text={LONG} />
      </p>
      <p style={row}>{shortFileName('2026年11月代付对账单明细.xlsx')}</p>
    </GalleryState>
  );
}

export function NumberDateBlock() {
  const now = new Date('2026-11-25T08:30:05Z');
  return (
    <GalleryState title="数字与日期" caption="千分位分组；日期 YYYY-MM-DD HH:mm:ss、YYYY-MM-DD、HH:mm:ss。">
      <p style={row}>{numberText(1234567.89)}</p>
      <p style={row}>{dateText(now)}</p>
      <p style={row}>
        {dateText(now, 'YYYY-MM-DD')} / {dateText(now, 'HH:mm:ss')}
      </p>
    </GalleryState>
  );
}
