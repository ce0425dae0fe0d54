// Menu icons by name. Menus name icons the antd-v3 way ("bank", "account-book") or the v4+ way
// ("BankOutlined"); both resolve through this fixed map so the bundle carries only these icons.
import type { ReactNode } from 'react';
import {
  AccountBookOutlined,
  ApartmentOutlined,
  ApiOutlined,
  AppstoreOutlined,
  AuditOutlined,
  BankOutlined,
  BarChartOutlined,
  CheckCircleOutlined,
  ClusterOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  DollarOutlined,
  ExceptionOutlined,
  FileTextOutlined,
  FormOutlined,
  HomeOutlined,
  IdcardOutlined,
  LockOutlined,
  MessageOutlined,
  MonitorOutlined,
  NotificationOutlined,
  PayCircleOutlined,
  ProfileOutlined,
  SafetyOutlined,
  ScheduleOutlined,
  SettingOutlined,
  ShopOutlined,
  SolutionOutlined,
  TableOutlined,
  TeamOutlined,
  ToolOutlined,
  TransactionOutlined,
  UserOutlined,
  WalletOutlined,
  WarningOutlined,
  CreditCardOutlined,
  FileOutlined,
  FolderOutlined,
  GlobalOutlined,
  KeyOutlined,
  LinkOutlined,
  MailOutlined,
  QuestionCircleOutlined,
} from '@ant-design/icons';

const ICONS: Record<string, ReactNode> = {
  'account-book': <AccountBookOutlined />,
  apartment: <ApartmentOutlined />,
  api: <ApiOutlined />,
  appstore: <AppstoreOutlined />,
  audit: <AuditOutlined />,
  bank: <BankOutlined />,
  'bar-chart': <BarChartOutlined />,
  'check-circle': <CheckCircleOutlined />,
  cluster: <ClusterOutlined />,
  'credit-card': <CreditCardOutlined />,
  dashboard: <DashboardOutlined />,
  database: <DatabaseOutlined />,
  dollar: <DollarOutlined />,
  exception: <ExceptionOutlined />,
  'file-text': <FileTextOutlined />,
  file: <FileOutlined />,
  folder: <FolderOutlined />,
  form: <FormOutlined />,
  global: <GlobalOutlined />,
  home: <HomeOutlined />,
  idcard: <IdcardOutlined />,
  key: <KeyOutlined />,
  link: <LinkOutlined />,
  lock: <LockOutlined />,
  mail: <MailOutlined />,
  message: <MessageOutlined />,
  monitor: <MonitorOutlined />,
  notification: <NotificationOutlined />,
  'pay-circle': <PayCircleOutlined />,
  profile: <ProfileOutlined />,
  'question-circle': <QuestionCircleOutlined />,
  safety: <SafetyOutlined />,
  schedule: <ScheduleOutlined />,
  setting: <SettingOutlined />,
  shop: <ShopOutlined />,
  solution: <SolutionOutlined />,
  table: <TableOutlined />,
  team: <TeamOutlined />,
  tool: <ToolOutlined />,
  transaction: <TransactionOutlined />,
  user: <UserOutlined />,
  wallet: <WalletOutlined />,
  warning: <WarningOutlined />,
};

/** "BankOutlined" → "bank", "AccountBookOutlined" → "account-book", "account-book" stays. */
export function iconKey(name: string): string {
  return name
    .replace(/(Outlined|Filled|TwoTone)$/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .toLowerCase();
}

/** The icon of a menu item; unknown names fall back to a neutral icon, no name gives none. */
export function menuIcon(name: string | undefined): ReactNode {
  if (!name) return undefined;
  return ICONS[iconKey(name)] ?? <AppstoreOutlined />;
}
