// The switch widget's mapping (spec §4, §9): options [on, off] default ['Y', 'N']; a missing value
// is the second option; true maps to the first.
export type SwitchOptions = readonly [on: string, off: string];
export const DEFAULT_SWITCH_OPTIONS: SwitchOptions = ['Y', 'N'];

/** The value the form holds for whatever came in (a missing value is the off option). */
export function switchValue(value: unknown, options: SwitchOptions = DEFAULT_SWITCH_OPTIONS): string {
  if (value === true || value === options[0]) return options[0];
  return options[1];
}

export function switchChecked(value: unknown, options: SwitchOptions = DEFAULT_SWITCH_OPTIONS): boolean {
  return switchValue(value, options) === options[0];
}
