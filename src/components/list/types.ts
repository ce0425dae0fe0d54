// The list kit's configuration API. A list page is configuration: it describes its calls, columns,
// query fields, super-query fields, row actions and (optionally) its add/edit form, and renders
// <ListKit config={...} />. The kit owns paging (10/20/50/100, default 10, '共N条'), sorting
// (default createTime desc), filters, selection, delete / batch delete, export, import, the super
// query builder and the button permissions of spec §6. ListKit picks the desktop (antd table) or
// phone (antd-mobile card list) view with useIsMobile; both views read the same state (useListKit).
//
// How a page uses it (src/features/<area>/XList.tsx):
//
//   import ListKit from '@/components/list/ListKit';
//   import type { ListKitConfig } from '@/components/list/types';
//
//   const config: ListKitConfig<SysRole> = {
//     pageKey: 'auth/RoleList',            // the page key; also keys saved super queries
//     title: '角色管理',                    // export file name, phone nav title
//     url: { list: '/sys/role/list', delete: '/sys/role/delete', deleteBatch: '/sys/role/deleteBatch',
//            exportXls: '/sys/role/exportXls', importExcel: '/sys/role/importExcel' },
//     permissionPrefix: 'system:role:',    // toolbar codes add/export/import/batch_delete hide when excluded
//     columns: [
//       { dataIndex: 'roleName', title: '角色名称', sorter: true },
//       { dataIndex: 'status', title: '状态', dict: 'valid_status' },                 // dict text
//       { dataIndex: 'createTime', title: '创建时间', sorter: true, type: 'datetime' },
//     ],
//     query: [{ field: 'roleName', label: '角色名称', type: 'input' /* rule 'like' → *x* */ }],
//     superQuery: [{ field: 'roleName', label: '角色名称', type: 'string' }],
//     rowActions: [{ key: 'perm', text: '授权', permission: 'perm', onClick: (row, kit) => open(row) }],
//     editor: {                             // optional: the kit opens it for 新增 / 编辑 and reloads on save
//       desktop: () => import('./RoleForm.desktop'),  // antd Modal/Drawer, default export ComponentType<ListEditorProps<SysRole>>
//       mobile: () => import('./RoleForm.mobile'),    // antd-mobile full-screen Popup
//     },
//     mobile: { title: 'roleName', subtitle: 'roleCode', fields: ['description', 'createTime'] },
//   };
//   export default function RoleList() { return <ListKit config={config} />; }
//
// Everything here must stay free of antd and antd-mobile imports: a phone never downloads antd.
// Row actions and extra buttons get a ListKitApi (reload, selection, current params) so a page can
// open its own dialogs (choose their phone/desktop view with useIsMobile) and reload after them.
import type { ComponentType, ReactNode } from 'react';
import type { FieldType } from '@contract/listQuery';
import type { PageResult } from '@contract/listQuery';
import type { SysResult } from '@contract/types';

/** Row of a list: everything the server answers, keyed by `rowKey` (default 'id'). */
export type ListRow = { id: string } & Record<string, unknown>;

/** The calls of a list page (spec §7 generic list pages). Missing ones disable their feature;
 *  calling a missing one gives the §8 message ('请设置url.list属性!' …). */
export interface ListUrls {
  list?: string;
  delete?: string;
  deleteBatch?: string;
  exportXls?: string;
  importExcel?: string;
}

/** A table column / card field. `render` must not use antd (it also renders on the phone). */
export interface ListColumn<T extends ListRow = ListRow> {
  dataIndex: keyof T & string;
  title: string;
  width?: number;
  /** Column sorting: sends column=<dataIndex>&order=asc|desc. */
  sorter?: boolean;
  /** Dictionary code: the cell shows the item text (session dictionaries). */
  dict?: string;
  /** Fixed options instead of a dictionary. */
  options?: ListOption[];
  /** Built-in renderings. 'tag' uses `tag` (or the dict item colour); 'image' shows a thumbnail. */
  type?: 'text' | 'date' | 'datetime' | 'image' | 'tag';
  /** For type 'tag': text and colour from the row (e.g. 正常 green / 冻结 red). */
  tag?: (row: T) => { text: string; color?: string } | null;
  render?: (value: unknown, row: T) => ReactNode;
  align?: 'left' | 'center' | 'right';
  ellipsis?: boolean;
}

