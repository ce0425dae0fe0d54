// Priority colours and labels (L blue, M orange, H red) for both views.
import { PRIORITY_COLORS } from '@contract/constants';
import { PRIORITY_TEXT, type Priority } from '@contract/api/messageWire';
import { formatDateTime } from '@contract/time';

/** antd-mobile has no named colours: the same three as hex. */
/** Tag colours of the priorities on phones, dark enough for text on white (WCAG AA 4.5:1). */
export const PRIORITY_HEX: Record<Priority, string> = { L: '#0958d9', M: '#ad4e00', H: '#cf1322' };
export const priorityColor = (p: Priority) => PRIORITY_COLORS[p] ?? 'blue';
export const priorityText = (p: Priority) => PRIORITY_TEXT[p] ?? PRIORITY_TEXT.L;

/** 'YYYY-MM-DD HH:mm' in the display zone (contract/time.ts); wall-clock text passes through. */
export function formatTime(iso: string | null): string {
  return formatDateTime(iso, { seconds: false });
}
