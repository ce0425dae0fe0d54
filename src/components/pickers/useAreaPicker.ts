// The logic of the area picker, shared by both views: the data loads on first need (opening, or a
// stored value to show); the value is the chosen code, the text its path.
import { useEffect, useMemo, useState } from 'react';
import { loadAreaMap } from './areaData';
import { areaOptions, areaPath, areaText, type AreaMap } from './pickerRules';

export function useAreaPicker(value: string | undefined) {
  const [wanted, setWanted] = useState(false);
  const [map, setMap] = useState<AreaMap | null>(null);
  const [error, setError] = useState<string | null>(null);
  const need = wanted || !!value;
  useEffect(() => {
    if (!need || map) return;
    let live = true;
    loadAreaMap().then(
      (m) => live && setMap(m),
      () => live && setError('地区数据加载失败，请重试'),
    );
    return () => {
      live = false;
    };
  }, [need, map]);
  const options = useMemo(() => (map ? areaOptions(map) : []), [map]);
  return {
    /** Ask for the data (the picker is opening). */
    want: () => setWanted(true),
    loading: need && !map && !error,
    error,
    options,
    path: map ? areaPath(map, value) : [],
    text: map ? areaText(map, value) : '',
  };
}
