// The phone list (antd-mobile only): a search bar, a filter sheet and the 高级查询 sheet (with its
// active flag), a card per row (title, subtitle, status tag, 2-4 key fields), pull to refresh,
// infinite scroll up to the total (a failed page offers a retry), row actions in an ActionSheet
// (the card's … button) or by swiping, extra buttons marked `phone` as links above the cards, and a
// floating 新增 button.
import { lazy, Suspense, useEffect, useMemo, useState, type ReactNode, type RefObject } from 'react';
import {
  ActionSheet,
  Avatar,
  Badge,
  Dialog,
  FloatingBubble,
  InfiniteScroll,
  PullToRefresh,
  SearchBar,
  SwipeAction,
  Tag,
  Toast,
  type ActionSheetProps,
} from 'antd-mobile';
import AddOutline from 'antd-mobile-icons/es/AddOutline';
import FilterOutline from 'antd-mobile-icons/es/FilterOutline';
import UnorderedListOutline from 'antd-mobile-icons/es/UnorderedListOutline';
import MoreOutline from 'antd-mobile-icons/es/MoreOutline';
import { useSnapshot } from 'valtio';
import { API_BASE } from '@contract/constants';
import { ADMIN_P } from '@contract/api/admin';
import { session } from '@/stores/session';
import { mobileTagColor } from '@/components/statusTags';
import { cellText, pageActionsOf, rowActionsOf, staticUrl, textOf, visibleToolbar } from './listRules';
import type { ListKitApi, ListKitConfig, ListRow, RowAction } from './types';
import { useListKit, type ListUi } from './useListKit';
import { useContextMenu } from '@/components/contextMenu/useContextMenu';

import FilterSheet from './FilterSheet.mobile';

/** Where the floating + sits above the bottom of the screen (48 px bubble), and the room the list leaves under its last card for it. */
const ADD_BUBBLE_BOTTOM = 80;
const ADD_BUBBLE_CLEARANCE = ADD_BUBBLE_BOTTOM + 48;

const SuperQuerySheet = lazy(() => import('@/components/superQuery/SuperQuerySheet.mobile'));

const mobileUi: ListUi = {
  success: (m) => Toast.show({ icon: 'success', content: m }),
  warning: (m) => Toast.show({ content: m }),
  error: (m) => Toast.show({ icon: 'fail', content: m }),
  confirm: ({ title, content }) => Dialog.confirm({ title, content }),
};

const INFINITE = { infinite: true };

