// 邀请管理员, shared by both views of 客户详情: once the customer is approved, an operator holding
// cus:customer:invite names its administrator and their mobile (the contact by default); the
// server makes them a customer-side user of this customer and texts them (again: the
// SMS once more, to the number it stands for). The form checks what the server checks (contract
// adminInviteBody).
import { useState } from 'react';
import { adminInviteBody, CUS_PERMS, type CusAdminView, type CusMasterView } from '@contract/api/cus';
import { useCan } from '@/hooks/useCan';
import { inviteAdmin } from './api';

export interface InviteValues {
  realname: string;
  mobile: string;
}

/** The first problem of the form's values as the server words it, or null. */
export function inviteProblem(cusCode: string, v: Partial<InviteValues>): { field: keyof InviteValues; message: string } | null {
  const r = adminInviteBody.safeParse({ cusCode, realname: v.realname ?? '', mobile: v.mobile ?? '' });
  if (r.success) return null;
  const issue = r.error.issues.find((i) => i.path[0] === 'realname' || i.path[0] === 'mobile') ?? r.error.issues[0];
  return { field: issue.path[0] === 'mobile' ? 'mobile' : 'realname', message: issue.message };
}

/** One field's problem as the server words it (a first invitation needs the mobile), or null. */
export function inviteFieldProblem(field: keyof InviteValues, value: string | undefined): string | null {
  const r = (field === 'mobile' ? adminInviteBody.shape.mobile.unwrap() : adminInviteBody.shape.realname).safeParse(value ?? '');
  return r.success ? null : (r.error.issues[0]?.message ?? null);
}

export function useInviteAdmin(master: CusMasterView | undefined, admin: CusAdminView | null | undefined, reload: () => void | Promise<void>) {
  const can = useCan();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const allowed = !!master && master.reviewStatus === 'approved' && can(CUS_PERMS.invite);
  const defaults: InviteValues = { realname: admin?.realname ?? master?.contactName ?? '', mobile: master?.mobile ?? '' };

  /** Sends the invitation (again: no form, the standing one's number); answers the server's success text, throws with its refusal. */
  async function send(v?: InviteValues): Promise<string> {
    if (!master) throw new Error('客户不存在');
    if (!admin && !v) throw new Error('请输入管理员姓名');
    if (v) {
      const problem = inviteProblem(master.cusCode, v);
      if (problem) throw new Error(problem.message);
    }
    setBusy(true);
    try {
      const r = await inviteAdmin(
        admin ? { cusCode: master.cusCode, realname: admin.realname } : { cusCode: master.cusCode, realname: v!.realname.trim(), mobile: v!.mobile.trim() },
      );
      setOpen(false);
      await reload();
      return r.message;
    } finally {
      setBusy(false);
    }
  }

  return {
    allowed,
    /** 邀请管理员, or 重发邀请 once an invitation stands. */
    buttonText: admin ? '重发邀请' : '邀请管理员',
    open,
    setOpen,
    busy,
    defaults,
    send,
    statusText: admin ? `${admin.signedIn ? '已登录' : '待登录'} · 已发送${admin.sentCount}次` : '',
  };
}
