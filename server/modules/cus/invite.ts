// The customer's administrator, invited by SMS (issue 17 §1): once its review passed, an operator
// names the administrator and their mobile; the server makes them a customer-side user bound to the
// customer's cusCode (the customer's group, org_type 'cus', made on the first invitation) with the
// tenant's customer role, and texts them through the SMS adapter. They sign in with that mobile and
// a login code (no password travels by SMS) and reach only their own customer: every cus, ledger and
// pay call narrows a cus group's user to its cusCode. Inviting again with the same mobile sends the
// SMS once more (60 s apart); another mobile is refused while the invitation stands.
import { CUS_KIND_TEXT, CUS_MSG, inviteSmsText, maskMobile, type CusAdminView } from '../../../contract/api/cus';
import { SMS_RESEND_SECONDS, SYSTEM_NAME } from '../../../contract/constants';
import { MSG } from '../../../contract/messages';
import { V } from '../../../contract/validation';
import type { AppDeps } from '../../context';
import { AppError } from '../../http/envelope';
import { hashPassword } from '../../lib/password';
import { newId, newToken } from '../../lib/tokens';
import type { SqlConn } from '../ledger/store';
import { addHistory, customerOf, iso, type CusCtx } from './store';

export const INVITE_SMS_TYPE = 'cusInvite';
/** The code of the canonical customer role; a tenant without one gets a copy coded `customer_<tenant>`. */
const CUSTOMER_ROLE = 'customer';
const GROUP_TYPE = { enterprise: 'cusEnterprise', individual: 'cusIndividual', person: 'cusPersonal' } as const;

interface InviteRow {
  user_id: string;
  mobile: string;
  realname: string;
  invited_by_name: string;
  sent_count: number;
  created_at: Date;
  last_sent_at: Date;
  signed_in: boolean;
}

const INVITE_SELECT = `SELECT i.user_id, i.mobile, i.realname, i.invited_by_name, i.sent_count, i.created_at, i.last_sent_at,
    EXISTS (SELECT 1 FROM sessions s WHERE s.user_id = i.user_id) AS signed_in
  FROM cus_admin_invites i WHERE i.tenant_id = $1 AND i.cus_code = $2`;

const viewOf = (r: InviteRow): CusAdminView => ({
  realname: r.realname,
  mobile: maskMobile(r.mobile),
  invitedBy: r.invited_by_name,
  invitedAt: iso(r.created_at),
  lastSentAt: iso(r.last_sent_at),
  sentCount: r.sent_count,
  signedIn: r.signed_in,
});

/** The customer's invited administrator, or null (staff only: a customer-side user sees none). */
export async function adminOf(c: SqlConn, ctx: CusCtx, cusCode: string): Promise<CusAdminView | null> {
  if (ctx.cusCode !== null) return null;
  const [r] = await c.query<InviteRow>(INVITE_SELECT, [ctx.tenantId, cusCode]);
  return r ? viewOf(r) : null;
}

/** The customer's group in its tenant, made on first use. */
async function customerGroup(c: SqlConn, tenantId: string, cus: { cus_code: string; cus_name: string; cus_kind: keyof typeof GROUP_TYPE }): Promise<string> {
  const [g] = await c.query<{ id: string }>(`SELECT id FROM groups WHERE tenant_id = $1 AND cus_code = $2 AND org_type = 'cus'`, [tenantId, cus.cus_code]);
  if (g) return g.id;
  const [sys] = await c.query<{ id: string }>(`SELECT id FROM systems WHERE sys_code = 'CUS'`);
  const [any] = sys ? [sys] : await c.query<{ id: string }>(`SELECT id FROM systems ORDER BY sort_no, id LIMIT 1`);
  if (!any) throw new Error('cus: no system to hang the customer group on');
  const id = newId();
  await c.query(
    `INSERT INTO groups (id, group_name, group_type, org_type, tenant_id, system_id, cus_code, obj_code, sort_no) VALUES ($1, $2, $3, 'cus', $4, $5, $6, $6, 99)`,
    [id, cus.cus_name, GROUP_TYPE[cus.cus_kind] ?? 'cusEnterprise', tenantId, any.id, cus.cus_code],
  );
  return id;
}

/**
 * The tenant's customer role: the canonical one when it lives in this tenant, else the tenant's copy
 * (made once, with the canonical role's permissions; the menu catalogue grants both from then on).
 */
