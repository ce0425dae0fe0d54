// Greeting by hour (§9): before 9, until 11, until 13, before 20, later.
export function greetingFor(hour: number): string {
  if (hour < 9) return '早上好';
  if (hour <= 11) return '上午好';
  if (hour <= 13) return '中午好';
  if (hour < 20) return '下午好';
  return '晚上好';
}

/** The hours at which the greeting or the date next changes (midnight: 24). */
const GREETING_TURNS = [9, 12, 14, 20, 24];

/** When the greeting of `now` (or its date) next changes: a greeting drawn now holds until then. */
export function greetingUntil(now: Date): Date {
  const turn = GREETING_TURNS.find((h) => h > now.getHours()) ?? 24;
  const until = new Date(now);
  until.setHours(turn, 0, 0, 0);
  return until;
}
