// Phone rendering of a sign-in side page (antd-mobile): nav bar with back, steps, a large-target
// form, a result block and links.
import { Link, useNavigate } from 'react-router-dom';
import { Button, Input, NavBar, Result, Steps } from 'antd-mobile';
import { SmsCodeButton } from '@/components/SmsCodeButton.mobile';
import { ErrorText, FieldRow, linkStyle } from './BrandFrame.mobile';
import type { FieldSpec, FormSpec, ScreenSpec } from './screen';

function Field({ field, form }: { field: FieldSpec; form: FormSpec }) {
  return (
    <label style={{ display: 'block' }}>
      <span style={{ fontSize: 13, color: '#666' }}>{field.label}</span>
      <FieldRow>
        <Input
          id={`f-${field.name}`}
          placeholder={field.placeholder}
          value={form.values[field.name] ?? ''}
          onChange={(v) => form.onChange(field.name, v)}
          type={field.kind === 'password' ? 'password' : field.kind === 'tel' ? 'tel' : 'text'}
          inputMode={field.kind === 'tel' || field.kind === 'sms' ? 'numeric' : undefined}
          maxLength={field.maxLength}
          autoComplete={field.kind === 'sms' ? 'one-time-code' : field.autoComplete}
          readOnly={field.readOnly}
          clearable={!field.readOnly && field.kind !== 'sms'}
        />
        {field.kind === 'sms' && field.sms && <SmsCodeButton {...field.sms} />}
      </FieldRow>
    </label>
  );
}

export default function UserScreenMobile({ spec }: { spec: ScreenSpec }) {
  const navigate = useNavigate();
  const form = spec.form;
  const back = () => (window.history.state?.idx > 0 ? navigate(-1) : navigate(spec.backTo ?? '/user/login-admin', { replace: true }));
  return (
    <div style={{ minHeight: '100vh', background: '#fff', paddingBottom: 'env(safe-area-inset-bottom)' }}>
      <div style={{ paddingTop: 'env(safe-area-inset-top)', borderBottom: '1px solid #f0f0f0', position: 'sticky', top: 0, background: '#fff', zIndex: 10 }}>
        <NavBar onBack={back} backIcon>
          {spec.title}
        </NavBar>
      </div>
      <div style={{ padding: '16px 20px 24px' }}>
        {spec.steps && (
          <Steps current={spec.steps.current} style={{ ['--title-font-size' as string]: '13px', margin: '0 -12px 12px' }}>
            {spec.steps.items.map((title) => (
              <Steps.Step key={title} title={title} />
            ))}
          </Steps>
        )}
        {spec.intro && <p style={{ color: '#666', fontSize: 14, lineHeight: 1.6 }}>{spec.intro}</p>}
        {form && (
          <form
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              form.onSubmit();
            }}
          >
            <ErrorText text={form.error} />
            {form.fields.map((field) => (
              <Field key={field.name} field={field} form={form} />
            ))}
            <Button type="submit" color="primary" block size="large" shape="rounded" loading={form.loading} style={{ marginTop: 16 }}>
              {form.submitText}
            </Button>
            {form.secondary && (
              <Button block size="large" shape="rounded" disabled={form.loading} onClick={form.secondary.onClick} style={{ marginTop: 12 }}>
                {form.secondary.text}
              </Button>
            )}
          </form>
        )}
        {spec.result && (
          <>
            <Result status={spec.result.status} title={spec.result.title} description={spec.result.description} />
            {spec.result.actions.map((a, i) => (
              <Button
                key={a.to}
                block
                size="large"
                shape="rounded"
                color={i === 0 ? 'primary' : 'default'}
                onClick={() => navigate(a.to)}
                style={{ marginTop: 12 }}
              >
                {a.text}
              </Button>
            ))}
          </>
        )}
        {spec.links && (
          <nav style={{ display: 'flex', justifyContent: 'space-between', marginTop: 16 }}>
            {spec.links.map((l) => (
              <Link key={l.to} to={l.to} style={linkStyle}>
                {l.text}
              </Link>
            ))}
          </nav>
        )}
      </div>
    </div>
  );
}
