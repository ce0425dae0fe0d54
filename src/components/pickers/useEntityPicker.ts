// The business-entity picker's logic (spec §2, §9: 900 wide, table scroll 240, text shortened at
// 12 characters, paging 5/10/20/30 default 5), shared by both views: the query form, the paged
// rows, the selected-items panel kept across pages, and the value (the chosen ids joined by ',').
import { useEffect, useMemo, useRef, useState } from 'react';
import type { EntityRecord } from '@contract/api/config';
import { PAGE_SIZE_OPTIONS_BUSINESS } from '@contract/constants';
import { entitiesByIds, entityPage } from './pickerCalls';
import { DEFAULT_SEPARATOR, joinValues, shortenText, splitValues } from './pickerRules';
import type { PickerBaseProps } from './types';
import { usePagedPicker } from './usePagedPicker';

export type EntityRow = EntityRecord & { id: string };
export interface EntityPickerProps extends PickerBaseProps {
  multiple?: boolean;
}

export const ENTITY_PICKER_WIDTH = 900;
export const ENTITY_TABLE_SCROLL_Y = 240;
export const ENTITY_PICKER_TITLE = '选择业务主体';
export const entityText = (e: EntityRow) => shortenText(e.entityName);

export function useEntityPicker(p: EntityPickerProps, open: boolean) {
  const values = useMemo(() => splitValues(p.value, DEFAULT_SEPARATOR), [p.value]);
  const asked = useRef(new Set<string>());
  const [known, setKnown] = useState<EntityRow[]>([]);
  const [name, setName] = useState('');

  useEffect(() => {
    // Each value is asked once: one the server does not know stays as it is (no request loop).
    const missing = values.filter((v) => !asked.current.has(v)).filter((v) => !known.some((e) => e.id === v));
    if (!missing.length) return;
    missing.forEach((v) => asked.current.add(v));
    entitiesByIds(missing).then(
      (rows) => rows.length > 0 && setKnown((k) => [...k, ...rows]),
      () => undefined,
    );
  }, [values, known]);

  const paged = usePagedPicker<{ entityName: string }, EntityRow>({
    fetch: entityPage,
    blankQuery: { entityName: '' },
    pageSize: PAGE_SIZE_OPTIONS_BUSINESS[0],
    keyOf: (e) => e.id,
    multiple: !!p.multiple,
    active: open,
  });
  const { setChosen } = paged;
  useEffect(() => {
    if (open) setChosen(values.map((v) => known.find((e) => e.id === v)).filter((e): e is EntityRow => !!e));
  }, [open]); // eslint-disable-line react-hooks/exhaustive-deps

  const shown = values.map((v) => known.find((e) => e.id === v)).filter((e): e is EntityRow => !!e);
  return {
    ...paged,
    name,
    setName,
    /** The chosen entities of the field (for its tags). */
    shown,
    searchName: () => paged.search({ entityName: name }),
    resetAll: () => {
      setName('');
      paged.reset();
    },
    remove: (id: string) => p.onChange?.(joinValues(values.filter((v) => v !== id))),
    confirm: () => {
      setKnown((k) => [...k, ...paged.chosen.filter((c) => !k.some((e) => e.id === c.id))]);
      p.onChange?.(joinValues(paged.chosen.map((e) => e.id)));
    },
  };
}
