// The desktop list: query form, toolbar (新增, 导出, 导入, 批量删除, 高级查询, extra buttons), the
// selection bar, a sortable table with row actions (inline, then 更多…) and the pagination of §9.
import { lazy, Suspense, useEffect, useMemo, useRef, useState, type ReactNode, type RefObject } from 'react';
import { Alert, App, Avatar, Badge, Button, Card, Dropdown, Popconfirm, Space, Table, Tag, type TableColumnsType } from 'antd';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import ExportOutlined from '@ant-design/icons/ExportOutlined';
import ImportOutlined from '@ant-design/icons/ImportOutlined';
import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import FilterOutlined from '@ant-design/icons/FilterOutlined';
import DownOutlined from '@ant-design/icons/DownOutlined';
import UserOutlined from '@ant-design/icons/UserOutlined';
import { useSnapshot } from 'valtio';
import { API_BASE, PAGE_SIZE_OPTIONS_LIST } from '@contract/constants';
import { ADMIN_P } from '@contract/api/admin';
import { MSG } from '@contract/messages';
import { session } from '@/stores/session';
import { allowed, cellText, rowActionsOf, sortOf, staticUrl, textOf, totalText, visibleToolbar } from './listRules';
import type { ListColumn, ListKitApi, ListKitConfig, ListRow, RowAction } from './types';
import { useListKit, type ListUi } from './useListKit';
import QueryForm from './QueryForm.desktop';
import ContextMenu from '@/components/contextMenu/ContextMenu.desktop';
import { useContextMenu } from '@/components/contextMenu/useContextMenu';

const SuperQueryDialog = lazy(() => import('@/components/superQuery/SuperQueryDialog.desktop'));
const ImportExcelDialog = lazy(() => import('@/components/importExcel/ImportExcelDialog.desktop'));

function useAntUi(): ListUi {
  const { message, modal } = App.useApp();
  return useMemo(
    () => ({
      success: (m) => void message.success(m),
      warning: (m) => void message.warning(m),
      error: (m) => void message.error(m),
      confirm: ({ title, content }) =>
        new Promise<boolean>((resolve) => modal.confirm({ title, content, onOk: () => resolve(true), onCancel: () => resolve(false) })),
    }),
    [message, modal],
  );
}

export function CellView<T extends ListRow>({ col, row }: { col: ListColumn<T>; row: T }): ReactNode {
  const dicts = useSnapshot(session).dicts;
  const value = row[col.dataIndex];
  if (col.render) return col.render(value, row);
  if (col.type === 'image') {
    const src = staticUrl(value as string | null, API_BASE, ADMIN_P.staticBase);
    return <Avatar size="small" src={src} icon={src ? undefined : <UserOutlined />} />;
  }
  if (col.type === 'tag' && col.tag) {
    const t = col.tag(row);
    return t ? <Tag color={t.color}>{t.text}</Tag> : null;
  }
  return cellText(col, row, dicts) || '-';
}

/**
 * The table's scroll container (wider columns than the card scroll sideways) reachable by keyboard,
 * so the columns out of view can be scrolled to without a mouse (WCAG 2.1.1; axe
 * scrollable-region-focusable). antd gives no prop for that element.
 */
function useFocusableScroll(box: RefObject<HTMLDivElement | null>, label: string): void {
  useEffect(() => {
    box.current?.querySelectorAll<HTMLElement>('.ant-table-content, .ant-table-body').forEach((region) => {
      region.tabIndex = 0;
      region.setAttribute('role', 'region');
      region.setAttribute('aria-label', label);
    });
  });
}

