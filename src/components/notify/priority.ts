// Priority colours and labels (L blue, M orange, H red) for both views.
import { PRIORITY_COLORS } from '@contract/constants';
import { PRIORITY_TEXT, type Priority } from '@contract/api/message';

/** antd-mobile has no named colours: the same three as hex. */
export const PRIORITY_HEX: Record<Priority, string> = { L: '#1677ff', M: '#fa8c16', H: '#f5222d' };
export const priorityColor = (p: Priority) => PRIORITY_COLORS[p] ?? 'blue';
export const priorityText = (p: Priority) => PRIORITY_TEXT[p] ?? PRIORITY_TEXT.L;

/** 'YYYY-MM-DD HH:mm' in local time. */
export function formatTime(iso: string | null): string {
  if (!iso) return '';
  // The server sends 'YYYY-MM-DD HH:mm:ss' (its local time): show it as is.
  if (/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}/.test(iso)) return iso.slice(0, 16);
  const d = new Date(iso);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
}