export interface ListOption {
  value: string;
  label: string;
}

/** A field of the query form (desktop) / filter sheet (phone). */
export interface QueryField {
  /** Wire parameter name (a column of the resource's allow-list). dateRange sends field_begin / field_end. */
  field: string;
  label: string;
  type: 'input' | 'select' | 'dict' | 'dateRange' | 'number';
  /** For input/number: how the value is wrapped (contract wrapFilter): like → *x*, ne → !x, ge → >=x, le → <=x, eq as is. Input default 'like', number default 'eq'. */
  rule?: 'like' | 'ne' | 'ge' | 'le' | 'eq';
  dictCode?: string;
  options?: ListOption[];
  placeholder?: string;
  /** Value set on first load and on reset. */
  defaultValue?: string;
}

/** A field the super query builder offers (spec §3 condition row). */
export interface SuperQueryField {
  field: string;
  label: string;
  /** Value widget: text, number, date/datetime picker, dictionary select. */
  type: FieldType;
  dictCode?: string;
  options?: ListOption[];
}

/** Built-in toolbar buttons, by their permission code suffix. */
export type ToolbarButton = 'add' | 'export' | 'import' | 'batch_delete' | 'superQuery';

export interface ExtraButton {
  key: string;
  text: string;
  /** Permission code suffix under `permissionPrefix` (hidden when excluded), or a full code containing ':'. */
  permission?: string;
  /** Needs a selection: the kit shows '请选择一条记录！' when none. */
  needsSelection?: boolean;
  /** Also offer it on the phone, as a link above the cards (more than two go behind 更多). Ignored with needsSelection: a phone selects no rows. */
  phone?: boolean;
  onClick: (kit: ListKitApi) => void;
}

export interface RowAction<T extends ListRow = ListRow> {
  key: string;
  text: string | ((row: T) => string);
  /** Permission code suffix under `permissionPrefix` (or a full code with ':'); hidden when hasPermission fails. */
  permission?: string;
  /** Shown for this row only when true. */
  visible?: (row: T) => boolean;
  danger?: boolean;
  /** Ask before running: Popconfirm (desktop) / Dialog.confirm (phone). */
  confirm?: string | ((row: T) => string);
  onClick: (row: T, kit: ListKitApi) => void | Promise<void>;
}

/** Props the kit gives a page's add/edit form (desktop Modal/Drawer or phone full-screen Popup). */
export interface ListEditorProps<T extends ListRow = ListRow> {
  open: boolean;
  /** null → 新增. */
  record: T | null;
  onClose: () => void;
  /** Call after a successful save: the kit closes the form and reloads. */
  onSaved: () => void;
}
export type EditorLoader<T extends ListRow> = () => Promise<{ default: ComponentType<ListEditorProps<T>> }>;

/** The phone card: a title field, a subtitle, 2-4 key fields and a status tag. */
export interface MobileCardConfig<T extends ListRow = ListRow> {
  title: keyof T & string;
  subtitle?: keyof T & string;
  /** dataIndex of 2-4 columns shown as label: value rows (rendered as the column renders). */
  fields: (keyof T & string)[];
  /** dataIndex of the column whose tag is the card's status; or a function. */
  status?: (keyof T & string) | ((row: T) => { text: string; color?: string } | null);
  avatar?: keyof T & string;
  /** The search bar's field (an input query field); default the first input query field. */
  searchField?: string;
}

