// Phone review of a payment's reservation: a confirm dialog; resolves true only on 确认提交.
import { Dialog, List } from 'antd-mobile';
import { RESERVATION_OK, RESERVATION_TITLE, reservationLines, type Reservation } from './reservation';

export const reviewReservation = (r: Reservation): Promise<boolean> =>
  Dialog.confirm({
    title: RESERVATION_TITLE,
    confirmText: RESERVATION_OK,
    cancelText: '取消',
    content: (
      <List data-testid="reservation-review" style={{ '--border-top': 'none', '--border-bottom': 'none', '--padding-left': '0', '--padding-right': '0' }}>
        {reservationLines(r).map((l) => (
          <List.Item key={l.label} extra={<span style={{ color: l.warn ? 'var(--adm-color-danger)' : '#333', wordBreak: 'break-all' }}>{l.value}</span>}>
            <span style={{ whiteSpace: 'nowrap', fontSize: 14 }}>{l.label}</span>
          </List.Item>
        ))}
      </List>
    ),
  });
