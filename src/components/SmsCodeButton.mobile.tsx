// The SMS-code button of the phone forms (antd-mobile). Logic in hooks/useSmsCountdown.
import { Button, Toast } from 'antd-mobile';
import { useSmsSender, type SmsSendOptions } from '@/hooks/useSmsCountdown';

export function SmsCodeButton(props: SmsSendOptions) {
  const sms = useSmsSender(props);
  const onClick = async () => {
    const notice = await sms.trigger();
    if (notice) Toast.show({ icon: notice.kind === 'success' ? 'success' : 'fail', content: notice.text });
  };
  return (
    <Button
      size="small"
      color="primary"
      fill="none"
      disabled={sms.disabled}
      loading={sms.sending}
      onClick={() => void onClick()}
      style={{ whiteSpace: 'nowrap', minHeight: 36 }}
    >
      {sms.label}
    </Button>
  );
}
