// Phone review queue: the submitted customers as a list; one opens full screen with its materials
// (tap to enlarge), a return reason per material, and 审核通过 / 退回 at the bottom.
import { Button, ErrorBlock, Image, ImageViewer, Input, List, NavBar, Popup, PullToRefresh, TextArea, Toast } from 'antd-mobile';
import { CUS_KIND_TEXT, CUS_PERMS } from '@contract/api/cus';
import { formatDateTime } from '@contract/time';
import { failureMessage } from '@/components/dialogs/formRules';
import { useCan } from '@/hooks/useCan';
import { useReview } from './useReview';

export default function ReviewMobile() {
  const r = useReview();
  const can = useCan();
  const decide = async (kind: 'approve' | 'return') => {
    try {
      Toast.show({ icon: 'success', content: await r.decide(kind) });
    } catch (err) {
      Toast.show({ content: failureMessage(err) });
    }
  };
  const m = r.open?.master;
  return (
    <PullToRefresh onRefresh={r.reload}>
      <div style={{ background: '#f5f5f5', minHeight: '100%' }}>
        {r.error && <ErrorBlock status="default" title={r.error} description="" />}
        <List header={`待审核客户（${r.queue.length}）`} mode="card">
          {r.queue.map((c) => (
            <List.Item key={c.cusCode} clickable onClick={() => void r.show(c.cusCode)} description={`${c.makerName ?? ''} · ${formatDateTime(c.updatedAt)}`}>
              {c.cusName}
            </List.Item>
          ))}
          {!r.queue.length && !r.loading && <List.Item>暂无待审核客户</List.Item>}
        </List>
        <Popup
          visible={!!m}
          position="right"
          bodyStyle={{ width: '100vw', height: '100%', overflowY: 'auto', background: '#f5f5f5' }}
          onClose={() => void r.show(null)}
        >
          {m && r.open && (
            <div data-testid="cus-review-panel" style={{ paddingBottom: 96 }}>
              <NavBar onBack={() => void r.show(null)}>客户审核</NavBar>
              <List header="客户资料" mode="card">
                <List.Item extra={m.cusCode}>客户编号</List.Item>
                <List.Item extra={m.cusName}>客户名称</List.Item>
                <List.Item extra={CUS_KIND_TEXT[m.cusKind]}>客户类型</List.Item>
                <List.Item extra={m.creditCode ?? '—'}>信用代码</List.Item>
                <List.Item extra={m.legalName}>法定代表人</List.Item>
                <List.Item extra={m.makerName}>经办人</List.Item>
              </List>
              <List header="材料" mode="card">
                {r.open.materials.map((x) => (
                  <List.Item
                    key={x.id}
                    prefix={
                      x.isImage ? (
                        <Image src={x.url} width={64} height={48} fit="cover" alt={x.materialText} onClick={() => ImageViewer.show({ image: x.url })} />
                      ) : undefined
                    }
                    description={
                      <Input
                        aria-label={`${x.materialText}退回原因`}
                        placeholder="退回原因（选填）"
                        value={r.reasons[x.id] ?? ''}
                        maxLength={200}
                        onChange={(v) => r.setMaterialReason(x.id, v)}
                      />
                    }
                  >
                    {x.materialText}
                  </List.Item>
                ))}
              </List>
              <List header="整体退回原因" mode="card">
                <List.Item>
                  <TextArea aria-label="整体退回原因" placeholder="选填" value={r.reason} maxLength={200} onChange={r.setReason} />
                </List.Item>
              </List>
              {can(CUS_PERMS.audit) && (
                <div style={{ position: 'fixed', bottom: 0, left: 0, right: 0, display: 'flex', gap: 12, padding: 12, background: '#fff' }}>
                  <Button block color="danger" fill="outline" loading={r.busy} onClick={() => void decide('return')}>
                    退回
                  </Button>
                  <Button block color="primary" loading={r.busy} onClick={() => void decide('approve')}>
                    审核通过
                  </Button>
                </div>
              )}
            </div>
          )}
        </Popup>
      </div>
    </PullToRefresh>
  );
}