export default function ListKitMobile<T extends ListRow>({
  config,
  header,
  apiRef,
}: {
  config: ListKitConfig<T>;
  header?: ReactNode;
  apiRef?: RefObject<ListKitApi | null>;
}) {
  const kit = useListKit(config, mobileUi, INFINITE);
  useEffect(() => {
    if (apiRef) apiRef.current = kit.api.current;
  });
  const dicts = useSnapshot(session).dicts as Record<string, { value: string; text: string }[]>;
  const [filterOpen, setFilterOpen] = useState(false);
  const [superOpen, setSuperOpen] = useState(false);
  const superQueryProps = kit.superQueryBuilder(superOpen, () => setSuperOpen(false));
  const [actionRow, setActionRow] = useState<T | null>(null);
  // A long press on a card offers the row's actions in the same sheet as its 更多 button (spec §1 context menu).
  const press = useContextMenu<T>();
  const { target: pressed, close: closePress } = press;
  useEffect(() => {
    if (pressed === null) return;
    setActionRow(pressed);
    closePress();
  }, [pressed, closePress]);
  const [pageSheet, setPageSheet] = useState(false);
  const Editor = useMemo(() => (config.editor ? lazy(config.editor.mobile) : null), [config.editor]);
  const toolbar = visibleToolbar(config, kit.lists);
  const pageActions = pageActionsOf(config, kit.lists);
  const runPageAction = (b: (typeof pageActions)[number]) => b.onClick(kit.api.current);
  const pageLinks =
    pageActions.length <= 2
      ? pageActions.map((b) => ({ key: b.key, text: b.text, onClick: () => runPageAction(b) }))
      : [{ key: 'more', text: '更多', onClick: () => setPageSheet(true) }];
  const card = config.mobile ?? { title: config.columns[0]?.dataIndex, fields: config.columns.slice(1, 4).map((c) => c.dataIndex) };
  const colOf = (key: string) => config.columns.find((c) => c.dataIndex === key);
  const searchField = card.searchField ?? config.query?.find((f) => f.type === 'input')?.field;
  const searchValue = searchField ? String(kit.values[searchField] ?? '') : '';
  const activeFilters = Object.entries(kit.values).filter(([k, v]) => k !== searchField && v !== undefined && v !== '').length;

  const builtins: { edit?: RowAction<T>; remove?: RowAction<T> } = {
    edit:
      config.editAction !== false && (config.editor || config.onEdit)
        ? { key: 'edit', text: '编辑', permission: 'edit', onClick: (row) => kit.openEditor(row) }
        : undefined,
    remove:
      config.deleteAction !== false && config.url.delete
        ? { key: 'delete', text: '删除', permission: 'delete', danger: true, confirm: '确定删除吗?', onClick: (row) => kit.remove(row) }
        : undefined,
  };
  const run = async (a: RowAction<T>, row: T) => {
    if (a.confirm && !(await Dialog.confirm({ content: textOf(a.confirm, row) }))) return;
    await a.onClick(row, kit.api.current as never);
  };

  const statusOf = (row: T) => {
    const s = card.status;
    if (!s) return null;
    if (typeof s === 'function') return s(row);
    const c = colOf(s);
    if (c?.tag) return c.tag(row);
    return { text: cellText(c, row, dicts) };
  };

  const actionsFor = (row: T) => rowActionsOf(config, row, kit.lists, builtins);
  const sheetActions: ActionSheetProps['actions'] = actionRow
    ? actionsFor(actionRow).map((a) => ({
        key: a.key,
        text: textOf(a.text, actionRow),
        danger: a.danger,
        onClick: () => {
          const row = actionRow;
          setActionRow(null);
          void run(a, row);
        },
      }))
    : [];

  return (
    <div className="list-kit-mobile" style={{ background: '#f5f5f5', minHeight: '100%' }}>
      {header}
      <div style={{ display: 'flex', alignItems: 'center', gap: 8, padding: '8px 12px', background: '#fff', position: 'sticky', top: 0, zIndex: 2 }}>
        <div style={{ flex: 1 }}>
          {searchField && (
            <SearchBar
              placeholder={`搜索${config.query?.find((f) => f.field === searchField)?.label ?? ''}`}
              defaultValue={searchValue}
              onSearch={(v) => kit.search({ ...kit.values, [searchField]: v })}
              onClear={() => kit.search({ ...kit.values, [searchField]: undefined })}
            />
          )}
        </div>
        {(config.query?.length ?? 0) > 0 && (
          <Badge content={activeFilters || null}>
            <span role="button" aria-label="筛选" onClick={() => setFilterOpen(true)} style={TOOL_STYLE}>
              <FilterOutline fontSize={18} /> 筛选
            </span>
          </Badge>
        )}
        {toolbar.includes('superQuery') && superQueryProps && (
          <Badge content={kit.superQueryActive ? Badge.dot : null}>
            <span
              role="button"
              aria-label="高级查询"
              data-active={kit.superQueryActive}
              onClick={() => setSuperOpen(true)}
              style={{ ...TOOL_STYLE, color: kit.superQueryActive ? 'var(--adm-color-primary)' : TOOL_STYLE.color }}
            >
              <UnorderedListOutline fontSize={18} /> 高级查询
            </span>
          </Badge>
        )}
      </div>
      <div style={{ padding: '4px 12px', color: 'var(--boss-color-weak)', fontSize: 12, display: 'flex', alignItems: 'center', gap: 8 }}>
        <span>共{kit.total}条</span>
        {kit.superQueryActive && (
          <Tag color="primary" fill="outline" data-testid="super-query-active">
            已有高级查询
            <span role="button" aria-label="清除高级查询" style={{ marginLeft: 6 }} onClick={() => kit.applySuperQuery(null)}>
              ×
            </span>
          </Tag>
        )}
        {/* Page-level buttons marked `phone`: up to two as links, more behind 更多. */}
        <span style={{ marginLeft: 'auto', display: 'inline-flex', gap: 12, fontSize: 13 }}>
          {pageLinks.map((l) => (
            <a key={l.key} role="button" onClick={l.onClick}>
              {l.text}
            </a>
          ))}
        </span>
      </div>
      <PullToRefresh onRefresh={() => kit.reload(true)}>
        {/* With the floating + (80 px up, 48 px tall), the list ends above it, so the last card can be read and tapped. */}
        <div style={{ padding: '0 12px 12px', paddingBottom: toolbar.includes('add') ? ADD_BUBBLE_CLEARANCE : 12 }}>
          {kit.rows.map((row) => {
            const status = statusOf(row);
            const avatar = card.avatar ? staticUrl(row[card.avatar] as string | null, API_BASE, ADMIN_P.staticBase) : undefined;
            const acts = actionsFor(row);
            const body = (
              <div
                style={{ background: '#fff', borderRadius: 8, padding: 12, marginTop: 8 }}
                data-testid="list-card"
                {...(acts.length ? press.bind(row) : undefined)}
              >
                <div style={{ display: 'flex', alignItems: 'center', gap: 10 }}>
                  {card.avatar && <Avatar src={avatar ?? ''} style={{ '--size': '36px', '--border-radius': '50%' }} />}
                  <div style={{ flex: 1, minWidth: 0 }}>
                    <div style={{ fontSize: 15, fontWeight: 500, display: 'flex', alignItems: 'center', gap: 6 }}>
                      <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                        {cellText(colOf(card.title), row, dicts) || String(row[card.title] ?? '')}
                      </span>
                      {status && (
                        <Tag color={mobileTagColor(status.color)} fill="outline">
                          {status.text}
                        </Tag>
                      )}
                    </div>
                    {card.subtitle && (
                      <div style={{ color: 'var(--boss-color-weak)', fontSize: 12, marginTop: 2 }}>
                        {cellText(colOf(card.subtitle), row, dicts) || String(row[card.subtitle] ?? '')}
                      </div>
                    )}
                  </div>
                  {acts.length > 0 && (
                    <span role="button" aria-label="更多操作" onClick={() => setActionRow(row)} style={{ padding: 6, color: '#666' }}>
                      <MoreOutline fontSize={20} />
                    </span>
                  )}
                </div>
                <div
                  style={{
                    marginTop: 8,
                    display: 'grid',
                    gridTemplateColumns: 'auto 1fr',
                    columnGap: 12,
                    rowGap: 4,
                    fontSize: 13,
                    lineHeight: '20px',
                    alignItems: 'baseline',
                  }}
                >
                  {card.fields.slice(0, 4).map((f) => (
                    <FieldRow key={f} label={colOf(f)?.title ?? f} value={cellText(colOf(f), row, dicts) || '-'} />
                  ))}
                </div>
              </div>
            );
            const swipe = acts.slice(0, 2);
            return swipe.length ? (
              <SwipeAction
                key={String(row[kit.rowKey])}
                rightActions={swipe.map((a, i) => ({
                  key: a.key,
                  text: textOf(a.text, row),
                  color: a.danger ? 'danger' : i === 0 ? 'primary' : 'warning',
                  onClick: () => void run(a, row),
                }))}
                style={{ background: 'transparent' }}
              >
                {body}
              </SwipeAction>
            ) : (
              <div key={String(row[kit.rowKey])}>{body}</div>
            );
          })}
          <InfiniteScroll loadMore={kit.loadMore} hasMore={kit.hasMore}>
            {(hasMore, failed, retry) =>
              failed ? (
                <span>
                  加载失败，<a onClick={() => void retry()}>重新加载</a>
                </span>
              ) : kit.loading ? (
                '加载中…'
              ) : kit.rows.length === 0 ? (
                '暂无数据'
              ) : hasMore ? (
                '上拉加载更多'
              ) : (
                '没有更多了'
              )
            }
          </InfiniteScroll>
        </div>
      </PullToRefresh>
      {toolbar.includes('add') && (
        <FloatingBubble
          style={{ '--initial-position-bottom': `${ADD_BUBBLE_BOTTOM}px`, '--initial-position-right': '20px', '--edge-distance': '20px' }}
          onClick={() => kit.openEditor(null)}
        >
          <AddOutline fontSize={28} aria-label="新增" />
        </FloatingBubble>
      )}
      <ActionSheet visible={actionRow !== null} actions={sheetActions} cancelText="取消" onClose={() => setActionRow(null)} />
      <ActionSheet
        visible={pageSheet}
        actions={pageActions.map((b) => ({
          key: b.key,
          text: b.text,
          onClick: () => {
            setPageSheet(false);
            runPageAction(b);
          },
        }))}
        cancelText="取消"
        onClose={() => setPageSheet(false)}
      />
      <FilterSheet
        open={filterOpen}
        fields={config.query ?? []}
        values={kit.values}
        onClose={() => setFilterOpen(false)}
        onApply={kit.search}
        onReset={() => void kit.reset()}
      />
      <Suspense fallback={null}>
        {Editor && kit.editor.open && <Editor open={kit.editor.open} record={kit.editor.record} onClose={kit.closeEditor} onSaved={kit.editorSaved} />}
        {superOpen && superQueryProps && <SuperQuerySheet {...superQueryProps} />}
      </Suspense>
    </div>
  );
}

const TOOL_STYLE = { fontSize: 14, color: '#333', display: 'inline-flex', alignItems: 'center', gap: 2, whiteSpace: 'nowrap' } as const;

function FieldRow({ label, value }: { label: string; value: string }) {
  return (
    <>
      <span style={{ color: 'var(--boss-color-weak)' }}>{label}</span>
      <span style={{ color: '#333', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{value}</span>
    </>
  );
}
