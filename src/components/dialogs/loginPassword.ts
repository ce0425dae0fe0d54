// Change login password (spec §2, §5): old, new (the password rule), confirm (must match).
import { MSG } from '@contract/messages';
import { loginPasswordForm } from '@contract/validation';
import { updateLoginPassword } from '@/api/session';

export interface LoginPasswordValues {
  pswOld: string;
  pswNew: string;
  confirm: string;
}
export const loginPasswordSchema = loginPasswordForm;
export const LOGIN_PASSWORD_LABELS = { pswOld: '原密码', pswNew: '新密码', confirm: '确认新密码' } as const;

/** Answers the success text. */
export async function submitLoginPassword(values: LoginPasswordValues): Promise<string> {
  const v = loginPasswordForm.parse(values);
  await updateLoginPassword(v.pswOld, v.pswNew);
  return MSG.modified;
}
