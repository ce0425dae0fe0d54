// Desktop rendering of a sign-in side page (antd) inside the branded frame.
import { Link, useNavigate } from 'react-router-dom';
import { Alert, Button, Card, Col, Form, Input, Result, Row, Space, Steps, Typography } from 'antd';
import { SmsCodeButton } from '@/components/SmsCodeButton.desktop';
import { BrandFrame } from './BrandFrame.desktop';
import type { FieldSpec, FormSpec, ScreenSpec } from './screen';

function Field({ field, form }: { field: FieldSpec; form: FormSpec }) {
  const common = {
    id: `f-${field.name}`,
    placeholder: field.placeholder,
    value: form.values[field.name] ?? '',
    maxLength: field.maxLength,
    autoComplete: field.autoComplete,
    readOnly: field.readOnly,
    onChange: (e: { target: { value: string } }) => form.onChange(field.name, e.target.value),
  };
  if (field.kind === 'password') return <Input.Password {...common} />;
  if (field.kind === 'sms')
    return (
      <div style={{ display: 'flex', gap: 8 }}>
        <Input {...common} inputMode="numeric" autoComplete="one-time-code" />
        {field.sms && <SmsCodeButton {...field.sms} />}
      </div>
    );
  return <Input {...common} inputMode={field.kind === 'tel' ? 'numeric' : undefined} />;
}

export default function UserScreenDesktop({ spec }: { spec: ScreenSpec }) {
  const navigate = useNavigate();
  const form = spec.form;
  // Long forms (registration) go in two columns so the card fits a laptop screen.
  const wide = (form?.fields.length ?? 0) > 4;
  return (
    <BrandFrame width={wide ? 680 : spec.steps ? 560 : 440}>
      <Card style={{ boxShadow: '0 12px 40px rgba(0,0,0,.25)' }} styles={{ body: { padding: '24px 32px 28px' } }}>
        <Typography.Title level={4} style={{ marginTop: 0, textAlign: 'center' }}>
          {spec.title}
        </Typography.Title>
        {spec.steps && (
          <Steps size="small" current={spec.steps.current} items={spec.steps.items.map((title) => ({ title }))} style={{ margin: '8px 0 24px' }} />
        )}
        {spec.intro && <Typography.Paragraph type="secondary">{spec.intro}</Typography.Paragraph>}
        {form && (
          <Form layout="vertical" size="large" requiredMark={false} onFinish={() => form.onSubmit()}>
            {form.error && <Alert type="error" showIcon title={form.error} style={{ marginBottom: 16 }} role="alert" />}
            <Row gutter={16}>
              {form.fields.map((field) => (
                <Col key={field.name} span={wide ? 12 : 24}>
                  <Form.Item label={field.label} htmlFor={`f-${field.name}`}>
                    <Field field={field} form={form} />
                  </Form.Item>
                </Col>
              ))}
            </Row>
            <Form.Item style={{ marginBottom: 8 }}>
              <Space style={{ width: '100%' }} direction="vertical">
                <Button type="primary" htmlType="submit" block autoInsertSpace={false} loading={form.loading}>
                  {form.submitText}
                </Button>
                {form.secondary && (
                  <Button block autoInsertSpace={false} onClick={form.secondary.onClick} disabled={form.loading}>
                    {form.secondary.text}
                  </Button>
                )}
              </Space>
            </Form.Item>
          </Form>
        )}
        {spec.result && (
          <Result
            status={spec.result.status}
            title={spec.result.title}
            subTitle={spec.result.description}
            style={{ padding: '16px 0' }}
            extra={spec.result.actions.map((a, i) => (
              <Button key={a.to} autoInsertSpace={false} type={i === 0 ? 'primary' : 'default'} onClick={() => navigate(a.to)}>
                {a.text}
              </Button>
            ))}
          />
        )}
        {spec.links && (
          <div style={{ display: 'flex', justifyContent: 'space-between' }}>
            {spec.links.map((l) => (
              <Link key={l.to} to={l.to}>
                {l.text}
              </Link>
            ))}
          </div>
        )}
      </Card>
    </BrandFrame>
  );
}
