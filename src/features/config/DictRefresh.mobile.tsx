// 刷新缓存 on the phone dictionary list (the card list has no toolbar).
import { Button, Toast } from 'antd-mobile';
import { refreshDictCache } from './api';

export default function DictRefreshMobile() {
  return (
    <div style={{ padding: '8px 12px 0', display: 'flex', justifyContent: 'flex-end', background: '#fff' }}>
      <Button
        size="small"
        color="primary"
        fill="outline"
        onClick={async () => {
          const r = await refreshDictCache();
          Toast.show({ content: r.message, icon: r.ok ? 'success' : 'fail' });
        }}
      >
        刷新缓存
      </Button>
    </div>
  );
}
