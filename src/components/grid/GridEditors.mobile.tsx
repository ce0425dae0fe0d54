// The phone grid's picker and number editors (GridCell.mobile chooses among them): a bottom sheet
// of choices with a search box (multi, searched and async choices), the popup report sheet, file
// and image cells, and the number input. Same data hooks and rules as the desktop editors.
import { useState, type CSSProperties } from 'react';
import { Button, CheckList, Input, Popup, SearchBar, TextArea, Toast, type InputRef, type TextAreaRef } from 'antd-mobile';
import { useNativeInvalid } from './nativeInvalid';
import { joinMulti, optionText, popupOf, splitMulti } from './gridColumns';
import { acceptNumberInput, numberOnBlur } from './gridNumbers';
import type { GridOption } from './gridTypes';
import { fileUrl } from '@/components/upload/uploadApi';
import ReportPickerMobile from '@/components/reportPicker/ReportPicker.mobile';
import { fileNameOf, isMultiColumn, useAsyncOptions, useCellUpload } from './useCellData';
import type { GridCellViewProps } from './useEditableGrid';

type FieldProps = GridCellViewProps;

export const text = (v: unknown) => (v === undefined || v === null ? '' : String(v));
/** A phone field's own control (native select, date input, the choice button): borderless inside the field's box. */
export const native: CSSProperties = { width: '100%', border: 'none', background: 'transparent', fontSize: 15, height: 32, outline: 'none', minWidth: 0 };

/** Bottom sheet of choices: a search box (typed keyword searches `onSearch`, else filters), one or several picks. */
export function ChoiceSheet(p: {
  label: string;
  title: string;
  value: unknown;
  multi: boolean;
  options: GridOption[];
  disabled: boolean;
  placeholder: string;
  onSearch?: (keyword: string, now?: boolean) => void;
  status?: string | null;
  onChange: (value: string) => void;
}) {
  const [open, setOpen] = useState(false);
  const [keyword, setKeyword] = useState('');
  const chosen = splitMulti(p.value);
  const shown = p.onSearch ? p.options : p.options.filter((o) => !keyword || o.label.includes(keyword));
  return (
    <>
      <button
        type="button"
        aria-label={p.label}
        disabled={p.disabled}
        onClick={() => {
          setOpen(true);
          p.onSearch?.('', true);
        }}
        style={{
          ...native,
          textAlign: 'left',
          color: chosen.length ? '#333' : '#bbb',
          overflow: 'hidden',
          textOverflow: 'ellipsis',
          whiteSpace: 'nowrap',
          padding: 0,
        }}
      >
        {chosen.length ? optionText(p.value, p.options) : p.placeholder}
      </button>
      <Popup
        visible={open}
        onMaskClick={() => setOpen(false)}
        bodyStyle={{ borderRadius: '12px 12px 0 0', maxHeight: '70vh', display: 'flex', flexDirection: 'column' }}
      >
        <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', padding: '10px 12px' }}>
          <b>{p.title}</b>
          <Button size="small" color="primary" onClick={() => setOpen(false)}>
            完成
          </Button>
        </div>
        <div style={{ padding: '0 12px 8px' }}>
          <SearchBar
            placeholder="请输入搜索内容"
            value={keyword}
            onChange={(k) => {
              setKeyword(k);
              p.onSearch?.(k);
            }}
          />
        </div>
        {p.status && <div style={{ padding: '4px 12px', color: '#999' }}>{p.status}</div>}
        <div style={{ overflowY: 'auto' }}>
          <CheckList
            multiple={p.multi}
            value={chosen}
            onChange={(v) => {
              p.onChange(joinMulti(v.map(String)));
              if (!p.multi) setOpen(false);
            }}
          >
            {shown.map((o) => (
              <CheckList.Item key={o.value} value={o.value}>
                {o.label}
              </CheckList.Item>
            ))}
          </CheckList>
          {!shown.length && !p.status && <div style={{ padding: 16, textAlign: 'center', color: '#999' }}>没有查询到任何数据</div>}
        </div>
      </Popup>
    </>
  );
}

export function AsyncChoice({ col, row, value, rowIndex, grid, label }: FieldProps & { label: string }) {
  const data = useAsyncOptions(col, row, grid.loaders);
  return (
    <ChoiceSheet
      label={label}
      title={col.title}
      value={value}
      multi={isMultiColumn(col)}
      options={data.withChosen(value)}
      disabled={!!col.disabled || grid.readOnly}
      placeholder={col.placeholder ?? (col.type === 'sel_user' ? '请选择用户' : col.type === 'sel_depart' ? '请选择部门' : '请选择')}
      onSearch={data.search}
      status={data.error ? `加载失败：${data.error}` : data.loading ? '加载中...' : null}
      onChange={(v) => grid.blurCell(rowIndex, col.key, v)}
    />
  );
}

