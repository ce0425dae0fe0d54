// The tree table of spec §1 (issue 16 §4): rows whose children load by parentId on first expand.
// Desktop: an antd table; phone: an indented list. One hook (useTreeTable) holds the rules.
import { deviceView } from '@/hooks/deviceView';
import type { TreeTableProps } from './useTreeTable';

export const TreeTable = deviceView<TreeTableProps>(
  () => import('./TreeTable.desktop'),
  () => import('./TreeTable.mobile'),
);
