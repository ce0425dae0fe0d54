// What the two rule pages (服务费配置, 分账配置) share: status colours and options, the time column, and
// the four-eyes row actions (通过 with a confirmation, 驳回 asking for the reason) on a pending version.
import { useMemo, useRef, useState } from 'react';
import { RULE_STATUS_TEXT, RULE_STATUSES, type RuleStatus } from '@contract/api/fee';
import { formatDateTime } from '@contract/time';
import { feeCall } from '@/api/fees';
import type { ListKitApi, ListRow, RowAction } from '@/components/list/types';
import { PromptDialog } from '@/components/modal/PromptDialog';

export const STATUS_COLOR: Record<RuleStatus, string> = { pending: 'processing', approved: 'success', rejected: 'error' };
export const STATUS_OPTIONS = RULE_STATUSES.map((value) => ({ value, label: RULE_STATUS_TEXT[value] }));
export const statusTag = (r: { status: RuleStatus }) => ({ text: RULE_STATUS_TEXT[r.status], color: STATUS_COLOR[r.status] });
export const timeColumn = <K extends string>(dataIndex: K, title: string) => ({ dataIndex, title, width: 160 });
/** A rule version as a list row: keyed by its id, its effective time as people read it (China time). */
export const ruleRow = <V extends { ruleId: string; effectiveFrom: string }>(r: V): V & ListRow => ({
  ...r,
  id: r.ruleId,
  effectiveFrom: formatDateTime(r.effectiveFrom),
});

type Decidable = ListRow & { ruleId: string; canDecide: boolean };

/** A rule page's state: 通过 / 驳回 of a pending version (the server refuses the maker: 不能审批自己提交的规则) and 新增规则's form. */
export function useRuleDecisions<T extends Decidable>(paths: { approve: string; reject: string }, permission: string) {
  const [rejecting, setRejecting] = useState<T | null>(null);
  const kitRef = useRef<ListKitApi | null>(null);
  const { approve, reject: rejectPath } = paths;
  const actions = useMemo<RowAction<T>[]>(
    () => [
      {
        key: 'approve',
        text: '通过',
        permission,
        visible: (r) => r.canDecide,
        confirm: '确定审批通过该规则吗？通过后于生效时间起生效。',
        onClick: async (r, kit) => {
          try {
            await feeCall(approve, { ruleId: r.ruleId });
            kit.message.success('审批通过');
          } catch (err) {
            kit.message.error((err as Error).message);
          }
          await kit.reload();
        },
      },
      {
        key: 'reject',
        text: '驳回',
        permission,
        danger: true,
        visible: (r) => r.canDecide,
        onClick: (r, kit) => {
          kitRef.current = kit as unknown as ListKitApi;
          setRejecting(r);
        },
      },
    ],
    [approve, permission],
  );
  // 新增规则: the form's open state; after a save the list reloads.
  const api = useRef<ListKitApi<T> | null>(null);
  const [adding, setAdding] = useState(false);
  const add = useMemo(
    () => ({
      open: () => setAdding(true),
      close: () => setAdding(false),
      saved: () => {
        setAdding(false);
        void api.current?.reload();
      },
    }),
    [],
  );
  const reject = async (reason: string) => {
    const kit = kitRef.current;
    try {
      await feeCall(rejectPath, { ruleId: rejecting!.ruleId, reason });
      kit?.message.success('驳回成功');
      await kit?.reload();
    } catch (err) {
      kit?.message.error((err as Error).message);
      throw err;
    }
  };
  return { actions, rejecting, close: () => setRejecting(null), reject, api, adding, add };
}

/** 驳回规则: asks for the reason (required) and sends the rejection. */
export function RejectRuleDialog({ d }: { d: { rejecting: unknown; reject: (reason: string) => Promise<void>; close: () => void } }) {
  return (
    <PromptDialog
      open={!!d.rejecting}
      title="驳回规则"
      label="驳回原因"
      placeholder="请输入驳回原因"
      rules={[
        { required: true, whitespace: true, message: '请输入驳回原因' },
        { max: 200, message: '最多200个字符' },
      ]}
      onOk={d.reject}
      onCancel={d.close}
    />
  );
}
