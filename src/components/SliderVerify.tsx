// Slider verification of spec §4: not verified, then verified when the handle is dragged to the end
// (text 验证通过); releasing early slides it back. Pointer events, so mouse, touch and pen all work;
// no UI kit, so the phone and the desktop login both use it. The server's image captcha is the real
// check; this only slows down scripted retries and asks for a deliberate gesture.
import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';

export const SLIDER_IDLE_TEXT = '请按住滑块，拖动到最右边';
export const SLIDER_DONE_TEXT = '验证通过';

const HANDLE = 44;
const GREEN = '#52c41a';

export interface SliderVerifyProps {
  verified: boolean;
  onChange: (verified: boolean) => void;
  height?: number;
}

export function SliderVerify({ verified, onChange, height = 44 }: SliderVerifyProps) {
  const track = useRef<HTMLDivElement>(null);
  const drag = useRef<{ originX: number; max: number } | null>(null);
  const [x, setX] = useState(0);
  const [dragging, setDragging] = useState(false);

  // The parent resets the slider (for instance after another failed sign-in).
  useEffect(() => {
    if (!verified) setX(0);
  }, [verified]);

  const maxX = () => Math.max(0, (track.current?.clientWidth ?? 0) - HANDLE);

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (verified) return;
    e.preventDefault();
    e.currentTarget.setPointerCapture?.(e.pointerId);
    drag.current = { originX: e.clientX - x, max: maxX() };
    setDragging(true);
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d) return;
    setX(Math.min(d.max, Math.max(0, e.clientX - d.originX)));
  };
  const finish = (e: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d) return;
    drag.current = null;
    setDragging(false);
    const reached = Math.min(d.max, Math.max(0, e.clientX - d.originX)) >= d.max - 2;
    if (reached && d.max > 0) {
      setX(d.max);
      onChange(true);
    } else setX(0);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (verified) return;
    if (e.key === 'End' || e.key === 'ArrowRight') {
      e.preventDefault();
      setX(maxX());
      onChange(true);
    }
  };

  const left = verified ? `calc(100% - ${HANDLE}px)` : `${x}px`;
  const fill = verified ? '100%' : `${x + HANDLE / 2}px`;
  const ease = dragging ? 'none' : 'left .25s ease, width .25s ease';

  return (
    <div
      ref={track}
      data-testid="slider-verify"
      data-verified={verified ? 'true' : 'false'}
      style={{
        position: 'relative',
        height,
        borderRadius: 4,
        background: '#eef0f3',
        border: '1px solid #dcdfe6',
        userSelect: 'none',
        overflow: 'hidden',
        touchAction: 'none',
      }}
    >
      <div style={{ position: 'absolute', inset: 0, width: fill, background: verified ? GREEN : '#b7eb8f', transition: ease }} />
      <div
        aria-live="polite"
        style={{
          position: 'absolute',
          inset: 0,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          fontSize: 14,
          color: verified ? '#fff' : '#666',
          pointerEvents: 'none',
          paddingLeft: verified ? 0 : HANDLE,
        }}
      >
        {verified ? SLIDER_DONE_TEXT : SLIDER_IDLE_TEXT}
      </div>
      <div
        role="slider"
        tabIndex={verified ? -1 : 0}
        aria-label="滑块验证"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={verified ? 100 : 0}
        aria-valuetext={verified ? SLIDER_DONE_TEXT : SLIDER_IDLE_TEXT}
        data-testid="slider-handle"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={finish}
        onPointerCancel={finish}
        onKeyDown={onKeyDown}
        style={{
          position: 'absolute',
          top: 0,
          left,
          width: HANDLE,
          height: '100%',
          boxSizing: 'border-box',
          background: '#fff',
          border: `1px solid ${verified ? GREEN : '#dcdfe6'}`,
          borderRadius: 4,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          cursor: verified ? 'default' : 'grab',
          color: verified ? GREEN : '#999',
          fontSize: 18,
          transition: ease,
          touchAction: 'none',
          boxShadow: '0 1px 3px rgba(0,0,0,.12)',
        }}
      >
        {verified ? '✓' : '»'}
      </div>
    </div>
  );
}
