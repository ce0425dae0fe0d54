// Desktop review of a payment's reservation: a confirm modal; resolves true only on 确认提交.
import { useCallback } from 'react';
import { App, Descriptions } from 'antd';
import { RESERVATION_OK, RESERVATION_TITLE, reservationLines, type Reservation } from './reservation';

export function useReservationReview(): (r: Reservation) => Promise<boolean> {
  const { modal } = App.useApp();
  return useCallback(
    (r: Reservation) =>
      new Promise<boolean>((resolve) => {
        modal.confirm({
          title: RESERVATION_TITLE,
          width: 520,
          okText: RESERVATION_OK,
          cancelText: '取消',
          content: (
            <Descriptions column={1} size="small" bordered style={{ marginTop: 12 }} data-testid="reservation-review">
              {reservationLines(r).map((l) => (
                <Descriptions.Item key={l.label} label={l.label}>
                  <span style={l.warn ? { color: 'var(--boss-color-danger)' } : { fontWeight: l.label === '付款总额' ? 600 : undefined }}>{l.value}</span>
                </Descriptions.Item>
              ))}
            </Descriptions>
          ),
          onOk: () => resolve(true),
          onCancel: () => resolve(false),
        });
      }),
    [modal],
  );
}
