// Greeting by hour (§9): before 9, until 11, until 13, before 20, later.
export function greetingFor(hour: number): string {
  if (hour < 9) return '早上好';
  if (hour <= 11) return '上午好';
  if (hour <= 13) return '中午好';
  if (hour < 20) return '下午好';
  return '晚上好';
}
