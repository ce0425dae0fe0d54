// A /sys call that changes something and answers the text to show: the server's message on
// success; an ApiError carrying the server's words on a refusal (nothing is shown here, the caller
// shows it in its own view's kit).
import type { AxiosRequestConfig } from 'axios';
import { sysOrThrow, sysPost } from './request';

export async function sysAction(url: string, body: unknown): Promise<string> {
  const res = await sysPost<unknown>(url, body, { silent: true } as AxiosRequestConfig);
  sysOrThrow(res, true);
  return res.message;
}
