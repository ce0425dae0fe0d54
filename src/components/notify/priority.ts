// Priority colours and labels (L blue, M orange, H red) for both views.
import { PRIORITY_COLORS } from '@contract/constants';
import { PRIORITY_TEXT, type Priority } from '@contract/api/message';
import { formatDateTime } from '@contract/time';

/** antd-mobile has no named colours: the same three as hex. */
export const PRIORITY_HEX: Record<Priority, string> = { L: '#1677ff', M: '#fa8c16', H: '#f5222d' };
export const priorityColor = (p: Priority) => PRIORITY_COLORS[p] ?? 'blue';
export const priorityText = (p: Priority) => PRIORITY_TEXT[p] ?? PRIORITY_TEXT.L;

/** 'YYYY-MM-DD HH:mm' in the display zone (contract/time.ts); wall-clock text passes through. */
export function formatTime(iso: string | null): string {
  return formatDateTime(iso, { seconds: false });
}
