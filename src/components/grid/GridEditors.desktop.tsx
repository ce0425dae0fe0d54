// The desktop grid's picker and text editors (GridCell.desktop chooses among them): async search
// selects (sel_search_async, sel_depart, sel_user), the popup report picker, file and image cells,
// and the plain text, number and long-text inputs.
import { useEffect, useState, type CSSProperties } from 'react';
import { App, Button, Input, Popover, Select } from 'antd';
import { CloseOutlined, EditOutlined, LoadingOutlined, SearchOutlined, UploadOutlined } from '@ant-design/icons';
import { joinMulti, popupOf, splitMulti } from './gridColumns';
import { acceptNumberInput, numberOnBlur } from './gridNumbers';
import { fileUrl } from '@/components/upload/uploadApi';
import ReportPickerDesktop from '@/components/reportPicker/ReportPicker.desktop';
import { fileNameOf, isMultiColumn, useAsyncOptions, useCellUpload } from './useCellData';
import type { GridCellViewProps } from './useEditableGrid';

type CellProps = GridCellViewProps;
const text = (v: unknown) => (v === undefined || v === null ? '' : String(v));

export interface CommonProps {
  size: 'small';
  status: 'error' | undefined;
  disabled: boolean;
  style: CSSProperties;
  'aria-label': string;
  'aria-invalid': boolean;
  [prop: string]: unknown;
}

/** A cell opened for editing by a click (spec §4): its editor opens at once and closes the cell when done. */
export interface EditSession {
  done: () => void;
}

export function AsyncSelect({ col, row, value, rowIndex, grid, common, edit }: CellProps & { common: CommonProps; edit: EditSession | null }) {
  const data = useAsyncOptions(col, row, grid.loaders);
  const multi = isMultiColumn(col);
  const { search } = data;
  useEffect(() => {
    if (edit) search('', true); // opened by a click: the list shows at once
  }, []); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <Select
      {...common}
      showSearch={{ filterOption: false, onSearch: (k) => data.search(k) }}
      allowClear
      mode={multi ? 'multiple' : undefined}
      maxTagCount="responsive"
      loading={data.loading}
      placeholder={col.placeholder ?? (col.type === 'sel_user' ? '请选择用户' : col.type === 'sel_depart' ? '请选择部门' : '请输入搜索内容')}
      notFoundContent={data.error ? `加载失败：${data.error}` : data.loading ? '加载中...' : '没有查询到任何数据'}
      options={data.withChosen(value)}
      autoFocus={!!edit}
      defaultOpen={!!edit}
      onOpenChange={(open) => {
        if (open) data.search('', true);
        else if (!multi) edit?.done();
      }}
      value={multi ? splitMulti(value) : text(value) || undefined}
      onChange={(v: string | string[] | undefined) => grid.blurCell(rowIndex, col.key, Array.isArray(v) ? joinMulti(v) : (v ?? ''))}
    />
  );
}

/**
 * popup: the cell opens the shared popup report picker (the 1200-wide dialog over the report
 * `popupCode`, single mode); the chosen record fills the row's destFields. A column set up wrong
 * says so (§5) instead of opening.
 */
export function PopupCell({ col, value, rowIndex, grid, common }: CellProps & { common: CommonProps }) {
  const { message } = App.useApp();
  const popup = popupOf(col);
  const cell = (show: () => void) => (
    <Input {...common} readOnly value={text(value)} placeholder={col.placeholder ?? '请选择'} onClick={show} suffix={<SearchOutlined onClick={show} />} />
  );
  if (popup.configError) return cell(() => void message.error(popup.configError));
  return (
    <ReportPickerDesktop
      label={common['aria-label']}
      code={col.popupCode!}
      field={popup.field}
      value={text(value)}
      disabled={common.disabled}
      onPick={(rows) => rows[0] && grid.setValues(rowIndex, popup.fieldsOf(rows[0]))}
      trigger={(open) => cell(open)}
    />
  );
}

