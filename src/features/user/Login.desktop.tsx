// Desktop sign-in (antd): branded card with the tabs 账号密码登录 / 手机号登录.
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Alert, Button, Card, Form, Input, Tabs, Typography } from 'antd';
import { LockOutlined, MobileOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { SliderVerify } from '@/components/SliderVerify';
import { SmsCodeButton } from '@/components/SmsCodeButton.desktop';
import { BrandFrame } from './BrandFrame.desktop';
import { useLoginForm } from './useLoginForm';
import { usePhoneLoginForm } from './usePhoneLoginForm';
import { withRedirect } from './navigation';
import type { LoginTab, LoginViewProps } from './LoginEntry';

function PasswordPane() {
  const f = useLoginForm();
  return (
    <Form layout="vertical" size="large" onFinish={() => void f.submit()} requiredMark={false}>
      {f.error && <Alert type="error" showIcon title={f.error} style={{ marginBottom: 16 }} role="alert" />}
      <Form.Item>
        <Input
          prefix={<UserOutlined />}
          placeholder="请输入用户名"
          autoComplete="username"
          value={f.values.username}
          onChange={(e) => f.set('username', e.target.value)}
          autoFocus
        />
      </Form.Item>
      <Form.Item>
        <Input.Password
          prefix={<LockOutlined />}
          placeholder="请输入密码"
          autoComplete="current-password"
          value={f.values.password}
          onChange={(e) => f.set('password', e.target.value)}
        />
      </Form.Item>
      {f.needCaptcha && (
        <>
          <Form.Item>
            <SliderVerify verified={f.sliderVerified} onChange={f.setSliderVerified} height={40} />
          </Form.Item>
          <Form.Item>
            <div style={{ display: 'flex', gap: 8 }}>
              <Input
                prefix={<SafetyOutlined />}
                placeholder="请输入图形验证码"
                maxLength={8}
                value={f.values.captcha}
                onChange={(e) => f.set('captcha', e.target.value)}
              />
              <CaptchaImage src={f.captchaImage} onRefresh={() => void f.refreshCaptcha()} />
            </div>
          </Form.Item>
        </>
      )}
      <Form.Item style={{ marginBottom: 12 }}>
        <Button type="primary" htmlType="submit" block autoInsertSpace={false} loading={f.loading} disabled={!f.canSubmit && !f.loading}>
          登录
        </Button>
      </Form.Item>
      <div style={{ display: 'flex', justifyContent: 'space-between' }}>
        <Link to="/user/loginPwdReset">忘记密码</Link>
        <Link to={withRedirect('/user/register', f.search)}>注册账户</Link>
      </div>
    </Form>
  );
}

export function CaptchaImage({ src, onRefresh }: { src: string | null; onRefresh: () => void }) {
  return (
    <button
      type="button"
      onClick={onRefresh}
      title="看不清？点击刷新"
      aria-label="图形验证码，点击刷新"
      style={{
        flex: 'none',
        width: 122,
        height: 40,
        padding: 0,
        border: '1px solid #d9d9d9',
        boxSizing: 'border-box',
        borderRadius: 6,
        background: '#f3f6fa',
        cursor: 'pointer',
        overflow: 'hidden',
      }}
    >
      {src ? (
        <img src={src} alt="图形验证码" style={{ display: 'block', width: '100%', height: '100%', objectFit: 'cover' }} />
      ) : (
        <span style={{ color: 'var(--boss-color-weak)', fontSize: 12 }}>加载中...</span>
      )}
    </button>
  );
}

function PhonePane() {
  const f = usePhoneLoginForm();
  return (
    <Form layout="vertical" size="large" onFinish={() => void f.submit()} requiredMark={false}>
      {f.error && <Alert type="error" showIcon title={f.error} style={{ marginBottom: 16 }} role="alert" />}
      <Form.Item>
        <Input
          prefix={<MobileOutlined />}
          placeholder="请输入手机号码"
          inputMode="numeric"
          maxLength={11}
          autoComplete="tel"
          value={f.values.mobile}
          onChange={(e) => f.set('mobile', e.target.value)}
        />
      </Form.Item>
      <Form.Item>
        <div style={{ display: 'flex', gap: 8 }}>
          <Input
            prefix={<SafetyOutlined />}
            placeholder="请输入短信验证码"
            inputMode="numeric"
            maxLength={8}
            autoComplete="one-time-code"
            value={f.values.captcha}
            onChange={(e) => f.set('captcha', e.target.value)}
          />
          <SmsCodeButton validate={f.validateMobile} send={f.sendCode} />
        </div>
      </Form.Item>
      <Form.Item style={{ marginBottom: 12 }}>
        <Button type="primary" htmlType="submit" block autoInsertSpace={false} loading={f.loading}>
          登录
        </Button>
      </Form.Item>
      <div style={{ display: 'flex', justifyContent: 'space-between' }}>
        <Link to="/user/loginPwdReset">忘记密码</Link>
        <Link to={withRedirect('/user/register', f.search)}>注册账户</Link>
      </div>
    </Form>
  );
}

export default function LoginDesktop({ tab, title }: LoginViewProps) {
  const [active, setActive] = useState<LoginTab>(tab);
  return (
    <BrandFrame>
      <Card style={{ boxShadow: '0 12px 40px rgba(0,0,0,.25)' }} styles={{ body: { padding: '24px 32px 28px' } }}>
        {title && (
          <Typography.Title level={4} style={{ textAlign: 'center', marginTop: 0 }}>
            {title}
          </Typography.Title>
        )}
        <Tabs
          centered
          activeKey={active}
          onChange={(k) => setActive(k as LoginTab)}
          destroyOnHidden
          items={[
            { key: 'password', label: '账号密码登录', children: <PasswordPane /> },
            { key: 'phone', label: '手机号登录', children: <PhonePane /> },
          ]}
        />
      </Card>
    </BrandFrame>
  );
}