/** popup: the field opens the shared report picker's sheet (single mode); the chosen record fills the row's destFields. */
export function PopupChoice({ col, value, rowIndex, grid, label }: FieldProps & { label: string }) {
  const popup = popupOf(col);
  const disabled = !!col.disabled || grid.readOnly;
  const field = (show: () => void) => (
    <button
      type="button"
      aria-label={label}
      disabled={disabled}
      style={{ ...native, textAlign: 'left', padding: 0, color: text(value) ? '#333' : '#bbb' }}
      onClick={show}
    >
      {text(value) || col.placeholder || '请选择'}
    </button>
  );
  if (popup.configError) return field(() => void Toast.show({ icon: 'fail', content: popup.configError }));
  return (
    <ReportPickerMobile
      label={label}
      code={col.popupCode!}
      field={popup.field}
      value={text(value)}
      disabled={disabled}
      onPick={(rows) => rows[0] && grid.setValues(rowIndex, popup.fieldsOf(rows[0]))}
      trigger={(open) => field(open)}
    />
  );
}

export function FileChoice({ col, value, rowIndex, grid, label }: FieldProps & { label: string }) {
  const { busy, percent, error, upload, open } = useCellUpload(col, grid.loaders, (v) => grid.blurCell(rowIndex, col.key, v));
  const v = text(value);
  const name = fileNameOf(v);
  return (
    <>
      {v && col.type === 'image' && (
        <a href={fileUrl(v)} target="_blank" rel="noopener noreferrer" aria-label={`查看${label}`}>
          <img src={fileUrl(v)} alt={name} style={{ width: 26, height: 26, objectFit: 'cover', borderRadius: 4, display: 'block' }} />
        </a>
      )}
      <span style={{ flex: 1, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', color: v ? '#333' : '#bbb' }}>
        {error ? (
          <span role="alert" style={{ color: 'var(--adm-color-danger)' }}>
            {error}
          </span>
        ) : busy ? (
          `上传中 ${percent}%`
        ) : v && col.type !== 'image' && col.allowDownload !== false ? (
          <a href={fileUrl(v)} aria-label={`下载${label}`} onClick={(e) => (e.preventDefault(), void open(v))}>
            {name}
          </a>
        ) : v ? (
          name
        ) : (
          '未上传'
        )}
      </span>
      {v && col.allowRemove !== false ? (
        <Button size="mini" fill="none" disabled={!!col.disabled} onClick={() => grid.blurCell(rowIndex, col.key, '')} aria-label={`删除${label}`}>
          删除
        </Button>
      ) : (
        <label style={{ color: 'var(--adm-color-primary)', fontSize: 14 }}>
          上传
          <input
            type="file"
            aria-label={label}
            accept={col.type === 'image' ? 'image/*' : undefined}
            disabled={!!col.disabled || busy}
            style={{ display: 'none' }}
            onChange={(e) => {
              const f = e.target.files?.[0];
              e.target.value = '';
              if (f) void upload(f);
            }}
          />
        </label>
      )}
    </>
  );
}

export function NumberInput({ col, value, error, rowIndex, grid, label }: FieldProps & { label: string }) {
  const [draft, setDraft] = useState<string | null>(null);
  const shown = draft ?? text(value);
  const ref = useNativeInvalid<InputRef>(!!error);
  return (
    <Input
      ref={ref}
      aria-label={label}
      inputMode="decimal"
      placeholder={col.placeholder ?? `请输入${col.title}`}
      value={shown}
      disabled={!!col.disabled || grid.readOnly}
      onChange={(v) => setDraft(acceptNumberInput(shown, v, col.money))}
      onBlur={() => {
        grid.blurCell(rowIndex, col.key, draft !== null ? numberOnBlur(draft, col.money) : undefined);
        setDraft(null);
      }}
    />
  );
}

/** A text cell; an error marks the field itself (aria-invalid), as on the desktop grid. */
export function TextInput({ col, value, error, rowIndex, grid, label, disabled }: FieldProps & { label: string; disabled: boolean }) {
  const ref = useNativeInvalid<InputRef>(!!error);
  return (
    <Input
      ref={ref}
      aria-label={label}
      placeholder={col.placeholder ?? `请输入${col.title}`}
      value={text(value)}
      disabled={disabled}
      onChange={(v) => grid.setCell(rowIndex, col.key, v)}
      onBlur={() => grid.blurCell(rowIndex, col.key)}
    />
  );
}

/** A multi-line text cell, marked like TextInput. */
export function AreaInput({ col, value, error, rowIndex, grid, label, disabled }: FieldProps & { label: string; disabled: boolean }) {
  const ref = useNativeInvalid<TextAreaRef>(!!error);
  return (
    <TextArea
      ref={ref}
      aria-label={label}
      rows={1}
      placeholder={col.placeholder ?? `请输入${col.title}`}
      value={text(value)}
      disabled={disabled}
      onChange={(v) => grid.setCell(rowIndex, col.key, v)}
      onBlur={() => grid.blurCell(rowIndex, col.key)}
    />
  );
}
