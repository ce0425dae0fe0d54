// The phone sheet of the paged pickers (users, business entities): a full-screen popup with its
// title and 确定, the picker's own search area, the rows with checks (one in single mode), the
// failure's message and 加载更多 until every row is there.
import type { ReactNode } from 'react';
import { Button, CheckList, DotLoading, NavBar, Popup } from 'antd-mobile';
import { MSG } from '@contract/messages';

interface Paged<R> {
  rows: R[];
  total: number;
  loading: boolean;
  error: string | null;
  chosen: R[];
  pageNo: number;
  pageSize: number;
  isChosen: (r: R) => boolean;
  toggle: (r: R) => void;
  goTo: (pageNo: number, pageSize?: number, append?: boolean) => void;
}

interface Props<R> {
  open: boolean;
  title: string;
  /** Accessible name of the list. */
  listLabel: string;
  multiple?: boolean;
  paged: Paged<R>;
  keyOf: (r: R) => string;
  textOf: (r: R) => ReactNode;
  descriptionOf: (r: R) => ReactNode;
  /** The search area above the list. */
  header: ReactNode;
  onClose: () => void;
  /** Returns false to keep the sheet open (the choice was refused). */
  onConfirm: () => void | boolean;
}

export default function PagedSheet<R>({ open, title, listLabel, multiple, paged: p, keyOf, textOf, descriptionOf, header, onClose, onConfirm }: Props<R>) {
  return (
    <Popup visible={open} position="right" bodyStyle={{ width: '100vw', height: '100%', display: 'flex', flexDirection: 'column' }} destroyOnClose>
      <NavBar
        onBack={onClose}
        right={
          <a
            role="button"
            onClick={() => {
              if (onConfirm() !== false) onClose();
            }}
          >
            确定{p.chosen.length ? `(${p.chosen.length})` : ''}
          </a>
        }
      >
        {title}
      </NavBar>
      {header}
      <div style={{ flex: 1, overflowY: 'auto', background: '#f5f5f5' }}>
        {p.error && <div style={{ padding: 12, color: 'var(--adm-color-danger)' }}>{p.error}</div>}
        <CheckList
          aria-label={listLabel}
          multiple={multiple}
          value={p.chosen.map(keyOf)}
          onChange={(keys) => {
            const changed = p.rows.find((r) => keys.includes(keyOf(r)) !== p.isChosen(r));
            if (changed) p.toggle(changed);
          }}
        >
          {p.rows.map((r) => (
            <CheckList.Item key={keyOf(r)} value={keyOf(r)} description={descriptionOf(r)}>
              {textOf(r)}
            </CheckList.Item>
          ))}
        </CheckList>
        <div style={{ padding: 16, textAlign: 'center', color: 'var(--boss-color-weak)', fontSize: 13 }}>
          {p.loading ? (
            <DotLoading />
          ) : p.rows.length < p.total ? (
            <Button size="small" onClick={() => p.goTo(p.pageNo + 1, p.pageSize, true)}>
              加载更多（共{p.total}条）
            </Button>
          ) : p.rows.length ? (
            `共${p.total}条`
          ) : (
            MSG.noData
          )}
        </div>
      </div>
    </Popup>
  );
}
