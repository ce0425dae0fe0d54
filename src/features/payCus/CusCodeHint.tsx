// The line above the account and bank card lists telling staff to name a customer (a customer
// user's own code is filled in, so they never see it).
import { useIsMobile } from '@/hooks/useDevice';

export function CusCodeHint({ text }: { text: string }) {
  const style = useIsMobile() ? { padding: '8px 12px 0', background: '#fff' } : { padding: '0 0 12px' };
  return <div style={{ color: 'var(--boss-color-weak)', fontSize: 13, ...style }}>{text}</div>;
}
