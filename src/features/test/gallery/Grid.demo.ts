// Demo data of the grid gallery: columns of every type, linked province/city choices, a local async
// search, and the 12 mixed columns of the 100 000-row page that bench/grid.ts measures.
import type { GridColumn, GridOption, GridRow } from '@/components/grid/EditableGrid';

export const PROVINCES: GridOption[] = [
  { value: '44', label: '广东省' },
  { value: '33', label: '浙江省' },
];
export const CITIES: GridOption[] = [
  { value: '4401', label: '广州市', parent: '44' },
  { value: '4403', label: '深圳市', parent: '44' },
  { value: '3301', label: '杭州市', parent: '33' },
  { value: '3302', label: '宁波市', parent: '33' },
];
const BANKS = ['中国工商银行', '中国农业银行', '中国银行', '中国建设银行', '交通银行', '招商银行', '浦发银行', '兴业银行'];

/** A real asynchronous search (as a server would answer it, after a short delay). */
export const searchBanks = (keyword: string): Promise<GridOption[]> =>
  new Promise((resolve) => setTimeout(() => resolve(BANKS.filter((b) => b.includes(keyword)).map((b) => ({ value: b, label: b }))), 150));

export const ALL_TYPE_COLUMNS: GridColumn[] = [
  { key: 'id', title: '主键', type: 'hidden' },
  { key: 'name', title: '名称', type: 'input', width: 140, sorter: true, showDetails: true, validateRules: [{ required: true }, { pattern: 'only' }] },
  { key: 'amount', title: '金额', type: 'inputNumber', money: true, statistics: ['sum', 'average'], sorter: true, validateRules: [{ pattern: 'money' }] },
  { key: 'qty', title: '数量', type: 'inputNumber', statistics: 'sum', validateRules: [{ pattern: 'z' }] },
  { key: 'province', title: '省份', type: 'select', options: PROVINCES, linkageKey: 'city', width: 120 },
  { key: 'city', title: '城市', type: 'select', options: CITIES, width: 120, placeholder: '请先选省份' },
  { key: 'sex', title: '性别', type: 'radio', dictCode: 'sex', width: 130 },
  { key: 'priority', title: '优先级', type: 'select-dict-search', dict: 'priority', width: 120 },
  { key: 'tags', title: '标签', type: 'list_multi', options: ['急', '大额', '复核'].map((t) => ({ value: t, label: t })), width: 170 },
  { key: 'channel', title: '渠道', type: 'sel_search', options: ['银联', '网联', '直连'].map((t) => ({ value: t, label: t })), width: 120 },
  { key: 'bank', title: '开户行', type: 'sel_search_async', loadOptions: (k) => searchBanks(k), width: 160 },
  { key: 'enabled', title: '启用', type: 'checkbox', customValue: ['Y', 'N'], defaultChecked: true },
  { key: 'payDate', title: '付款日', type: 'date' },
  { key: 'sendAt', title: '发送时间', type: 'datetime' },
  { key: 'cutoff', title: '截止', type: 'time' },
  { key: 'mail', title: '邮箱', type: 'input', validateRules: [{ pattern: 'e' }] },
  { key: 'handler', title: '经办人', type: 'sel_user' },
  { key: 'dept', title: '部门', type: 'sel_depart' },
  { key: 'owner', title: '负责人', type: 'popup', popupCode: 'sys_user', orgFields: 'username,realname', destFields: 'owner,ownerName', width: 140 },
  { key: 'ownerName', title: '负责人姓名', type: 'input', disabled: true, width: 120 },
  { key: 'remark', title: '备注', type: 'input_pop' },
  { key: 'memo', title: '说明', type: 'textarea' },
  { key: 'attachment', title: '附件', type: 'file' },
  { key: 'photo', title: '照片', type: 'image' },
  { key: 'level', title: '级别', type: 'slot', render: ({ row }) => (Number(row.amount) >= 10000 ? '大额' : row.amount ? '普通' : '—'), width: 80 },
];

export const FILLED_ROWS: GridRow[] = [
  {
    id: '1001',
    orderNum: 1,
    name: '上海供应商',
    amount: '12000.50',
    qty: 3,
    province: '44',
    city: '4403',
    sex: '1',
    priority: 'M',
    tags: '急,复核',
    channel: '银联',
    bank: '招商银行',
    enabled: 'Y',
    payDate: '2026-11-20',
    sendAt: '2026-11-20 09:30:00',
    cutoff: '17:00:00',
    mail: 'pay@example.com',
    remark: '季度结算',
    memo: '',
    level: '',
  },
  {
    id: '1002',
    orderNum: 2,
    name: '杭州物流',
    amount: '880',
    qty: 1,
    province: '33',
    city: '3301',
    sex: '2',
    priority: 'L',
    tags: '',
    channel: '网联',
    bank: '',
    enabled: 'N',
    payDate: '',
    sendAt: '',
    cutoff: '',
    mail: '',
    remark: '',
    memo: '',
    level: '',
  },
];

/** The bench's 12 mixed columns (input, number, select, date, checkbox, …) of a big grid. */
export const BIG_COLUMNS: GridColumn[] = [
  { key: 'name', title: '名称', type: 'input', width: 140 },
  { key: 'amount', title: '金额', type: 'inputNumber', money: true, statistics: 'sum' },
  { key: 'qty', title: '数量', type: 'inputNumber' },
  { key: 'province', title: '省份', type: 'select', options: PROVINCES, linkageKey: 'city', width: 110 },
  { key: 'city', title: '城市', type: 'select', options: CITIES, width: 110 },
  { key: 'channel', title: '渠道', type: 'sel_search', options: ['银联', '网联', '直连'].map((t) => ({ value: t, label: t })), width: 110 },
  { key: 'enabled', title: '启用', type: 'checkbox', customValue: ['Y', 'N'] },
  { key: 'payDate', title: '付款日', type: 'date' },
  { key: 'cutoff', title: '截止', type: 'time' },
  { key: 'mail', title: '邮箱', type: 'input', validateRules: [{ pattern: 'e' }] },
  { key: 'remark', title: '备注', type: 'textarea' },
  { key: 'tags', title: '标签', type: 'list_multi', options: ['急', '大额', '复核'].map((t) => ({ value: t, label: t })), width: 150 },
];

export function bigRows(n: number): GridRow[] {
  const rows: GridRow[] = new Array(n);
  for (let i = 0; i < n; i++) {
    const p = i % 2 ? '33' : '44';
    rows[i] = {
      id: `r${i}`,
      orderNum: i + 1,
      name: `收款方${i + 1}`,
      amount: `${(i % 9973) + 1}.${String(i % 100).padStart(2, '0')}`,
      qty: i % 17,
      province: p,
      city: p === '44' ? '4401' : '3301',
      channel: ['银联', '网联', '直连'][i % 3],
      enabled: i % 5 ? 'Y' : 'N',
      payDate: `2026-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`,
      cutoff: '17:00:00',
      mail: `u${i}@example.com`,
      remark: '',
      tags: i % 4 ? '' : '急',
    };
  }
  return rows;
}
