// Text cut at `length` characters (spec §9 default 25) with the whole text on hover and for
// screen readers; plain markup, so it fits both the desktop and the phone views.
import { ellipsis, ELLIPSIS_LENGTH } from '@/lib/display';

export function Ellipsis({ text, length = ELLIPSIS_LENGTH }: { text: string | null | undefined; length?: number }) {
  const full = text ?? '';
  const short = ellipsis(full, length);
  return short === full ? (
    <span>{full}</span>
  ) : (
    <span title={full} aria-label={full}>
      {short}
    </span>
  );
}
