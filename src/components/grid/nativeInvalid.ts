// antd-mobile's Input and TextArea put aria-* props on their wrapper, not on the native field a
// screen reader (and focusCell) reaches: this ref marks the field itself as invalid or valid.
import { useCallback, useEffect, useRef } from 'react';

interface NativeRef {
  nativeElement: HTMLInputElement | HTMLTextAreaElement | null;
}

export function useNativeInvalid<R extends NativeRef>(invalid: boolean) {
  const ref = useRef<R>(null);
  const mark = useCallback(() => ref.current?.nativeElement?.setAttribute('aria-invalid', String(invalid)), [invalid]);
  useEffect(mark);
  return ref;
}
