// /user/alteration (账号变更): changing the mobile bound to the account. It needs a signed-in user;
// the server has no call that rebinds a mobile yet, so the page says where the signed-in user
// changes it (个人设置) instead of pretending to do it here.
import { Navigate, useLocation } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { HOME_PATH } from '@contract/constants';
import { session } from '@/stores/session';
import { loginWithRedirect } from './navigation';
import { UserScreen } from './UserScreen';

export const ACCOUNT_SETTINGS_PATH = '/account/settings';

export default function Alteration() {
  const location = useLocation();
  const snap = useSnapshot(session);
  if (!snap.token) return <Navigate to={loginWithRedirect(location.pathname + location.search)} replace />;
  const bound = snap.userInfo?.mobileDesensitized || snap.userInfo?.mobile;
  return (
    <UserScreen
      spec={{
        title: '账号变更',
        backTo: HOME_PATH,
        result: {
          status: 'info',
          title: '请在个人设置中变更绑定手机',
          description: `${bound ? `当前绑定手机：${bound}。` : '当前账户尚未绑定手机。'}登录后的用户在「个人设置」中修改绑定手机号码，修改时需要向新号码发送短信验证码。此页面不直接修改账户信息。`,
          actions: [
            { text: '前往个人设置', to: ACCOUNT_SETTINGS_PATH },
            { text: '返回首页', to: HOME_PATH },
          ],
        },
      }}
    />
  );
}
