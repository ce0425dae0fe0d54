// 我的 tab: who the user is, and the account actions of the phone: change the login password,
// passkeys and push notifications (where the browser has them), switch system (when the user has
// more than one), about, logout.
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { ActionSheet, Dialog, List, Switch, Toast } from 'antd-mobile';
import { useSnapshot } from 'valtio';
import { HOME_PATH, LOGIN_PATH, SYSTEM_NAME } from '@contract/constants';
import { MSG } from '@contract/messages';
import type { SysRef } from '@contract/types';
import { logout, switchSystem } from '@/api/session';
import { session } from '@/stores/session';
import { userMenuFlags } from '@contract/permission';
import { ChangeLoginPasswordDialog } from '@/components/dialogs/ChangeLoginPasswordDialog';
import { PayPasswordDialog } from '@/components/dialogs/PayPasswordDialog';
import { OpPasswordDialog } from '@/components/dialogs/OpPasswordDialog';
import { DataDecryptDialog } from '@/components/dialogs/DataDecryptDialog';
import PasskeysSheetMobile from '@/components/phoneApprover/PasskeysSheet.mobile';
import { usePushSetting } from '@/components/phoneApprover/usePushSetting';
import { passkeysSupported } from '@/api/passkeys';
import { version } from '../../../../package.json';
import { closeSheet, tabHref } from './tabs';

// The password sheet carries the zod rules (~25 KB): it loads when opened.

const sysKey = (s: Pick<SysRef, 'id' | 'group'>) => `${s.id}:${s.group?.id ?? ''}`;

export default function MePanel() {
  const location = useLocation();
  const navigate = useNavigate();
  const snap = useSnapshot(session);
  const [switching, setSwitching] = useState(false);
  const [dialog, setDialog] = useState<'payPassword' | 'opPassword' | 'decrypt' | 'passkeys' | null>(null);
  const push = usePushSetting();
  const user = snap.userInfo;
  const panel = new URLSearchParams(location.search).get('panel');
  const listSys = (user?.listSys ?? []) as SysRef[];
  const currentKey = user?.sys ? sysKey(user.sys as SysRef) : '';
  const name = user?.realname || user?.username || '';
  const sysName = user?.sys?.sysName || snap.sysInfo?.sysName || SYSTEM_NAME;
  const flags = userMenuFlags(snap.sysInfo ?? user?.sys?.sysInfo ?? undefined, user?.sys?.group?.groupType);

  const chooseSystem = async (s: SysRef) => {
    setSwitching(false);
    if (sysKey(s) === currentKey) return;
    try {
      await switchSystem(s.id, s.group.id);
      Toast.show({ icon: 'success', content: `已切换到 ${s.sysName} · ${s.group.groupName}` });
      // Permissions reload for the new system (AuthGate); the menu set changes, so back to home.
      navigate(HOME_PATH, { replace: true });
    } catch {
      /* the API layer has shown the server's message */
    }
  };

  const confirmLogout = async () => {
    const ok = await Dialog.confirm({ content: MSG.logoutConfirm, confirmText: '退出登录', cancelText: '取消' });
    if (!ok) return;
    await logout();
    // The guard reacts to the cleared token first (login with a redirect back here); logout goes
    // to the plain login page (spec §2), so navigate after it.
    setTimeout(() => navigate(LOGIN_PATH, { replace: true }), 0);
  };

  const about = () =>
    Dialog.alert({
      title: '关于',
      content: (
        <div style={{ textAlign: 'center', lineHeight: 1.8 }}>
          <div style={{ fontWeight: 600 }}>{sysName}</div>
          <div>版本 v{version}</div>
          <div style={{ color: 'var(--boss-color-weak)', fontSize: 12 }}>{snap.sysInfo?.copyright ?? ''}</div>
        </div>
      ),
      confirmText: '知道了',
    });

  return (
    <div style={{ paddingBottom: 16 }}>
      <section
        style={{
          display: 'flex',
          alignItems: 'center',
          gap: 14,
          padding: '24px 20px',
          background: 'linear-gradient(135deg, #0267B5 0%, #053a66 100%)',
          color: '#fff',
        }}
      >
        <span
          aria-hidden
          style={{
            width: 56,
            height: 56,
            borderRadius: '50%',
            background: 'rgba(255,255,255,.2)',
            border: '2px solid rgba(255,255,255,.6)',
            display: 'inline-flex',
            alignItems: 'center',
            justifyContent: 'center',
            fontSize: 24,
            fontWeight: 600,
          }}
        >
          {name.slice(0, 1) || '?'}
        </span>
        <div style={{ minWidth: 0 }}>
          <div style={{ fontSize: 18, fontWeight: 600 }}>{name}</div>
          <div style={{ fontSize: 13, opacity: 0.85, marginTop: 4 }}>
            {[user?.sys?.group?.groupName, user?.orgCodeTxt].filter(Boolean).join(' · ') || user?.username}
          </div>
        </div>
      </section>
      <List mode="card" style={{ margin: '12px' }}>
        <List.Item onClick={() => navigate(tabHref('me', { panel: 'password' }))}>修改登录密码</List.Item>
        {flags.setPayPassword && <List.Item onClick={() => setDialog('payPassword')}>设置支付密码</List.Item>}
        {flags.dataDecrypt && <List.Item onClick={() => setDialog('decrypt')}>数据解密</List.Item>}
        {flags.setOpPassword && <List.Item onClick={() => setDialog('opPassword')}>设置操作密码</List.Item>}
        {passkeysSupported() && (
          <List.Item onClick={() => setDialog('passkeys')} description="审批时用指纹或面容代替支付密码">
            通行密钥
          </List.Item>
        )}
        {push.supported && (
          <List.Item
            description={push.error ?? '应用关闭时也能收到待审批订单和审批结果'}
            extra={<Switch checked={push.on} loading={push.busy} onChange={(v) => void push.toggle(v)} aria-label="消息推送" />}
            arrowIcon={false}
          >
            消息推送
          </List.Item>
        )}
        {listSys.length > 1 && (
          <List.Item onClick={() => setSwitching(true)} extra={user?.sys?.group?.groupName}>
            切换系统
          </List.Item>
        )}
        <List.Item onClick={() => void about()} extra={`v${version}`}>
          关于
        </List.Item>
      </List>
      <List mode="card" style={{ margin: '12px' }}>
        <List.Item onClick={() => void confirmLogout()} arrowIcon={false} style={{ textAlign: 'center', color: 'var(--adm-color-danger)' }}>
          退出登录
        </List.Item>
      </List>
      <ChangeLoginPasswordDialog open={panel === 'password'} onClose={() => closeSheet(navigate, 'me')} />
      <PayPasswordDialog open={dialog === 'payPassword'} onClose={() => setDialog(null)} />
      <OpPasswordDialog open={dialog === 'opPassword'} onClose={() => setDialog(null)} />
      <DataDecryptDialog open={dialog === 'decrypt'} onClose={() => setDialog(null)} />
      <PasskeysSheetMobile open={dialog === 'passkeys'} onClose={() => setDialog(null)} />
      <ActionSheet
        visible={switching}
        onClose={() => setSwitching(false)}
        extra="切换系统"
        cancelText="取消"
        actions={listSys.map((s) => ({
          key: sysKey(s),
          text: `${s.sysName} · ${s.group.groupName}${sysKey(s) === currentKey ? '（当前）' : ''}`,
          onClick: () => void chooseSystem(s),
        }))}
      />
    </div>
  );
}
