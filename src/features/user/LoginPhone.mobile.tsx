// Phone sign-in with the mobile number and an SMS code (antd-mobile).
import { Link } from 'react-router-dom';
import { Button, Input } from 'antd-mobile';
import { SmsCodeButton } from '@/components/SmsCodeButton.mobile';
import { BrandFrame, ErrorText, FieldRow, linkStyle } from './BrandFrame.mobile';
import { usePhoneLoginForm } from './usePhoneLoginForm';
import { withRedirect } from './navigation';
import type { LoginViewProps } from './LoginEntry';

export default function LoginPhoneMobile({ title }: LoginViewProps) {
  const f = usePhoneLoginForm();
  return (
    <BrandFrame title={title ?? '手机号登录'}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void f.submit();
        }}
      >
        <ErrorText text={f.error} />
        <FieldRow>
          <Input
            placeholder="请输入手机号码"
            type="tel"
            inputMode="numeric"
            maxLength={11}
            autoComplete="tel"
            clearable
            value={f.values.mobile}
            onChange={(v) => f.set('mobile', v)}
          />
        </FieldRow>
        <FieldRow>
          <Input
            placeholder="请输入短信验证码"
            inputMode="numeric"
            maxLength={8}
            autoComplete="one-time-code"
            value={f.values.captcha}
            onChange={(v) => f.set('captcha', v)}
          />
          <SmsCodeButton validate={f.validateMobile} send={f.sendCode} />
        </FieldRow>
        <Button type="submit" color="primary" block size="large" shape="rounded" loading={f.loading} style={{ marginTop: 20 }}>
          登录
        </Button>
      </form>
      <nav style={{ display: 'flex', justifyContent: 'space-between', marginTop: 16 }}>
        <Link to={withRedirect('/user/login-admin', f.search)} style={linkStyle}>
          账号密码登录
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
