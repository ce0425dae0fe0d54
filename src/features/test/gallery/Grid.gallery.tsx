// Gallery: the editable grid in its states (every column type filled, empty, loading, errors,
// disabled, read-only, conflicts, paged), at the device's rendering. /test/home/grid?rows=N shows
// only a grid of N generated rows (bench/grid.ts measures it at 100 000).
import { useEffect, useMemo, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { EditableGrid, type EditableGridHandle, type GridColumn, type GridConflicts, type GridRow } from '@/components/grid/EditableGrid';
import { ALL_TYPE_COLUMNS, BIG_COLUMNS, bigRows, FILLED_ROWS } from './Grid.demo';
import { GalleryState } from './GalleryState';

const button = { padding: '4px 12px', borderRadius: 4, border: '1px solid #d9d9d9', background: '#fff', cursor: 'pointer', minHeight: 32 } as const;

function FilledGrid() {
  const [rows, setRows] = useState<GridRow[]>(FILLED_ROWS);
  const ref = useRef<EditableGridHandle>(null);
  const [outcome, setOutcome] = useState('');
  return (
    <div data-testid="grid-filled">
      <EditableGrid columns={ALL_TYPE_COLUMNS} value={rows} onChange={setRows} gridRef={ref} />
      <div style={{ display: 'flex', gap: 8, alignItems: 'center', marginTop: 8, flexWrap: 'wrap' }}>
        <button
          type="button"
          style={button}
          onClick={() => {
            const r = ref.current?.getValues();
            setOutcome(
              r?.ok ? `校验通过，共 ${r.rows.length} 行，顺序 ${r.rows.map((x) => `${String(x.name)}#${String(x.orderNum)}`).join('、')}` : (r?.message ?? ''),
            );
          }}
        >
          校验并取值
        </button>
        <output data-testid="grid-outcome" style={{ fontSize: 13 }}>
          {outcome}
        </output>
      </div>
    </div>
  );
}

function ErrorGrid() {
  const [rows, setRows] = useState<GridRow[]>([{ id: '2001', orderNum: 1, name: '', amount: '12.345', qty: '1.5', mail: 'not-mail', province: '', city: '' }]);
  const ref = useRef<EditableGridHandle>(null);
  // Validate once the grid's view has loaded (its handle is set then), so every bad cell shows.
  useEffect(() => {
    const timer = setInterval(() => {
      if (!ref.current) return;
      ref.current.getValues({ reveal: false });
      clearInterval(timer);
    }, 50);
    return () => clearInterval(timer);
  }, []);
  return <EditableGrid columns={ALL_TYPE_COLUMNS.slice(0, 6).concat(ALL_TYPE_COLUMNS[15]!)} value={rows} onChange={setRows} gridRef={ref} />;
}

function ConflictGrid() {
  const [rows, setRows] = useState<GridRow[]>(FILLED_ROWS.map((r) => ({ ...r })));
  const [conflicts, setConflicts] = useState<GridConflicts>({
    '1001': { amount: { theirs: '13000.00', mine: '12000.50' }, province: { theirs: '33', mine: '44' } },
  });
  const [log, setLog] = useState<string[]>([]);
  return (
    <>
      <EditableGrid
        columns={ALL_TYPE_COLUMNS.slice(0, 6)}
        value={rows}
        onChange={setRows}
        conflicts={conflicts}
        onConflictResolve={(rowKey, field, choice) => {
          setLog((l) => [...l, `${rowKey}.${field}：${choice === 'mine' ? '使用我的' : '使用对方的'}`]);
          setConflicts((c) => {
            const row = { ...c[rowKey] };
            delete row[field];
            return { ...c, [rowKey]: row };
          });
        }}
      />
      <output data-testid="conflict-log" style={{ fontSize: 13 }}>
        {log.join('；')}
      </output>
    </>
  );
}

/** Accounts the simulated server already knows (the asynchronous rule refuses them). */
const TAKEN_ACCOUNTS = new Set(['6222000011112222', '6222000033334444']);
const ASYNC_COLUMNS: GridColumn[] = [
  { key: 'name', title: '收款人', type: 'input', width: 140, validateRules: [{ required: true }] },
  {
    key: 'account',
    title: '收款账号',
    type: 'input',
    width: 220,
    validateRules: [
      { pattern: '^\\d{16,19}$', message: '请输入16到19位数字' },
      // Asynchronous (spec §5 handler answering later): a duplicate check on the server, simulated.
      { handler: (v) => new Promise<string | null>((resolve) => setTimeout(() => resolve(TAKEN_ACCOUNTS.has(String(v)) ? '该账号已存在' : null), 800)) },
    ],
  },
];

function AsyncRuleGrid() {
  const [rows, setRows] = useState<GridRow[]>([
    { id: 'a1', orderNum: 1, name: '上海供应商', account: '6222000099998888' },
    { id: 'a2', orderNum: 2, name: '杭州物流', account: '6222000011112222' },
  ]);
  const ref = useRef<EditableGridHandle>(null);
  const [outcome, setOutcome] = useState('');
  return (
    <div data-testid="grid-async">
      <EditableGrid columns={ASYNC_COLUMNS} value={rows} onChange={setRows} gridRef={ref} />
      <div style={{ display: 'flex', gap: 8, alignItems: 'center', marginTop: 8, flexWrap: 'wrap' }}>
        <button
          type="button"
          style={button}
          onClick={() => {
            setOutcome('校验中…');
            void ref.current?.getValuesAsync().then((r) => setOutcome(r.ok ? `校验通过，共 ${r.rows.length} 行` : r.message));
          }}
        >
          异步校验并取值
        </button>
        <output data-testid="grid-async-outcome" style={{ fontSize: 13 }}>
          {outcome}
        </output>
      </div>
    </div>
  );
}

function Plain({ rows: initial, ...rest }: { rows: GridRow[] } & Partial<Parameters<typeof EditableGrid>[0]>) {
  const [rows, setRows] = useState(initial);
  return <EditableGrid columns={ALL_TYPE_COLUMNS.slice(0, 8)} value={rows} onChange={setRows} {...rest} />;
}

/**
 * ?rows=N: one grid, empty until the button hands it N generated rows, so the time from the rows
 * arriving to the first rows on screen can be measured (the grid's code is loaded by then).
 */
function BigGrid({ count }: { count: number }) {
  const data = useMemo(() => bigRows(count), [count]);
  const [rows, setRows] = useState<GridRow[]>([]);
  return (
    <GalleryState title={`${count} 行`} caption="十二列混合类型，行按需渲染（虚拟滚动）。">
      <button type="button" style={button} data-testid="grid-mount" onClick={() => setRows(data)}>
        显示 {count} 行
      </button>
      <EditableGrid columns={BIG_COLUMNS} value={rows} onChange={setRows} maxHeight={600} emptyText="点击上方按钮显示数据" />
    </GalleryState>
  );
}

export default function GridGallery() {
  const { search } = useLocation();
  const big = Number(new URLSearchParams(search).get('rows'));
  const paged = useMemo(
    () => Array.from({ length: 23 }, (_, i) => ({ id: `p${i}`, orderNum: i + 1, name: `第${i + 1}笔`, amount: String((i * 37) % 500), qty: i })),
    [],
  );
  if (big > 0) return <BigGrid count={Math.min(big, 200000)} />;
  return (
    <>
      <GalleryState
        title="已填写"
        caption="全部单元格类型：输入、数字、下拉（省市联动）、单选、字典搜索、多选、搜索、异步搜索、勾选、日期时间、用户、部门、弹窗带值、长文本、附件、图片、插槽；合计与平均随输入更新，行可拖动或上移下移。"
      >
        <FilledGrid />
      </GalleryState>
      <GalleryState title="空" caption="没有行时的提示，点击新增添加一行。">
        <Plain rows={[]} emptyText="暂无明细，请新增" />
      </GalleryState>
      <GalleryState title="加载中" caption="行数据尚在加载。">
        <Plain rows={[]} loading />
      </GalleryState>
      <GalleryState title="校验错误" caption="必填、金额最多两位小数、整数、邮箱格式不符时标红并提示。">
        <ErrorGrid />
      </GalleryState>
      <GalleryState title="冲突" caption="他人同时修改了同一单元格：橙色边框，点开可选用我的或对方的值。">
        <ConflictGrid />
      </GalleryState>
      <GalleryState title="排序与分页" caption="点击名称或金额表头排序，每页 5 行。">
        <div data-testid="grid-paged">
          <Plain rows={paged} pageSize={5} />
        </div>
      </GalleryState>
      <GalleryState title="异步校验" caption="收款账号由服务器查重（这里模拟 0.8 秒后答复）：校验期间单元格显示“正在校验”，答复有误时标红；取值会等校验完成。">
        <AsyncRuleGrid />
      </GalleryState>
      <GalleryState title="禁用" caption="单元格不可编辑。">
        <EditableGrid columns={ALL_TYPE_COLUMNS.slice(0, 6).map((c) => ({ ...c, disabled: true }))} value={FILLED_ROWS} onChange={() => undefined} />
      </GalleryState>
      <GalleryState title="只读" caption="没有工具栏和勾选列，仅展示。">
        <EditableGrid columns={ALL_TYPE_COLUMNS.slice(0, 6)} value={FILLED_ROWS} onChange={() => undefined} readOnly />
      </GalleryState>
    </>
  );
}
