// The SMS-code button of the desktop forms (antd). Logic in hooks/useSmsCountdown.
import { App, Button } from 'antd';
import { useSmsSender, type SmsSendOptions } from '@/hooks/useSmsCountdown';

export function SmsCodeButton(props: SmsSendOptions & { block?: boolean }) {
  const { message } = App.useApp();
  const sms = useSmsSender(props);
  const onClick = async () => {
    const notice = await sms.trigger();
    if (notice?.kind === 'success') void message.success(notice.text);
    else if (notice) void message.error(notice.text);
  };
  return (
    <Button size="large" block={props.block} disabled={sms.disabled} loading={sms.sending} onClick={() => void onClick()} style={{ minWidth: 132 }}>
      {sms.label}
    </Button>
  );
}