export function FileCell({ col, value, rowIndex, grid, error }: CellProps) {
  const { busy, percent, error: upErr, upload, open } = useCellUpload(col, grid.loaders, (v) => grid.blurCell(rowIndex, col.key, v));
  const v = text(value);
  const label = `第${rowIndex + 1}行${col.title}`;
  const name = fileNameOf(v);
  return (
    <div style={{ display: 'flex', alignItems: 'center', gap: 4, width: '100%', minWidth: 0 }}>
      {v && col.type === 'image' && (
        <a href={fileUrl(v)} target="_blank" rel="noopener noreferrer" aria-label={`查看${label}`} title={name}>
          <img src={fileUrl(v)} alt={name} style={{ width: 28, height: 28, objectFit: 'cover', borderRadius: 4, display: 'block' }} />
        </a>
      )}
      {v && col.type !== 'image' && (
        <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', flex: 1 }} title={name}>
          {col.allowDownload !== false ? (
            <a href={fileUrl(v)} aria-label={`下载${label}`} onClick={(e) => (e.preventDefault(), void open(v))}>
              {name}
            </a>
          ) : (
            name
          )}
        </span>
      )}
      {!v && (
        <label style={{ cursor: col.disabled ? 'not-allowed' : 'pointer', whiteSpace: 'nowrap' }}>
          <input
            type="file"
            aria-label={label}
            aria-invalid={!!error || !!upErr}
            accept={col.type === 'image' ? 'image/*' : undefined}
            disabled={col.disabled || busy}
            style={{ display: 'none' }}
            onChange={(e) => {
              const f = e.target.files?.[0];
              e.target.value = '';
              if (f) void upload(f);
            }}
          />
          <span style={{ color: 'var(--boss-color-primary, #0267B5)' }}>
            {busy ? <LoadingOutlined /> : <UploadOutlined />} {busy ? `上传中 ${percent}%` : '上传'}
          </span>
        </label>
      )}
      {v && col.allowRemove !== false && !col.disabled && (
        <Button size="small" type="text" icon={<CloseOutlined />} aria-label={`删除${label}`} onClick={() => grid.blurCell(rowIndex, col.key, '')} />
      )}
      {upErr && (
        <span role="alert" style={{ color: 'var(--boss-color-danger)', fontSize: 12, whiteSpace: 'nowrap' }} title={upErr}>
          {upErr}
        </span>
      )}
    </div>
  );
}

/** Text and number cells are plain inputs styled like antd's (grid.css): thousands of antd inputs cost too much to scroll. */
export function TextInput({ col, value, error, rowIndex, grid, common }: CellProps & { common: CommonProps }) {
  const [draft, setDraft] = useState<string | null>(null);
  const base = {
    className: 'boss-grid-input',
    'aria-label': common['aria-label'],
    'aria-invalid': !!error,
    disabled: common.disabled,
    placeholder: col.placeholder,
  };
  if (col.type !== 'inputNumber') {
    return (
      <input {...base} value={text(value)} onChange={(e) => grid.setCell(rowIndex, col.key, e.target.value)} onBlur={() => grid.blurCell(rowIndex, col.key)} />
    );
  }
  const shown = draft ?? text(value);
  return (
    <input
      {...base}
      inputMode="decimal"
      value={shown}
      style={{ textAlign: 'right' }}
      onChange={(e) => setDraft(acceptNumberInput(shown, e.target.value, col.money))}
      onBlur={() => {
        grid.blurCell(rowIndex, col.key, draft !== null ? numberOnBlur(draft, col.money) : undefined);
        setDraft(null);
      }}
    />
  );
}

/** input_pop: a plain input with a button that opens a larger text box for long text. */
export function PopInput({ col, value, error, rowIndex, grid, common }: CellProps & { common: CommonProps }) {
  const [open, setOpen] = useState(false);
  const label = common['aria-label'];
  const area = (
    <Input.TextArea
      autoFocus
      rows={5}
      style={{ width: 320 }}
      aria-label={`${label}（展开）`}
      value={text(value)}
      onChange={(e) => grid.setCell(rowIndex, col.key, e.target.value)}
      onBlur={() => grid.blurCell(rowIndex, col.key)}
    />
  );
  return (
    <div style={{ display: 'flex', alignItems: 'center', gap: 2, width: '100%' }}>
      <input
        className="boss-grid-input"
        aria-label={label}
        aria-invalid={!!error}
        disabled={common.disabled}
        placeholder={col.placeholder}
        value={text(value)}
        onChange={(e) => grid.setCell(rowIndex, col.key, e.target.value)}
        onBlur={() => grid.blurCell(rowIndex, col.key)}
      />
      {open ? (
        <Popover open title={col.title} content={area} onOpenChange={(o) => !o && setOpen(false)} trigger="click">
          <EditOutlined />
        </Popover>
      ) : (
        <button type="button" className="boss-grid-icon" aria-label={`展开编辑${label}`} disabled={common.disabled} onClick={() => setOpen(true)}>
          <EditOutlined />
        </button>
      )}
    </div>
  );
}
