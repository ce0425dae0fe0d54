// The phone's picker field: a tappable box with the chosen text (or the placeholder), a clear
// button, and the states every picker has (disabled, read-only, loading, error).
import type { CSSProperties } from 'react';
import { DotLoading } from 'antd-mobile';
import { CloseCircleFill, RightOutline } from 'antd-mobile-icons';

interface Props {
  label: string;
  text: string;
  placeholder: string;
  disabled?: boolean;
  readOnly?: boolean;
  loading?: boolean;
  error?: string | null;
  onOpen: () => void;
  onClear?: () => void;
  style?: CSSProperties;
}

export default function PickerField({ label, text, placeholder, disabled, readOnly, loading, error, onOpen, onClear, style }: Props) {
  const inert = disabled || readOnly;
  return (
    <div style={style}>
      <div
        role="button"
        aria-label={label}
        aria-disabled={inert}
        onClick={() => !inert && onOpen()}
        style={{
          display: 'flex',
          alignItems: 'center',
          gap: 8,
          minHeight: 40,
          border: `1px solid ${error ? 'var(--adm-color-danger)' : '#e5e5e5'}`,
          borderRadius: 6,
          padding: '8px 10px',
          background: disabled ? '#f5f5f5' : '#fff',
          fontSize: 15,
        }}
      >
        <span style={{ flex: 1, color: text ? '#333' : 'var(--boss-color-weak)', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
          {text || placeholder}
        </span>
        {loading && <DotLoading />}
        {!inert && text && onClear && (
          <CloseCircleFill
            aria-label={`清除${label}`}
            color="#bbb"
            onClick={(e) => {
              e.stopPropagation();
              onClear();
            }}
          />
        )}
        {!inert && <RightOutline color="#bbb" />}
      </div>
      {error && (
        <div role="alert" style={{ color: 'var(--adm-color-danger)', fontSize: 13, marginTop: 4 }}>
          {error}
        </div>
      )}
    </div>
  );
}
