// Loads the options of an option picker once per key: loading, the options, or the failure's message.
import { useEffect, useState } from 'react';
import type { PickerOption } from './pickerCalls';

export function useOptionLoader(load: () => Promise<PickerOption[]>, key: string) {
  const [state, setState] = useState<{ options: PickerOption[]; loading: boolean; error: string | null }>({ options: [], loading: true, error: null });
  useEffect(() => {
    let live = true;
    setState((s) => ({ ...s, loading: true, error: null }));
    load().then(
      (options) => live && setState({ options, loading: false, error: null }),
      (err: unknown) => live && setState({ options: [], loading: false, error: (err as Error).message || '加载失败' }),
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` names what `load` reads
  }, [key]);
  return state;
}

/** The labels of the chosen values (the value itself when no option has it). */
export const labelsOf = (options: PickerOption[], values: string[]): string[] => values.map((v) => options.find((o) => o.value === v)?.label ?? v);
