// The SMS button's life (spec §4, §8): disabled for a 60 s countdown from the moment it is pressed,
// reset early when sending fails. The countdown runs on a deadline, not on tick counting, so a phone
// that throttles timers in the background still shows the right number when it comes back.
import { useCallback, useEffect, useRef, useState } from 'react';
import { SMS_RESEND_SECONDS } from '@contract/constants';
import { MSG } from '@contract/messages';
import { ApiError, serverMessage } from '@/api/errors';

export interface SmsNotice {
  kind: 'success' | 'error';
  text: string;
}

export const SMS_BUTTON_IDLE = '获取验证码';
export const smsButtonCounting = (n: number) => `${n}s后重新获取`;

export function useSmsCountdown(total: number = SMS_RESEND_SECONDS) {
  const [remaining, setRemaining] = useState(0);
  const timer = useRef<ReturnType<typeof setInterval> | undefined>(undefined);

  const reset = useCallback(() => {
    clearInterval(timer.current);
    timer.current = undefined;
    setRemaining(0);
  }, []);

  const start = useCallback(() => {
    clearInterval(timer.current);
    const deadline = Date.now() + total * 1000;
    setRemaining(total);
    timer.current = setInterval(() => {
      const left = Math.ceil((deadline - Date.now()) / 1000);
      if (left <= 0) {
        clearInterval(timer.current);
        timer.current = undefined;
        setRemaining(0);
      } else setRemaining(left);
    }, 250);
  }, [total]);

  useEffect(() => () => clearInterval(timer.current), []);

  return { remaining, running: remaining > 0, start, reset, label: remaining > 0 ? smsButtonCounting(remaining) : SMS_BUTTON_IDLE };
}

/** What the user is told when sending failed: the server's words, else the generic exception text. */
export function smsFailureText(err: unknown): string {
  if (err instanceof ApiError) return serverMessage(err.body) ?? (err.status >= 400 && err.status < 500 ? err.message : MSG.smsException);
  return MSG.smsException;
}

export interface SmsSendOptions {
  /** Checks the mobile before anything is sent; returns the message to show, or null when fine. */
  validate?: () => string | null | Promise<string | null>;
  send: () => Promise<void>;
}

/** Countdown plus the send itself; `trigger` resolves to the notice the button shows. */
export function useSmsSender({ validate, send }: SmsSendOptions) {
  const countdown = useSmsCountdown();
  const [sending, setSending] = useState(false);
  const busy = useRef(false);

  const trigger = useCallback(async (): Promise<SmsNotice | null> => {
    if (busy.current || countdown.running) return null;
    busy.current = true;
    let invalid: string | null;
    try {
      invalid = (await validate?.()) ?? null;
    } catch {
      invalid = MSG.smsException;
    }
    if (invalid) {
      busy.current = false;
      return { kind: 'error', text: invalid };
    }
    setSending(true);
    countdown.start();
    try {
      await send();
      return { kind: 'success', text: MSG.smsSent };
    } catch (err) {
      countdown.reset();
      return { kind: 'error', text: smsFailureText(err) };
    } finally {
      busy.current = false;
      setSending(false);
    }
  }, [validate, send, countdown]);

  return { label: countdown.label, disabled: countdown.running || sending, sending, trigger };
}
