// What a result page (/result/success, /result/fail) shows: the real outcome of what the user just
// did, handed over in the navigation state by the page that did it, e.g.
//   navigate(RESULT_PATHS.success, { state: { title: '提交成功', details: [{ label: '订单号', value: order.orderNo }] } })
// A result page reached without one (a typed URL, a reload after the state is gone) says so; it never
// shows example data. Lives in lib so any feature can navigate there without importing the result feature.

export interface ResultOutcome {
  title: string;
  description?: string;
  /** Facts of the outcome: order number, amount, time… */
  details?: { label: string; value: string }[];
  /** Why it failed, one line each. */
  reasons?: string[];
  /** Where to go next (the list the order is in), besides 返回首页; `state` goes along (a form to restore). */
  next?: ResultLink;
  /** Other ways on (继续付款), shown after `next`. */
  also?: ResultLink[];
}

export interface ResultLink {
  label: string;
  path: string;
  state?: unknown;
}

export const RESULT_PATHS = { success: '/result/success', fail: '/result/fail' } as const;

/** The outcome in a location's state, or null when the state is missing or not an outcome. */
export function resultOutcomeOf(state: unknown): ResultOutcome | null {
  if (!state || typeof state !== 'object') return null;
  const s = state as Partial<ResultOutcome>;
  if (typeof s.title !== 'string' || !s.title) return null;
  const details = Array.isArray(s.details) ? s.details.filter((d) => d && typeof d.label === 'string' && typeof d.value === 'string') : [];
  const reasons = Array.isArray(s.reasons) ? s.reasons.filter((r): r is string => typeof r === 'string') : [];
  const next = isLink(s.next) ? s.next : undefined;
  const also = Array.isArray(s.also) ? s.also.filter(isLink) : [];
  return { title: s.title, description: typeof s.description === 'string' ? s.description : undefined, details, reasons, next, also };
}

/** A link of this app (never another site). */
function isLink(l: unknown): l is ResultLink {
  const x = l as Partial<ResultLink> | null | undefined;
  return !!x && typeof x.label === 'string' && typeof x.path === 'string' && x.path.startsWith('/') && !x.path.startsWith('//');
}
