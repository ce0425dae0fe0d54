// Per-order outcome of a decision on a phone: success, '订单已被其他人处理', '不能审批自己提交的订单', ...
import { Button, List, Popup } from 'antd-mobile';
import CheckCircleFill from 'antd-mobile-icons/es/CheckCircleFill';
import CloseCircleFill from 'antd-mobile-icons/es/CloseCircleFill';
import type { OutcomeSummary } from './rules';

export default function OutcomeSheetMobile({ outcome, onClose }: { outcome: OutcomeSummary | null; onClose: () => void }) {
  return (
    <Popup
      visible={!!outcome}
      onMaskClick={onClose}
      bodyStyle={{ borderTopLeftRadius: 12, borderTopRightRadius: 12, maxHeight: '70vh', overflowY: 'auto', paddingBottom: 16 }}
    >
      {outcome && (
        <div role="dialog" aria-label="处理结果">
          <div style={{ textAlign: 'center', padding: '20px 16px 8px' }}>
            {outcome.allOk ? (
              <CheckCircleFill fontSize={44} color="#00b578" />
            ) : (
              <CloseCircleFill fontSize={44} color={outcome.lines.some((l) => l.ok) ? '#ff8f1f' : '#ff3141'} />
            )}
            <div style={{ fontSize: 18, fontWeight: 600, marginTop: 8 }}>{outcome.title}</div>
          </div>
          <List>
            {outcome.lines.map((l) => (
              <List.Item
                key={l.orderId}
                prefix={l.ok ? <CheckCircleFill color="#00b578" /> : <CloseCircleFill color="#ff3141" />}
                extra={<span style={{ color: l.ok ? 'var(--adm-color-success)' : 'var(--adm-color-danger)', fontSize: 14 }}>{l.text}</span>}
              >
                <span style={{ fontSize: 14 }}>{l.orderNo}</span>
              </List.Item>
            ))}
          </List>
          <div style={{ padding: '12px 16px 0' }}>
            <Button block color="primary" onClick={onClose}>
              知道了
            </Button>
          </div>
        </div>
      )}
    </Popup>
  );
}
