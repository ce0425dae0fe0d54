// 填值规则 (config/FillRuleList): rules that generate values (order numbers, random codes, date
// prefixes) from the server's registry; 生成 shows the next value.
import { lazy, Suspense, useState } from 'react';
import { FILL_RULE_CLASSES, type FillRuleRecord } from '@contract/api/config';
import ListKit from '@/components/list/ListKit';
import type { ListKitConfig, ListOption, ListRow } from '@/components/list/types';
import { useIsMobile } from '@/hooks/useDevice';
import { editorOf } from './editor';
import { FILL_RULE_FORM } from './forms';
import { createTimeColumn, createTimeSuper, urlsOf } from './listParts';

type Row = FillRuleRecord & ListRow;
const TryDesktop = lazy(() => import('./RuleTry.desktop'));
const TryMobile = lazy(() => import('./RuleTry.mobile'));
const CLASS_OPTIONS: ListOption[] = FILL_RULE_CLASSES.map((c) => ({ value: c.value, label: c.label }));

function configOf(open: (r: Row) => void): ListKitConfig<Row> {
  return {
    pageKey: 'config/FillRuleList',
    title: '填值规则',
    url: urlsOf('fillRule'),
    permissionPrefix: 'system:fillrule:',
    toolbar: ['add', 'export', 'batch_delete', 'superQuery'],
    columns: [
      { dataIndex: 'ruleName', title: '规则名称', sorter: true },
      { dataIndex: 'ruleCode', title: '规则编码', sorter: true, width: 160 },
      { dataIndex: 'ruleClass', title: '实现类', options: CLASS_OPTIONS, ellipsis: true },
      { dataIndex: 'ruleParams', title: '规则参数', ellipsis: true, render: (v) => <code>{String(v || '—')}</code> },
      createTimeColumn<Row>(),
    ],
    query: [
      { field: 'ruleName', label: '规则名称', type: 'input' },
      { field: 'ruleCode', label: '规则编码', type: 'input' },
    ],
    superQuery: [
      { field: 'ruleName', label: '规则名称', type: 'string' },
      { field: 'ruleCode', label: '规则编码', type: 'string' },
      { field: 'ruleClass', label: '实现类', type: 'string', options: CLASS_OPTIONS },
      createTimeSuper,
    ],
    inlineActions: 3,
    rowActions: [{ key: 'execute', text: '生成', permission: 'execute', onClick: (r) => open(r) }],
    editor: editorOf<Row>(FILL_RULE_FORM),
    mobile: { title: 'ruleName', subtitle: 'ruleCode', fields: ['ruleClass', 'ruleParams'], searchField: 'ruleName' },
    scrollX: 1100,
  };
}

export default function FillRuleList() {
  const mobile = useIsMobile();
  const [trying, setTrying] = useState<Row | null>(null);
  const [config] = useState(() => configOf(setTrying));
  const Try = mobile ? TryMobile : TryDesktop;
  return (
    <>
      <ListKit config={config} />
      {trying && (
        <Suspense fallback={null}>
          <Try mode="fill" ruleCode={trying.ruleCode} ruleName={trying.ruleName} onClose={() => setTrying(null)} />
        </Suspense>
      )}
    </>
  );
}
