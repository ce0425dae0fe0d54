// Phone 账户明细: a full-height sheet with the balances, the entries (infinite scroll) and the
// open holds of the account.
import { Button, InfiniteScroll, List, Popup, Tabs, Tag, Toast } from 'antd-mobile';
import type { AccountView } from '@contract/api/ledger';
import { yuanText } from '@contract/money';
import { signedMoney } from './ledgerApi';
import { time } from './payApi';
import { HOLD_STATUS_TEXT, useAccountEntries } from './useAccountEntries';

const PAGE_SIZE = 20;

export default function AccountEntriesMobile({ account, onClose }: { account: AccountView; onClose: () => void }) {
  const e = useAccountEntries(account.acctNo, PAGE_SIZE, (m) => Toast.show({ content: m }));
  return (
    <Popup
      visible
      onMaskClick={onClose}
      position="bottom"
      bodyStyle={{ height: '92vh', borderTopLeftRadius: 12, borderTopRightRadius: 12, overflowY: 'auto' }}
      destroyOnClose
    >
      <div style={{ padding: '16px 12px 4px', fontSize: 17, fontWeight: 600, textAlign: 'center' }}>账户明细</div>
      <div style={{ textAlign: 'center', color: 'var(--boss-color-weak)', fontSize: 13 }}>{`${account.acctNo} · ${account.acctTypeText}`}</div>
      <div style={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', textAlign: 'center', padding: '12px 8px', fontSize: 13 }}>
        {(
          [
            ['余额', account.balance],
            ['冻结', account.frozen],
            ['可用', account.available],
          ] as const
        ).map(([label, v]) => (
          <div key={label}>
            <div style={{ color: 'var(--boss-color-weak)' }}>{label}</div>
            <div style={{ fontWeight: 600, marginTop: 2 }}>{yuanText(v)}</div>
          </div>
        ))}
      </div>
      <Tabs>
        <Tabs.Tab title={`明细（${e.count}）`} key="entries">
          <List style={{ '--padding-left': '4px' }}>
            {e.entries.map((x) => (
              <List.Item
                key={x.entryId}
                description={`${time(x.createdAt)}${x.balanceAfter !== null ? ` · 余额 ${yuanText(x.balanceAfter)}` : ''}${x.reason ? ` · ${x.reason}` : ''}`}
                extra={
                  <span
                    style={{
                      color:
                        x.balanceAfter === null
                          ? 'var(--adm-color-warning)'
                          : x.amount.startsWith('-')
                            ? 'var(--adm-color-danger)'
                            : 'var(--adm-color-success)',
                      fontWeight: 500,
                    }}
                  >
                    {x.balanceAfter === null ? `冻结 ${signedMoney(x.frozenChange)}` : signedMoney(x.amount)}
                  </span>
                }
              >
                {x.kindText}
              </List.Item>
            ))}
          </List>
          <InfiniteScroll loadMore={e.more} hasMore={e.hasMore}>
            {e.loading ? '加载中…' : e.entries.length ? '没有更多了' : '暂无明细'}
          </InfiniteScroll>
        </Tabs.Tab>
        <Tabs.Tab title={`冻结记录（${e.holds.length}）`} key="holds">
          <List style={{ '--padding-left': '4px' }}>
            {e.holds.map((h) => (
              <List.Item
                key={h.holdId}
                description={`${time(h.createdAt)}${h.reason ? ` · ${h.reason}` : ''}`}
                extra={
                  <Tag color={h.status === 'open' ? 'warning' : 'default'} fill="outline">
                    {HOLD_STATUS_TEXT[h.status]}
                  </Tag>
                }
              >
                {`${yuanText(h.amount)}，剩余 ${yuanText(h.remaining)}`}
              </List.Item>
            ))}
          </List>
          {!e.holds.length && <div style={{ textAlign: 'center', color: 'var(--boss-color-weak)', padding: 24 }}>暂无冻结记录</div>}
        </Tabs.Tab>
      </Tabs>
      <div style={{ padding: 12, position: 'sticky', bottom: 0, background: '#fff' }}>
        <Button block onClick={onClose}>
          关闭
        </Button>
      </div>
    </Popup>
  );
}
