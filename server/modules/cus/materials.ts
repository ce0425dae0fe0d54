// A customer's materials (issue 17 §1): each one a file the caller's tenant uploaded through
// FileUpload, of a kind with its own rules (images only where an image is asked, type and size
// limits, how many), ordered within its kind. A change is a change of the customer (versioned, in
// the history, refused while the customer waits for review).
import {
  CUS_MSG,
  IMAGE_MATERIALS,
  MATERIAL_EXTS,
  MATERIAL_MAX_BYTES,
  MATERIAL_MAX_FILES,
  MATERIAL_TEXT,
  type MaterialType,
  type MaterialView,
} from '../../../contract/api/cus';
import { FILE_P, extOf } from '../../../contract/api/files';
import { AppError } from '../../http/envelope';
import { newId } from '../../lib/tokens';
import type { SqlConn } from '../ledger/store';
import { changeCustomer } from './customers';
import { addHistory, customerOf, iso, type CusCtx } from './store';

interface MaterialRow {
  id: string;
  cus_code: string;
  material_type: MaterialType;
  sort_no: number;
  status: MaterialView['status'];
  return_reason: string | null;
  updated_at: Date;
  path: string;
  file_name: string;
  is_image: boolean;
  size: number;
}
const COLS = `m.id, m.cus_code, m.material_type, m.sort_no, m.status, m.return_reason, m.updated_at, f.path, f.file_name, f.is_image, f.size`;

const view = (r: MaterialRow): MaterialView => ({
  id: r.id,
  cusCode: r.cus_code,
  materialType: r.material_type,
  materialText: MATERIAL_TEXT[r.material_type],
  filePath: r.path,
  url: `${r.is_image ? FILE_P.staticFiles : FILE_P.downloadFiles}/${r.path.slice('files/'.length)}`,
  fileName: r.file_name,
  isImage: r.is_image,
  size: r.size,
  sortNo: r.sort_no,
  status: r.status,
  returnReason: r.return_reason,
  updatedAt: iso(r.updated_at),
});

export async function materialsOf(c: SqlConn, ctx: CusCtx, cusCode: string): Promise<MaterialView[]> {
  await customerOf(c, ctx, cusCode);
  const rows = await c.query<MaterialRow>(
    `SELECT ${COLS} FROM cus_materials m JOIN uploaded_files f ON f.id = m.file_id
      WHERE m.tenant_id = $1 AND m.cus_code = $2 ORDER BY array_position($3::text[], m.material_type), m.sort_no`,
    [ctx.tenantId, cusCode, Object.keys(MATERIAL_TEXT)],
  );
  return rows.map(view);
}

/** The uploaded file at `filePath` of the caller's tenant, if it may be a material of `type`. */
async function usableFile(c: SqlConn, tenantId: string, filePath: string, type: MaterialType): Promise<string> {
  const [f] = await c.query<{ id: string; is_image: boolean; size: number; file_name: string }>(
    'SELECT id, is_image, size, file_name FROM uploaded_files WHERE tenant_id = $1 AND path = $2',
    [tenantId, filePath],
  );
  if (!f) throw new AppError(404, CUS_MSG.fileNotFound);
  if (IMAGE_MATERIALS.includes(type) && !f.is_image) throw new AppError(400, CUS_MSG.imageOnly);
  if (!(MATERIAL_EXTS as readonly string[]).includes(extOf(f.file_name))) throw new AppError(400, CUS_MSG.fileType);
  if (f.size > MATERIAL_MAX_BYTES) throw new AppError(413, CUS_MSG.fileTooLarge);
  return f.id;
}

export async function addMaterial(c: SqlConn, ctx: CusCtx, v: { cusCode: string; materialType: MaterialType; filePath: string }): Promise<MaterialView> {
  const cus = await changeCustomer(c, ctx, v.cusCode, null);
  const fileId = await usableFile(c, ctx.tenantId, v.filePath, v.materialType);
  const [{ n, top }] = await c.query<{ n: number; top: number }>(
    'SELECT count(*)::int AS n, COALESCE(max(sort_no), 0)::int AS top FROM cus_materials WHERE tenant_id = $1 AND cus_code = $2 AND material_type = $3',
    [ctx.tenantId, v.cusCode, v.materialType],
  );
  const max = MATERIAL_MAX_FILES[v.materialType];
  if (n >= max) throw new AppError(400, CUS_MSG.materialTooMany(MATERIAL_TEXT[v.materialType], max));
  const id = newId();
  await c.query(`INSERT INTO cus_materials (id, tenant_id, cus_code, material_type, file_id, sort_no, created_by) VALUES ($1, $2, $3, $4, $5, $6, $7)`, [
    id,
    ctx.tenantId,
    v.cusCode,
    v.materialType,
    fileId,
    top + 1,
    ctx.actor.id,
  ]);
  await addHistory(c, ctx.tenantId, ctx.actor, {
    cusCode: v.cusCode,
    action: 'materialAdd',
    version: cus.version,
    detail: { materialId: id, materialType: v.materialType, filePath: v.filePath },
  });
  return (await materialsOf(c, ctx, v.cusCode)).find((m) => m.id === id)!;
}

export async function updateMaterial(
  c: SqlConn,
  ctx: CusCtx,
  v: { materialId: string; action: 'replace' | 'moveUp' | 'moveDown' | 'remove'; filePath?: string },
): Promise<MaterialView[]> {
  const [m] = await c.query<{ id: string; cus_code: string; material_type: MaterialType; sort_no: number }>(
    'SELECT id, cus_code, material_type, sort_no FROM cus_materials WHERE id = $1 AND tenant_id = $2',
    [v.materialId, ctx.tenantId],
  );
  if (!m || (ctx.cusCode !== null && ctx.cusCode !== m.cus_code)) throw new AppError(404, CUS_MSG.materialNotFound);
  const cus = await changeCustomer(c, ctx, m.cus_code, null);
  const detail: Record<string, unknown> = { materialId: m.id, materialType: m.material_type };
  let action = 'materialMove';
  if (v.action === 'replace') {
    const fileId = await usableFile(c, ctx.tenantId, v.filePath ?? '', m.material_type);
    await c.query(`UPDATE cus_materials SET file_id = $2, status = 'pending', return_reason = NULL, updated_at = now() WHERE id = $1`, [m.id, fileId]);
    action = 'materialReplace';
    detail.filePath = v.filePath;
  } else if (v.action === 'remove') {
    await c.query('DELETE FROM cus_materials WHERE id = $1', [m.id]);
    action = 'materialRemove';
  } else {
    const up = v.action === 'moveUp';
    const [neighbour] = await c.query<{ id: string; sort_no: number }>(
      `SELECT id, sort_no FROM cus_materials WHERE tenant_id = $1 AND cus_code = $2 AND material_type = $3 AND sort_no ${up ? '<' : '>'} $4
        ORDER BY sort_no ${up ? 'DESC' : 'ASC'} LIMIT 1`,
      [ctx.tenantId, m.cus_code, m.material_type, m.sort_no],
    );
    if (!neighbour) throw new AppError(400, up ? CUS_MSG.atFirst : CUS_MSG.atLast);
    await c.query('UPDATE cus_materials SET sort_no = $2, updated_at = now() WHERE id = $1', [m.id, neighbour.sort_no]);
    await c.query('UPDATE cus_materials SET sort_no = $2, updated_at = now() WHERE id = $1', [neighbour.id, m.sort_no]);
    detail.direction = v.action;
  }
  await addHistory(c, ctx.tenantId, ctx.actor, { cusCode: m.cus_code, action, version: cus.version, detail });
  return materialsOf(c, ctx, m.cus_code);
}
