// The user dropdown of the header (spec §2): entries per the contract's userMenuFlags, each
// opening its dialog; logout asks first, then leaves for the login page whatever the server says.
import { useState, type ReactNode } from 'react';
import { App, Avatar, Dropdown, type MenuProps } from 'antd';
import { ApartmentOutlined, KeyOutlined, LogoutOutlined, SettingOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { LOGIN_PATH } from '@contract/constants';
import { MSG } from '@contract/messages';
import { userMenuFlags } from '@contract/permission';
import { session } from '@/stores/session';
import { tabActions } from '@/stores/tabs';
import { logout } from '@/api/session';
import { ChangeLoginPasswordDialog } from '@/components/dialogs/ChangeLoginPasswordDialog';
import { DepartSwitchDialog, loadDepartsForSwitch, type DepartChoice } from '@/components/dialogs/DepartSwitchDialog';
import { PayPasswordDialog } from '@/components/dialogs/PayPasswordDialog';
import { OpPasswordDialog } from '@/components/dialogs/OpPasswordDialog';
import { DataDecryptDialog } from '@/components/dialogs/DataDecryptDialog';
import { userMenuEntries, type UserMenuKey } from './menuModel';

/** Entries whose dialog exists (all of them since issue 4 brought the password and decryption calls). */
const BUILT: ReadonlySet<UserMenuKey> = new Set<UserMenuKey>([
  'changeLoginPassword',
  'setPayPassword',
  'systemSettings',
  'dataDecrypt',
  'setOpPassword',
  'departSwitch',
]);

const LABELS: Record<UserMenuKey, { label: string; icon: ReactNode }> = {
  changeLoginPassword: { label: '修改登录密码', icon: <KeyOutlined /> },
  setPayPassword: { label: '设置支付密码', icon: <KeyOutlined /> },
  systemSettings: { label: '系统设置', icon: <SettingOutlined /> },
  dataDecrypt: { label: '数据解密', icon: <KeyOutlined /> },
  setOpPassword: { label: '设置操作密码', icon: <KeyOutlined /> },
  departSwitch: { label: '切换部门', icon: <ApartmentOutlined /> },
};

export function UserMenu({ onOpenSettings }: { onOpenSettings: () => void }) {
  const { userInfo, sysInfo } = useSnapshot(session);
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<'password' | 'depart' | 'payPassword' | 'opPassword' | 'decrypt' | null>(null);
  const [departs, setDeparts] = useState<DepartChoice | null>(null);

  const entries = userMenuEntries(userMenuFlags(sysInfo ?? userInfo?.sys?.sysInfo ?? undefined, userInfo?.sys?.group?.groupType), BUILT);
  const items: MenuProps['items'] = [
    ...entries.map((key) => ({ key, label: LABELS[key].label, icon: LABELS[key].icon })),
    { type: 'divider' as const },
    { key: 'logout', label: '退出登录', icon: <LogoutOutlined /> },
  ];

  const confirmLogout = () =>
    modal.confirm({
      title: '提示',
      content: MSG.logoutConfirm,
      okText: '确定',
      cancelText: '取消',
      onOk: async () => {
        await logout(); // proceeds whatever the server answers
        tabActions.reset();
        // The guard reacts to the cleared token first (login page with a redirect back here); the
        // spec sends a logout to the plain login page, so go there once that has settled.
        setTimeout(() => navigate(LOGIN_PATH, { replace: true }), 0);
      },
    });

  const onClick: MenuProps['onClick'] = async ({ key }) => {
    if (key === 'logout') confirmLogout();
    else if (key === 'changeLoginPassword') setDialog('password');
    else if (key === 'systemSettings') onOpenSettings();
    else if (key === 'setPayPassword') setDialog('payPassword');
    else if (key === 'setOpPassword') setDialog('opPassword');
    else if (key === 'dataDecrypt') setDialog('decrypt');
    else if (key === 'departSwitch') {
      const choice = await loadDepartsForSwitch();
      if (!choice) return;
      setDeparts(choice);
      setDialog('depart');
    }
  };

  const name = userInfo?.realname || userInfo?.username || '';
  return (
    <>
      <Dropdown menu={{ items, onClick }} placement="bottomRight" trigger={['click', 'hover']}>
        <button type="button" className="boss-header-action boss-user" aria-label="用户菜单">
          <Avatar size="small" style={{ background: '#0267B5', verticalAlign: 'middle' }}>
            {name.slice(0, 1) || '?'}
          </Avatar>
          <span className="boss-user-name">{name}</span>
        </button>
      </Dropdown>
      <ChangeLoginPasswordDialog open={dialog === 'password'} onClose={() => setDialog(null)} />
      <DepartSwitchDialog open={dialog === 'depart'} choice={departs} onClose={() => setDialog(null)} />
      <PayPasswordDialog open={dialog === 'payPassword'} onClose={() => setDialog(null)} />
      <OpPasswordDialog open={dialog === 'opPassword'} onClose={() => setDialog(null)} />
      <DataDecryptDialog open={dialog === 'decrypt'} onClose={() => setDialog(null)} />
    </>
  );
}
