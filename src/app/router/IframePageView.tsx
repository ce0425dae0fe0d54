// A menu page that shows another page of ours (meta.url, template evaluated) in a frame.
import type { PageProps } from '@/lib/page';

export default function IframePageView({ route }: PageProps) {
  return (
    <iframe title={route?.title} src={route?.url} style={{ width: '100%', height: 'calc(100vh - 180px)', minHeight: 480, border: 0, background: '#fff' }} />
  );
}
