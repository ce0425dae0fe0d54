// The two answer shapes of spec §7 and the one error type. /cap/... calls answer the business
// envelope {status, body}; everything else the /sys envelope {success, message, code, result}.
import type { FastifyReply } from 'fastify';
import type { CapResponse, CapStatus, SysResult } from '../../contract/types';
import { API_BASE } from '../../contract/constants';

/** A refusal the client caused or is allowed to see: its status and text go out unchanged. */
export class AppError extends Error {
  constructor(
    public readonly statusCode: number,
    message: string,
    /** Sys `code` / cap `replyCode` when it differs from the HTTP status. */
    public readonly code: number = statusCode,
    /** Sys `result` / merged into cap `body`. */
    public readonly result: Record<string, unknown> | null = null,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export function sysOk<T>(result: T, message = '操作成功'): SysResult<T> {
  return { success: true, message, code: 200, result, timestamp: Date.now() };
}

/**
 * A result kept as the JSON text it is sent as (a list page built as text, or kept so by the list
 * cache): sysOkJson sends it in the envelope without building or serializing it again.
 */
export class JsonText {
  constructor(readonly bytes: Buffer) {}
  static of(value: unknown): JsonText {
    return new JsonText(Buffer.from(JSON.stringify(value)));
  }
}

/** sysOk(result) for a result kept as JSON text, as the bytes of the answer (sent as application/json). */
export function sysOkJson(reply: FastifyReply, result: JsonText, message = '操作成功'): Buffer {
  void reply.type('application/json; charset=utf-8');
  const head = `{"success":true,"message":${JSON.stringify(message)},"code":200,"result":`;
  const tail = `,"timestamp":${Date.now()}}`;
  const headBytes = Buffer.byteLength(head);
  const out = Buffer.allocUnsafe(headBytes + result.bytes.length + tail.length);
  out.write(head, 0);
  result.bytes.copy(out, headBytes);
  out.write(tail, headBytes + result.bytes.length);
  return out;
}

export function sysFail(code: number, message: string, result: unknown = null): SysResult<unknown> {
  return { success: false, message, code, result, timestamp: Date.now() };
}

export function capOk<B extends Record<string, unknown>>(body: B = {} as B, replyText = '操作成功'): CapResponse<B> {
  const status: CapStatus = { success: true, replyCode: '000000', replyText, errorMsg: '' };
  return { status, body };
}

export function capFail(code: number, message: string, body: Record<string, unknown> | null = null): CapResponse {
  return { status: { success: false, replyCode: String(code), replyText: message, errorMsg: message }, body: { ...(body ?? {}) } };
}

/** True for the business-envelope family: {API_BASE}/cap/... */
export function isCapPath(url: string): boolean {
  return url.startsWith(`${API_BASE}/cap/`);
}

export function failureFor(url: string, code: number, message: string, result: Record<string, unknown> | null = null) {
  return isCapPath(url) ? capFail(code, message, result) : sysFail(code, message, result);
}
