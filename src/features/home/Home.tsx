// Home page (page key 'home/Home'): picks the device's view; both share useHome and useWorkbench.
// On a phone the greeting is drawn here, in plain markup, while the view and its UI kit still load:
// it is the page's largest paint, which otherwise waited for three more downloads in turn (Lighthouse,
// simulated slow 4G). The workbench's overview is asked for at once too (prefetchWorkbench).
import { lazy, Suspense, useRef, useState } from 'react';
import { greetingUntil } from '@contract/greeting';
import { useIsMobile } from '@/hooks/useDevice';
import { useFirstPaint } from '@/lib/firstPaint';
import { useHome } from './useHome';
import { prefetchWorkbench } from './useWorkbench';

const Desktop = lazy(() => import('./Home.desktop'));
const Mobile = lazy(() => import('./Home.mobile'));

function PhoneGreeting() {
  const h = useHome();
  // Kept for the next cold start, which paints it before any script (the user's own: only while
  // signed in; the greeting of the hour: only until it changes).
  const ref = useRef<HTMLElement>(null);
  useFirstPaint(ref, [h.greeting, h.realname, h.groupName, h.department, h.today], { user: true, until: greetingUntil(new Date()).getTime() });
  return (
    <section
      ref={ref}
      style={{ borderRadius: 12, padding: '20px 16px', color: '#fff', background: 'linear-gradient(135deg, #0267B5 0%, #053a66 100%)', margin: 12 }}
    >
      <h2 style={{ margin: 0, fontSize: 20, fontWeight: 600 }}>
        {h.greeting}，{h.realname}
      </h2>
      <div style={{ marginTop: 8, fontSize: 13, lineHeight: 1.6 }}>
        {[h.groupName, h.department].filter(Boolean).join(' · ')}
        <br />
        今天是 {h.today}
      </div>
    </section>
  );
}

export default function Home() {
  // Once per visit of the page (not on every render: a later answer would be stale for a reload).
  useState(prefetchWorkbench);
  const mobile = useIsMobile();
  if (!mobile)
    return (
      <Suspense fallback={null}>
        <Desktop />
      </Suspense>
    );
  return (
    <>
      <PhoneGreeting />
      <Suspense fallback={null}>
        <Mobile />
      </Suspense>
    </>
  );
}
