// Calls of the category tree (spec §7 /sys/category: loadTreeRoot, loadTreeChildren, loadOne,
// loadTreeData, loadDictItem; §3 category node: key, code, leaf, name, label, children) and the
// add / edit / delete calls that keep it. Categories belong to a tenant; a node's parent is another
// node of the same tenant, or none (a root).
import { z } from 'zod';

export const CATEGORY_P = {
  loadTreeRoot: '/sys/category/loadTreeRoot',
  loadTreeChildren: '/sys/category/loadTreeChildren',
  loadOne: '/sys/category/loadOne',
  loadTreeData: '/sys/category/loadTreeData',
  loadDictItem: '/sys/category/loadDictItem/',
  add: '/sys/category/add',
  edit: '/sys/category/edit',
  delete: '/sys/category/delete',
} as const;

export const CATEGORY_PERMS = {
  add: 'system:category:add',
  edit: 'system:category:edit',
  delete: 'system:category:delete',
} as const;

/** pcode of loadTreeRoot that means "the roots of the tenant" (jeecg's '0'). */
export const CATEGORY_ROOT_PCODE = '0';

export const CATEGORY_MSG = {
  codeTaken: '分类编码已存在',
  nameRequired: '请输入分类名称!',
  codeRequired: '请输入分类编码!',
  codePattern: '分类编码只能包含字母、数字、下划线和中划线',
  parentMissing: '上级分类不存在',
  parentLoop: '上级分类不能是自己或自己的下级',
  hasChildren: '该分类下还有子分类，不能删除',
  notFound: '分类不存在',
  rootMissing: (pcode: string) => `分类编码 ${pcode.slice(0, 40)} 不存在`,
  badField: '只能按 id 或 code 查询分类',
  /** The §5 tree-select condition rule, shared with the tree select. */
  badCondition: '组件JTreeSelect-condition传值有误，需要一个json字符串!',
  conditionColumn: (c: string) => `不支持的查询字段：${c.slice(0, 40)}`,
} as const;

const categoryCode = z
  .string()
  .trim()
  .min(1, CATEGORY_MSG.codeRequired)
  .max(64, '分类编码最多64个字符!')
  .regex(/^[A-Za-z0-9_-]+$/, CATEGORY_MSG.codePattern);

export const categoryBody = z.object({
  name: z.string().trim().min(1, CATEGORY_MSG.nameRequired).max(100, '分类名称最多100个字符!'),
  code: categoryCode,
  pid: z.string().trim().max(64).optional().nullable(),
});
export const categoryEditBody = categoryBody.extend({ id: z.string().trim().min(1, 'id不能为空').max(64) });
export const categoryIdQuery = z.object({ id: z.string().trim().min(1, 'id不能为空').max(64) });

export const loadTreeRootQuery = z.object({
  /** 'true' (default): one level with leaf flags; 'false': the whole subtree. */
  async: z.enum(['true', 'false']).default('true'),
  pcode: z.string().trim().max(64).default(CATEGORY_ROOT_PCODE),
});
export const loadTreeChildrenQuery = z.object({ pid: z.string().trim().min(1, 'pid不能为空').max(64) });
export const loadOneQuery = z.object({
  field: z.enum(['id', 'code'], { message: CATEGORY_MSG.badField }),
  val: z.string().trim().min(1, '查询值不能为空').max(64),
});
export const categoryTreeDataQuery = z.object({
  pid: z.string().trim().max(64).optional(),
  pcode: z.string().trim().max(64).optional(),
  condition: z.string().max(2000).optional(),
});
export const loadDictItemQuery = z.object({
  ids: z
    .string()
    .trim()
    .min(1, 'ids不能为空')
    .max(64 * 200),
});

/** A category node on the wire. key and value are the id; title and label the name. */
export interface CategoryNode {
  key: string;
  value: string;
  id: string;
  pid: string | null;
  code: string;
  name: string;
  title: string;
  label: string;
  leaf: boolean;
  isLeaf: boolean;
  children?: CategoryNode[];
}

export type ConditionParse = { ok: true; value: Record<string, string> } | { ok: false; message: string };

/**
 * The §5 tree-select rule: a condition is a JSON object string (empty means none), else
 * '组件JTreeSelect-condition传值有误，需要一个json字符串!'. Values must be strings, numbers or
 * booleans (equality conditions); they come back as strings.
 */
export function parseTreeCondition(condition: string | null | undefined): ConditionParse {
  const text = (condition ?? '').trim();
  if (!text) return { ok: true, value: {} };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { ok: false, message: CATEGORY_MSG.badCondition };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return { ok: false, message: CATEGORY_MSG.badCondition };
  const value: Record<string, string> = {};
  for (const [k, v] of Object.entries(parsed)) {
    if (!['string', 'number', 'boolean'].includes(typeof v)) return { ok: false, message: CATEGORY_MSG.badCondition };
    value[k] = String(v);
  }
  return { ok: true, value };
}
