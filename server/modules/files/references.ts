// The one place that knows which business records point at an uploaded file. Each reference is a
// scalar SQL expression over the row of `uploaded_files` in scope, naming the record that holds the
// file ('客户资料：某公司（营业执照）') or NULL. The file list shows the first that answers as the file's
// business object; delete is refused while any answers; the orphan job removes only files none
// answers for. A new kind of record that keeps an uploaded file adds one entry here.
// The expressions are fixed text of this file (no request value is ever spliced in).
import { sql, type SQL } from 'drizzle-orm';
import { MATERIAL_TEXT } from '../../../contract/api/cusWire';

export interface FileReference {
  /** What holds the file, for people reading this file. */
  kind: string;
  /** Scalar SQL over `uploaded_files` (unaliased): the holder's description, or NULL. */
  owner: string;
}

const quote = (s: string) => `'${s.replace(/'/g, "''")}'`;
const materialText = `CASE m.material_type ${Object.entries(MATERIAL_TEXT)
  .map(([k, v]) => `WHEN ${quote(k)} THEN ${quote(v)}`)
  .join(' ')} ELSE m.material_type END`;

export const FILE_REFERENCES: readonly FileReference[] = [
  {
    kind: 'customer material (cus_materials.file_id)',
    owner: `(SELECT '客户资料：' || c.cus_name || '（' || ${materialText} || '）' FROM cus_materials m
              JOIN customers c ON c.tenant_id = m.tenant_id AND c.cus_code = m.cus_code
             WHERE m.file_id = uploaded_files.id ORDER BY m.created_at LIMIT 1)`,
  },
  {
    kind: 'user avatar (users.avatar holds the path or an address ending in it)',
    owner: `(SELECT '用户头像：' || u.realname || '（' || u.username || '）' FROM users u
             WHERE u.avatar IS NOT NULL AND strpos(u.avatar, uploaded_files.path) > 0 ORDER BY u.username LIMIT 1)`,
  },
  {
    kind: "announcement content (images inserted by the rich-text editor, addressed by the file's path)",
    owner: `(SELECT '通知公告：' || a.titile FROM announcements a
             WHERE a.tenant_id = uploaded_files.tenant_id AND strpos(a.msg_content, uploaded_files.path) > 0 ORDER BY a.create_time LIMIT 1)`,
  },
  {
    kind: 'signed contract PDF (cus_contracts.pdf_path)',
    owner: `(SELECT '签约合同：' || k.contract_no FROM cus_contracts k WHERE k.pdf_path = uploaded_files.path LIMIT 1)`,
  },
  {
    kind: 'evidence of delivery of a supervised-fund release request (sv_request_files.file_id)',
    owner: `(SELECT '监管放款证明：' || r.request_no FROM sv_request_files rf JOIN sv_requests r ON r.id = rf.request_id
             WHERE rf.file_id = uploaded_files.id ORDER BY r.created_at LIMIT 1)`,
  },
];

/** The file's business object (the first reference that answers), or NULL when nothing points at it. */
export const ownerSql: SQL<string | null> = sql.raw(`COALESCE(${FILE_REFERENCES.map((r) => r.owner).join(', ')})`) as SQL<string | null>;