async function customerRole(c: SqlConn, tenantId: string): Promise<string> {
  const copyCode = `${CUSTOMER_ROLE}_${tenantId}`;
  const [mine] = await c.query<{ id: string }>(`SELECT id FROM roles WHERE tenant_id = $1 AND role_code IN ($2, $3) ORDER BY role_code = $2 DESC LIMIT 1`, [
    tenantId,
    CUSTOMER_ROLE,
    copyCode,
  ]);
  if (mine) return mine.id;
  const id = `r-${copyCode}`;
  await c.query(
    `INSERT INTO roles (id, role_code, role_name, tenant_id, description) VALUES ($1, $2, '客户用户', $3, '客户管理员邀请时创建：客户侧用户的权限') ON CONFLICT (id) DO NOTHING`,
    [id, copyCode, tenantId],
  );
  await c.query(
    `INSERT INTO role_permissions (role_id, permission_id)
       SELECT $1, rp.permission_id FROM role_permissions rp JOIN roles r ON r.id = rp.role_id WHERE r.role_code = $2
     ON CONFLICT DO NOTHING`,
    [id, CUSTOMER_ROLE],
  );
  return id;
}

export interface InviteOutcome {
  admin: CusAdminView;
  /** The SMS to send once the transaction committed. */
  sms: { mobile: string; content: string };
  resent: boolean;
}

/** Records the invitation (user, group, role on the first one) in the caller's transaction. */
export async function inviteAdmin(
  c: SqlConn,
  deps: Pick<AppDeps, 'scryptN'>,
  ctx: CusCtx,
  v: { cusCode: string; realname: string; mobile?: string },
): Promise<InviteOutcome> {
  if (ctx.cusCode !== null) throw new AppError(403, MSG.http403);
  const cus = await customerOf(c, ctx, v.cusCode, true);
  if (cus.review_status !== 'approved') throw new AppError(409, CUS_MSG.inviteNotApproved);
  const content = inviteSmsText(SYSTEM_NAME, ctx.actor.name, cus.cus_name);

  const [existing] = await c.query<InviteRow>(`${INVITE_SELECT} FOR UPDATE OF i`, [ctx.tenantId, cus.cus_code]);
  if (existing) {
    if (v.mobile && existing.mobile !== v.mobile) throw new AppError(409, CUS_MSG.inviteOther(maskMobile(existing.mobile)));
    const waitMs = existing.last_sent_at.getTime() + SMS_RESEND_SECONDS * 1000 - Date.now();
    if (waitMs > 0) throw new AppError(429, CUS_MSG.inviteTooSoon(Math.ceil(waitMs / 1000)));
    await c.query(`UPDATE cus_admin_invites SET sent_count = sent_count + 1, last_sent_at = now() WHERE tenant_id = $1 AND cus_code = $2`, [
      ctx.tenantId,
      cus.cus_code,
    ]);
    await addHistory(c, ctx.tenantId, ctx.actor, {
      cusCode: cus.cus_code,
      action: 'inviteResend',
      version: cus.version,
      detail: { mobile: maskMobile(existing.mobile) },
    });
    const [r] = await c.query<InviteRow>(INVITE_SELECT, [ctx.tenantId, cus.cus_code]);
    return { admin: viewOf(r), sms: { mobile: existing.mobile, content }, resent: true };
  }
  const mobile = v.mobile;
  if (!mobile) throw new AppError(400, V.mobileRequired);

  const [taken] = await c.query(`SELECT 1 FROM users WHERE mobile = $1`, [mobile]);
  if (taken) throw new AppError(409, CUS_MSG.inviteMobileTaken);
  const groupId = await customerGroup(c, ctx.tenantId, cus);
  const roleId = await customerRole(c, ctx.tenantId);
  const userId = newId();
  // Signs in by login code; the password is random until they set their own (忘记密码).
  const passwordHash = await hashPassword(newToken(), deps.scryptN);
  // The mobile is the account name; a name already taken by someone else gets the customer code in front.
  const [nameTaken] = await c.query(`SELECT 1 FROM users WHERE username = $1`, [mobile]);
  const username = nameTaken ? `${cus.cus_code}_${mobile}` : mobile;
  await c.query(`INSERT INTO users (id, username, realname, password_hash, mobile, status) VALUES ($1, $2, $3, $4, $5, 1)`, [
    userId,
    username,
    v.realname,
    passwordHash,
    mobile,
  ]);
  await c.query(`INSERT INTO user_groups (user_id, group_id, sort_no) VALUES ($1, $2, 0)`, [userId, groupId]);
  await c.query(`INSERT INTO user_roles (user_id, role_id) VALUES ($1, $2)`, [userId, roleId]);
  await c.query(
    `INSERT INTO cus_admin_invites (tenant_id, cus_code, user_id, mobile, realname, invited_by, invited_by_name) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [ctx.tenantId, cus.cus_code, userId, mobile, v.realname, ctx.actor.id, ctx.actor.name],
  );
  await addHistory(c, ctx.tenantId, ctx.actor, {
    cusCode: cus.cus_code,
    action: 'inviteAdmin',
    version: cus.version,
    detail: { realname: v.realname, mobile: maskMobile(mobile), kind: CUS_KIND_TEXT[cus.cus_kind] },
  });
  const [r] = await c.query<InviteRow>(INVITE_SELECT, [ctx.tenantId, cus.cus_code]);
  return { admin: viewOf(r), sms: { mobile, content }, resent: false };
}
