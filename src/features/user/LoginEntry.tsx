// Picks the sign-in view of the device. Phone views never load antd; desktop views never load
// antd-mobile. Both share the form hooks (useLoginForm, usePhoneLoginForm).
import { lazy, Suspense } from 'react';
import { isMobileNow, useIsMobile } from '@/hooks/useDevice';

export type LoginTab = 'password' | 'phone';
export interface LoginViewProps {
  tab: LoginTab;
  title?: string;
}

const loadDesktop = () => import('./Login.desktop');
const loadMobile = () => import('./Login.mobile');
const loadPhoneMobile = () => import('./LoginPhone.mobile');
const LoginDesktop = lazy(loadDesktop);
const LoginMobile = lazy(loadMobile);
const LoginPhoneMobile = lazy(loadPhoneMobile);

/**
 * Starts downloading the device's view of `tab` as soon as the page's own code has run, which may be
 * before the UI kit is in (the page then draws only once it is): one round of downloads less.
 */
export function preloadLoginView(tab: LoginTab): void {
  void (isMobileNow() ? (tab === 'phone' ? loadPhoneMobile : loadMobile) : loadDesktop)().catch(() => {});
}

export function LoginEntry(props: LoginViewProps) {
  const mobile = useIsMobile();
  const View = mobile ? (props.tab === 'phone' ? LoginPhoneMobile : LoginMobile) : LoginDesktop;
  return (
    <Suspense fallback={null}>
      <View {...props} />
    </Suspense>
  );
}
