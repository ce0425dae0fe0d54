// 校验规则 (config/CheckRuleList): ordered regex segments with Chinese messages; 测试 checks a value
// through checkByCode exactly as forms do.
import { lazy, Suspense, useState } from 'react';
import type { CheckRuleRecord } from '@contract/api/config';
import ListKit from '@/components/list/ListKit';
import type { ListKitConfig, ListRow } from '@/components/list/types';
import { useIsMobile } from '@/hooks/useDevice';
import { editorOf } from './editor';
import { CHECK_RULE_FORM } from './forms';
import { createTimeColumn, createTimeSuper, urlsOf } from './listParts';

type Row = CheckRuleRecord & ListRow;
const TryDesktop = lazy(() => import('./RuleTry.desktop'));
const TryMobile = lazy(() => import('./RuleTry.mobile'));

function configOf(open: (r: Row) => void): ListKitConfig<Row> {
  return {
    pageKey: 'config/CheckRuleList',
    title: '校验规则',
    url: urlsOf('checkRule'),
    permissionPrefix: 'system:checkrule:',
    toolbar: ['add', 'export', 'batch_delete', 'superQuery'],
    columns: [
      { dataIndex: 'ruleName', title: '规则名称', sorter: true, width: 180 },
      { dataIndex: 'ruleCode', title: '规则编码', sorter: true, width: 160 },
      { dataIndex: 'ruleJson', title: '规则', ellipsis: true, render: (v) => <code>{String(v)}</code> },
      { dataIndex: 'description', title: '描述', ellipsis: true, width: 200 },
      createTimeColumn<Row>(),
    ],
    query: [
      { field: 'ruleName', label: '规则名称', type: 'input' },
      { field: 'ruleCode', label: '规则编码', type: 'input' },
    ],
    superQuery: [{ field: 'ruleName', label: '规则名称', type: 'string' }, { field: 'ruleCode', label: '规则编码', type: 'string' }, createTimeSuper],
    inlineActions: 3,
    rowActions: [{ key: 'test', text: '测试', permission: 'test', onClick: (r) => open(r) }],
    editor: editorOf<Row>(CHECK_RULE_FORM),
    mobile: { title: 'ruleName', subtitle: 'ruleCode', fields: ['description', 'createTime'], searchField: 'ruleName' },
    scrollX: 1100,
  };
}

export default function CheckRuleList() {
  const mobile = useIsMobile();
  const [trying, setTrying] = useState<Row | null>(null);
  const [config] = useState(() => configOf(setTrying));
  const Try = mobile ? TryMobile : TryDesktop;
  return (
    <>
      <ListKit config={config} />
      {trying && (
        <Suspense fallback={null}>
          <Try mode="check" ruleCode={trying.ruleCode} ruleName={trying.ruleName} onClose={() => setTrying(null)} />
        </Suspense>
      )}
    </>
  );
}
