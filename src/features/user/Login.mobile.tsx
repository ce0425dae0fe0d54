// Phone sign-in with account and password (antd-mobile): full screen, large touch targets.
import { Link } from 'react-router-dom';
import { Button, Input } from 'antd-mobile';
import { SliderVerify } from '@/components/SliderVerify';
import { BrandFrame, ErrorText, FieldRow, linkStyle } from './BrandFrame.mobile';
import { useLoginForm } from './useLoginForm';
import { withRedirect } from './navigation';
import type { LoginViewProps } from './LoginEntry';

export default function LoginMobile({ title }: LoginViewProps) {
  const f = useLoginForm();
  return (
    <BrandFrame title={title}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void f.submit();
        }}
      >
        <ErrorText text={f.error} />
        <FieldRow>
          <Input placeholder="请输入用户名" autoComplete="username" clearable value={f.values.username} onChange={(v) => f.set('username', v)} />
        </FieldRow>
        <FieldRow>
          <Input
            placeholder="请输入密码"
            type="password"
            autoComplete="current-password"
            clearable
            value={f.values.password}
            onChange={(v) => f.set('password', v)}
          />
        </FieldRow>
        {f.needCaptcha && (
          <>
            <div style={{ margin: '16px 0' }}>
              <SliderVerify verified={f.sliderVerified} onChange={f.setSliderVerified} height={48} />
            </div>
            <FieldRow>
              <Input placeholder="请输入图形验证码" maxLength={8} value={f.values.captcha} onChange={(v) => f.set('captcha', v)} />
              <button
                type="button"
                onClick={() => void f.refreshCaptcha()}
                aria-label="图形验证码，点击刷新"
                style={{ flex: 'none', width: 120, height: 40, padding: 0, border: 0, borderRadius: 6, background: '#f3f6fa', overflow: 'hidden' }}
              >
                {f.captchaImage ? (
                  <img src={f.captchaImage} alt="图形验证码" width={120} height={40} style={{ display: 'block' }} />
                ) : (
                  <span style={{ color: 'var(--boss-color-weak)', fontSize: 12 }}>加载中...</span>
                )}
              </button>
            </FieldRow>
          </>
        )}
        <Button
          type="submit"
          color="primary"
          block
          size="large"
          shape="rounded"
          loading={f.loading}
          disabled={!f.canSubmit && !f.loading}
          style={{ marginTop: 20 }}
        >
          登录
        </Button>
      </form>
      <nav style={{ display: 'flex', justifyContent: 'space-between', marginTop: 16 }}>
        <Link to={withRedirect('/user/login', f.search)} style={linkStyle}>
          手机号登录
        </Link>
        <Link to="/user/loginPwdReset" style={linkStyle}>
          忘记密码
        </Link>
        <Link to={withRedirect('/user/register', f.search)} style={linkStyle}>
          注册账户
        </Link>
      </nav>
    </BrandFrame>
  );
}
