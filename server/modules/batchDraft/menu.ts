// Button codes of the batch-pay draft grid (spec §6 toolbar exclusions; contract/api/vxeSocket.ts
// BATCH_DRAFT_PERMS), under the 批量付款 page. Makers (operator) hold all three; a role granted the
// page without them edits the shared draft's cells but does not add, delete or import rows.
import { BATCH_DRAFT_PERMS } from '../../../contract/api/vxeSocket';
import type { CatalogueEntry } from '../../db/catalogue';

export const BATCH_DRAFT_MENU: CatalogueEntry[] = [
  { id: 'b-pay-batch-draft-add', parentId: 'm-paycus-batch', name: '批量付款新增行', perms: BATCH_DRAFT_PERMS.add, sortNo: 11, type: '2', grant: ['operator'] },
  {
    id: 'b-pay-batch-draft-delete',
    parentId: 'm-paycus-batch',
    name: '批量付款删除行',
    perms: BATCH_DRAFT_PERMS.batchDelete,
    sortNo: 12,
    type: '2',
    grant: ['operator'],
  },
  {
    id: 'b-pay-batch-draft-import',
    parentId: 'm-paycus-batch',
    name: '批量付款导入',
    perms: BATCH_DRAFT_PERMS.import,
    sortNo: 13,
    type: '2',
    grant: ['operator'],
  },
];
