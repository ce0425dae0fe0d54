// Users to and from Excel. Export writes the columns below; import reads the same headers (so an
// export can be imported back), creates each good row in the request tenant, and collects the bad
// ones (with the reason) into an error workbook kept in the file store for the administrator.
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { USER_MSG } from '../../../contract/api/admin';
import { RX, V } from '../../../contract/validation';
import type { AppDeps } from '../../context';
import { groups, userGroups, users } from '../../db/schema';
import type { AuthContext } from '../../http/guard';
import { hashPassword } from '../../lib/password';
import { newId } from '../../lib/tokens';
import { and, eq } from 'drizzle-orm';
import type { FileStore } from './files';
import { takenField } from './userService';
import { readXlsx, toXlsx, type XlsxColumn } from './xlsx';

export const USER_EXPORT_COLUMNS: XlsxColumn[] = [
  { key: 'username', header: '用户账号' },
  { key: 'realname', header: '用户姓名' },
  { key: 'sex', header: '性别', width: 8 },
  { key: 'mobile', header: '手机号' },
  { key: 'email', header: '邮箱', width: 26 },
  { key: 'orgCodeTxt', header: '部门', width: 24 },
  { key: 'post', header: '职务' },
  { key: 'status', header: '状态', width: 8 },
  { key: 'createTime', header: '创建时间', width: 20 },
];
const IMPORT_COLUMNS = USER_EXPORT_COLUMNS.filter((c) => ['username', 'realname', 'mobile', 'email', 'sex'].includes(c.key));

const SEX_TEXT: Record<string, string> = { '1': '男', '2': '女' };
const STATUS_TEXT: Record<string, string> = { '1': '正常', '2': '冻结' };

export function exportRows(rows: Record<string, unknown>[]) {
  return rows.map((r) => ({ ...r, sex: SEX_TEXT[String(r.sex)] ?? '', status: STATUS_TEXT[String(r.status)] ?? r.status }));
}

const importRow = z.object({
  username: z.string().min(1, V.userNameRequired).regex(RX.userName, V.userNameInvalid),
  realname: z.string().min(1, '请输入用户姓名!').max(50, '用户姓名最多50个字符!'),
  mobile: z.union([z.literal(''), z.string().regex(/^1[3-9]\d{9}$/, V.mobileInvalid)]),
  email: z.union([z.literal(''), z.string().max(100).regex(RX.email, V.emailInvalid)]),
  sex: z.union([z.literal(''), z.enum(['1', '2', '男', '女'], { message: '性别只能是男或女' })]),
});

export interface ImportOutcome {
  imported: number;
  failed: number;
  errorFile: string | null;
}

/** Imports one workbook; the error workbook (if any) is saved in the store and its path returned. */
export async function importUsers(deps: AppDeps, auth: AuthContext, store: FileStore, data: Buffer): Promise<ImportOutcome> {
  const rows = await readXlsx(data, IMPORT_COLUMNS);
  const [group] = await deps.db
    .select({ id: groups.id })
    .from(groups)
    .where(auth.groupId ? and(eq(groups.id, auth.groupId), eq(groups.tenantId, auth.tenantId)) : eq(groups.tenantId, auth.tenantId))
    .limit(1);
  const groupId = group?.id ?? (await deps.db.select({ id: groups.id }).from(groups).where(eq(groups.tenantId, auth.tenantId)).limit(1))[0]?.id;
  const bad: Record<string, unknown>[] = [];
  const seen = new Set<string>();
  let imported = 0;
  for (const { rowNo, values } of rows) {
    const fail = (reason: string) => bad.push({ ...values, rowNo, reason });
    const parsed = importRow.safeParse(values);
    if (!parsed.success) {
      fail(parsed.error.issues[0]?.message ?? '数据格式不正确');
      continue;
    }
    const r = parsed.data;
    const dupKey = [r.username, r.mobile, r.email.toLowerCase()].filter(Boolean);
    if (dupKey.some((k) => seen.has(k))) {
      fail('文件中存在重复的数据');
      continue;
    }
    const taken = await takenField(deps.db, r);
    if (taken) {
      fail(USER_MSG.exists(taken));
      continue;
    }
    if (!groupId) {
      fail('当前租户没有可加入的用户组');
      continue;
    }
    dupKey.forEach((k) => seen.add(k));
    // Imported users get an unusable random password: an administrator sets one with 修改密码.
    const passwordHash = await hashPassword(randomBytes(24).toString('base64url'), deps.scryptN);
    const id = newId();
    const sex = r.sex === '男' || r.sex === '1' ? 1 : r.sex === '女' || r.sex === '2' ? 2 : null;
    try {
      await deps.db.transaction(async (tx) => {
        await tx.insert(users).values({
          id,
          username: r.username,
          realname: r.realname,
          mobile: r.mobile || null,
          email: r.email || null,
          sex,
          passwordHash,
          createdBy: auth.user.username,
        });
        await tx.insert(userGroups).values({ userId: id, groupId });
      });
      imported++;
    } catch (err) {
      if (String((err as { code?: string }).code ?? (err as { cause?: { code?: string } }).cause?.code) !== '23505') throw err;
      fail('数据已存在');
    }
  }
  let errorFile: string | null = null;
  if (bad.length) {
    const cols: XlsxColumn[] = [{ key: 'rowNo', header: '行号', width: 8 }, ...IMPORT_COLUMNS, { key: 'reason', header: '错误原因', width: 36 }];
    errorFile = await store.save('import-errors', 'user_import_errors.xlsx', await toXlsx('错误数据', cols, bad));
  }
  return { imported, failed: bad.length, errorFile };
}