export default function ListKitDesktop<T extends ListRow>({
  config,
  header,
  apiRef,
}: {
  config: ListKitConfig<T>;
  header?: ReactNode;
  apiRef?: RefObject<ListKitApi | null>;
}) {
  const ui = useAntUi();
  const kit = useListKit(config, ui);
  const tableBox = useRef<HTMLDivElement>(null);
  useFocusableScroll(tableBox, `${config.title}列表`);
  useEffect(() => {
    if (apiRef) apiRef.current = kit.api.current;
  });
  const [superOpen, setSuperOpen] = useState(false);
  const [importOpen, setImportOpen] = useState(false);
  const superQueryProps = kit.superQueryBuilder(superOpen, () => setSuperOpen(false));
  const toolbar = visibleToolbar(config, kit.lists);
  const Editor = useMemo(() => (config.editor ? lazy(config.editor.desktop) : null), [config.editor]);

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
  // No 操作 column when the user may run none of the row actions (e.g. a read-only role).
  const hasActions = [builtins.edit, ...(config.rowActions ?? []), builtins.remove].some(
    (a) => !!a && allowed(config.permissionPrefix, a.permission, kit.lists),
  );
  const inline = config.inlineActions ?? 2;
  // The row's actions again on a right click, for those who work with the mouse on the rows.
  const rowMenu = useContextMenu<T>();
  const runFromMenu = async (key: string, row: T) => {
    const a = rowActionsOf(config, row, kit.lists, builtins).find((x) => x.key === key);
    if (!a) return;
    if (a.confirm && !(await ui.confirm({ title: textOf(a.confirm, row), content: '' }))) return;
    await a.onClick(row, kit.api.current as never);
  };

  const actionLink = (a: RowAction<T>, row: T) => {
    const text = textOf(a.text, row);
    const run = () => void a.onClick(row, kit.api.current as never);
    if (a.confirm) {
      return (
        <Popconfirm key={a.key} title={textOf(a.confirm, row)} onConfirm={run}>
          <a style={a.danger ? { color: 'var(--boss-color-danger)' } : undefined}>{text}</a>
        </Popconfirm>
      );
    }
    return (
      <a key={a.key} onClick={run}>
        {text}
      </a>
    );
  };

  const columns: TableColumnsType<T> = config.columns.map((c) => ({
    key: c.dataIndex,
    dataIndex: c.dataIndex,
    title: c.title,
    width: c.width,
    align: c.align ?? 'center',
    ellipsis: c.ellipsis,
    sorter: c.sorter,
    sortOrder: c.sorter && kit.sort.column === c.dataIndex ? (kit.sort.order === 'asc' ? 'ascend' : 'descend') : null,
    render: (_: unknown, row: T) => <CellView col={c} row={row} />,
  }));
  if (hasActions) {
    columns.push({
      key: '__actions',
      title: '操作',
      align: 'center',
      fixed: 'right',
      width: 170,
      render: (_: unknown, row: T) => {
        const acts = rowActionsOf(config, row, kit.lists, builtins);
        const first = acts.slice(0, inline);
        const rest = acts.slice(inline);
        return (
          <Space size={4} split={<span style={{ color: '#e8e8e8' }}>|</span>}>
            {first.map((a) => actionLink(a, row))}
            {rest.length > 0 && (
              <Dropdown
                menu={{
                  items: rest.map((a) => ({ key: a.key, danger: a.danger, label: actionLink(a, row) })),
                }}
              >
                <a>
                  更多 <DownOutlined />
                </a>
              </Dropdown>
            )}
          </Space>
        );
      },
    });
  }

  const selectable = config.selectable ?? !!(config.url.deleteBatch || config.url.exportXls);
  return (
    <Card variant="borderless" className="list-kit">
      {header}
      <QueryForm fields={config.query ?? []} values={kit.values} onSearch={kit.search} onReset={() => void kit.reset()} />
      <Space wrap style={{ margin: '16px 0 12px' }} className="list-kit-toolbar">
        {toolbar.includes('add') && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => kit.openEditor(null)}>
            新增
          </Button>
        )}
        {toolbar.includes('export') && (
          <Button icon={<ExportOutlined />} onClick={() => void kit.exportXls()}>
            导出
          </Button>
        )}
        {toolbar.includes('import') && (
          <Button icon={<ImportOutlined />} onClick={() => setImportOpen(true)}>
            导入
          </Button>
        )}
        {toolbar.includes('batch_delete') && (
          <Button icon={<DeleteOutlined />} onClick={() => void kit.removeSelected()}>
            批量删除
          </Button>
        )}
        {toolbar.includes('superQuery') && (
          <Badge dot={kit.superQueryActive}>
            <Button
              icon={<FilterOutlined />}
              type={kit.superQueryActive ? 'primary' : 'default'}
              ghost={kit.superQueryActive}
              onClick={() => setSuperOpen(true)}
            >
              {kit.superQueryActive ? '已有高级查询' : '高级查询'}
            </Button>
          </Badge>
        )}
        {(config.extraButtons ?? [])
          .filter((b) => allowed(config.permissionPrefix, b.permission, kit.lists))
          .map((b) => (
            <Button
              key={b.key}
              autoInsertSpace={false}
              onClick={() => (b.needsSelection && !kit.selectedRowKeys.length ? ui.warning(MSG.selectOne) : b.onClick(kit.api.current))}
            >
              {b.text}
            </Button>
          ))}
      </Space>
      {selectable && (
        <Alert
          style={{ marginBottom: 12 }}
          type="info"
          showIcon
          message={
            <span>
              已选择 <a style={{ fontWeight: 600 }}>{kit.selectedRowKeys.length}</a> 项
              {kit.selectedRowKeys.length > 0 && (
                <a style={{ marginLeft: 24 }} onClick={kit.clearSelection}>
                  清空
                </a>
              )}
            </span>
          }
        />
      )}
      <div ref={tableBox}>
        <Table<T>
          rowKey={kit.rowKey}
          size="middle"
          bordered
          loading={kit.loading}
          dataSource={kit.rows}
          columns={columns}
          onRow={hasActions ? (row) => rowMenu.bind(row) : undefined}
          scroll={{ x: config.scrollX ?? 'max-content' }}
          rowSelection={
            selectable
              ? { selectedRowKeys: kit.selectedRowKeys, preserveSelectedRowKeys: true, onChange: (keys, rows) => kit.setSelection(keys as string[], rows) }
              : undefined
          }
          pagination={{
            current: kit.pageNo,
            pageSize: kit.pageSize,
            total: kit.total,
            pageSizeOptions: PAGE_SIZE_OPTIONS_LIST.map(String),
            showQuickJumper: true,
            showSizeChanger: true,
            showTotal: (total) => totalText(total),
          }}
          onChange={(pagination, _filters, sorter, extra) => {
            if (extra.action === 'sort') {
              const s = Array.isArray(sorter) ? sorter[0] : sorter;
              kit.setSort(sortOf(s?.field, s?.order, config.defaultSort));
            } else if (extra.action === 'paginate') kit.changePage(pagination.current ?? 1, pagination.pageSize ?? kit.pageSize);
          }}
        />
      </div>
      <Suspense fallback={null}>
        {superOpen && superQueryProps && <SuperQueryDialog {...superQueryProps} />}
        {importOpen && config.url.importExcel && (
          <ImportExcelDialog
            open={importOpen}
            url={config.url.importExcel}
            title={`${config.title}导入`}
            onClose={() => setImportOpen(false)}
            onImported={() => void kit.reload(true)}
          />
        )}
        {Editor && kit.editor.open && <Editor open={kit.editor.open} record={kit.editor.record} onClose={kit.closeEditor} onSaved={kit.editorSaved} />}
      </Suspense>
      {rowMenu.target && (
        <ContextMenu
          state={rowMenu}
          items={rowActionsOf(config, rowMenu.target, kit.lists, builtins).map((a) => ({
            key: a.key,
            label: textOf(a.text, rowMenu.target!),
            danger: a.danger,
          }))}
          onSelect={(key, row) => void runFromMenu(key, row)}
        />
      )}
    </Card>
  );
}