export interface ListKitConfig<T extends ListRow = ListRow> {
  /** Page key ('system/UserList'): saved super queries live under pro__superQuery:<pageKey>. */
  pageKey: string;
  title: string;
  url: ListUrls;
  rowKey?: keyof T & string;
  /** e.g. 'system:user:': toolbar and row-action permission codes are suffixes of it. */
  permissionPrefix?: string;
  columns: ListColumn<T>[];
  query?: QueryField[];
  /** Fields of the super query builder; absent or empty → no 高级查询 button. */
  superQuery?: SuperQueryField[];
  /** Built-in toolbar buttons to offer (default: all whose url/config exists). */
  toolbar?: ToolbarButton[];
  extraButtons?: ExtraButton[];
  /** Built-in 编辑 (code 'edit') and 删除 (code 'delete') row actions; default true when editor / url.delete exist. */
  editAction?: boolean;
  deleteAction?: boolean;
  rowActions?: RowAction<T>[];
  /** Row actions shown inline on desktop before the rest move under 更多 (default 2, counting 编辑/删除). */
  inlineActions?: number;
  defaultSort?: { column: string; order: 'asc' | 'desc' };
  /** Fixed parameters sent with every list and export call. */
  params?: Record<string, string>;
  selectable?: boolean;
  editor?: { desktop: EditorLoader<T>; mobile: EditorLoader<T> };
  /** Opens 新增 once when the list first shows, if the user may add (a deep link such as 客户详情's 申请银行账户). */
  addOnOpen?: boolean;
  /** Called instead of the editor when set (e.g. navigate to a detail page). */
  onAdd?: (kit: ListKitApi) => void;
  onEdit?: (row: T, kit: ListKitApi) => void;
  mobile?: MobileCardConfig<T>;
  /** Desktop table scroll width when columns are many. */
  scrollX?: number;
  /** Loads a page some other way than GET url.list (e.g. a business /cap call); gets the list params (pageNo, pageSize, filters, column, order). */
  fetchList?: (params: Record<string, string>) => Promise<SysResult<PageResult<T>>>;
  /**
   * Live list: the kind of thing its rows are ('payOrder'). The shown pages reload (keeping page,
   * filters and selection) when the notification socket says one of them changed (useLiveRefresh).
   */
  live?: string;
}

/** The live handle of a mounted list: given to row actions and extra buttons, and via `apiRef`. */
export interface ListKitApi<T extends ListRow = ListRow> {
  reload: (resetPage?: boolean) => Promise<void>;
  /** Clears query, sort, super query and selection, then loads page 1. */
  reset: () => Promise<void>;
  selectedRowKeys: string[];
  selectedRows: T[];
  clearSelection: () => void;
  /** The parameters the list call would send now (filters, sort, super query; no paging). */
  currentParams: () => Record<string, string>;
  /** Opens the configured editor (record null → 新增). */
  openEditor: (record: T | null) => void;
  /** True when the user may use the code (suffix under the prefix, or a full code). */
  can: (code: string) => boolean;
  /** Messages and confirmation in the current view's kit (antd message/Modal or antd-mobile Toast/Dialog). */
  message: { success: (m: string) => void; warning: (m: string) => void; error: (m: string) => void };
  confirm: (o: { title: string; content: string }) => Promise<boolean>;
}

/** A super query condition row (spec §3): sent as JSON in superQueryParams. */
export interface SuperQueryRow {
  field: string;
  rule: 'eq' | 'like' | 'ne' | 'gt' | 'ge' | 'lt' | 'le' | 'in';
  val: string | string[];
  type: FieldType;
  dictCode?: string;
}
export interface SuperQueryState {
  rows: SuperQueryRow[];
  matchType: 'and' | 'or';
}
/** A saved super query (spec §3): name, matchType, records. */
export interface SavedSuperQuery {
  title: string;
  matchType: 'and' | 'or';
  records: SuperQueryRow[];
}
