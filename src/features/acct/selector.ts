// antd-mobile's Selector holds an array; the forms hold one value.
export const one = (v: unknown) => ({ value: v ? [v] : [] });
export const first = (v: string[]) => v[0];
