// Picks the sign-in view of the device. Phone views never load antd; desktop views never load
// antd-mobile. Both share the form hooks (useLoginForm, usePhoneLoginForm).
import { lazy, Suspense } from 'react';
import { useIsMobile } from '@/hooks/useDevice';

export type LoginTab = 'password' | 'phone';
export interface LoginViewProps {
  tab: LoginTab;
  title?: string;
}

const LoginDesktop = lazy(() => import('./Login.desktop'));
const LoginMobile = lazy(() => import('./Login.mobile'));
const LoginPhoneMobile = lazy(() => import('./LoginPhone.mobile'));

export function LoginEntry(props: LoginViewProps) {
  const mobile = useIsMobile();
  const View = mobile ? (props.tab === 'phone' ? LoginPhoneMobile : LoginMobile) : LoginDesktop;
  return (
    <Suspense fallback={null}>
      <View {...props} />
    </Suspense>
  );
}
