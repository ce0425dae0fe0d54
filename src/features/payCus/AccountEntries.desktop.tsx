// Desktop 账户明细: the account's entries (time, kind, signed amount, balance after, frozen change,
// reason), paged, and its holds (冻结记录), in a drawer.
import { App, Descriptions, Drawer, Table, Tabs, Tag } from 'antd';
import type { AccountView, EntryView, HoldView } from '@contract/api/ledger';
import { yuanText } from '@contract/money';
import { signedMoney } from './ledgerApi';
import { time } from './payApi';
import { HOLD_STATUS_TEXT, useAccountEntries } from './useAccountEntries';

const PAGE_SIZE = 10;
const HOLD_COLOR: Record<HoldView['status'], string> = { open: 'orange', released: 'default', captured: 'blue' };

export default function AccountEntriesDesktop({ account, onClose }: { account: AccountView; onClose: () => void }) {
  const { message } = App.useApp();
  const e = useAccountEntries(account.acctNo, PAGE_SIZE, (m) => void message.warning(m));
  return (
    <Drawer open title={`账户明细 · ${account.acctNo}`} width={980} onClose={onClose} destroyOnHidden>
      <Descriptions
        size="small"
        column={4}
        bordered
        style={{ marginBottom: 16 }}
        items={[
          { key: 'name', label: '账户名称', children: account.acctName, span: 2 },
          { key: 'type', label: '账户类型', children: account.acctTypeText, span: 2 },
          { key: 'balance', label: '余额', children: yuanText(account.balance) },
          { key: 'frozen', label: '冻结金额', children: yuanText(account.frozen) },
          { key: 'available', label: '可用余额', children: yuanText(account.available), span: 2 },
        ]}
      />
      <Tabs
        items={[
          {
            key: 'entries',
            label: '账户明细',
            children: (
              <Table<EntryView>
                rowKey="entryId"
                size="small"
                bordered
                loading={e.loading}
                dataSource={e.entries}
                pagination={{ current: e.pageNum, pageSize: PAGE_SIZE, total: e.count, showSizeChanger: false, showTotal: (t) => `共${t}条`, onChange: e.goTo }}
                columns={[
                  { key: 'time', title: '时间', width: 170, render: (_, r) => time(r.createdAt) },
                  { key: 'kind', title: '类型', width: 90, align: 'center', render: (_, r) => r.kindText },
                  {
                    key: 'amount',
                    title: '金额',
                    width: 130,
                    align: 'right',
                    render: (_, r) => (
                      <span style={{ color: r.amount.startsWith('-') ? '#cf1322' : r.balanceAfter === null ? undefined : '#389e0d' }}>
                        {r.balanceAfter === null ? '—' : signedMoney(r.amount)}
                      </span>
                    ),
                  },
                  {
                    key: 'balanceAfter',
                    title: '余额',
                    width: 130,
                    align: 'right',
                    render: (_, r) => (r.balanceAfter === null ? '—' : yuanText(r.balanceAfter)),
                  },
                  { key: 'frozen', title: '冻结变动', width: 110, align: 'right', render: (_, r) => (r.frozenChange ? signedMoney(r.frozenChange) : '—') },
                  { key: 'reason', title: '原因', ellipsis: true, render: (_, r) => r.reason || '—' },
                  { key: 'no', title: '分录号', width: 100, render: (_, r) => r.entryNo },
                ]}
              />
            ),
          },
          {
            key: 'holds',
            label: `冻结记录（${e.holds.length}）`,
            children: (
              <Table<HoldView>
                rowKey="holdId"
                size="small"
                bordered
                dataSource={e.holds}
                pagination={false}
                columns={[
                  { key: 'time', title: '冻结时间', width: 170, render: (_, h) => time(h.createdAt) },
                  { key: 'amount', title: '冻结金额', width: 130, align: 'right', render: (_, h) => yuanText(h.amount) },
                  { key: 'remaining', title: '剩余冻结', width: 130, align: 'right', render: (_, h) => yuanText(h.remaining) },
                  {
                    key: 'status',
                    title: '状态',
                    width: 90,
                    align: 'center',
                    render: (_, h) => <Tag color={HOLD_COLOR[h.status]}>{HOLD_STATUS_TEXT[h.status]}</Tag>,
                  },
                  { key: 'reason', title: '原因', ellipsis: true, render: (_, h) => h.reason || '—' },
                ]}
              />
            ),
          },
        ]}
      />
    </Drawer>
  );
}
