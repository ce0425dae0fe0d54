// The page modules a menu item's `component` may name. The server seeds menus only with these keys;
// the client's page registry maps each key to a lazy import() and nothing else can be routed to.
// A test checks that the two lists agree. Each area keeps its own list in contract/pages/.
import { ADMIN_PAGES } from './pages/admin';
import { CONFIG_PAGES } from './pages/config';
import { MESSAGE_PAGES } from './pages/message';
import { JOB_PAGES } from './pages/jobs';
import { AUTH_PAGES } from './pages/auth';
import { PAY_PAGES } from './pages/pay';
import { ACCT_PAGES } from './pages/acct';
import { APPROVE_PAGES } from './pages/approve';
import { MERCHANT_PAGES } from './pages/merchant';
import { CUS_PAGES } from './pages/cus';
import { REPORT_PAGES } from './pages/report';
import { FILE_PAGES } from './pages/files';
import { MONITOR_PAGES } from './pages/monitor';
import { SETTLE_PAGES, SUPERVISE_PAGES } from './pages/settle';
import { DASHBOARD_PAGES } from './pages/dashboard';
import { FEE_PAGES } from './pages/fee';

export const CORE_PAGES = [
  'layouts/RouteView',
  'layouts/IframePageView',
  'home/Home',
  'account/Center',
  'account/Settings',
  'result/Success',
  'result/Fail',
  'exception/403',
  'exception/404',
  'exception/500',
  'help/HelpCenter',
] as const;
export const PAGE_KEYS = [
  ...CORE_PAGES,
  ...ADMIN_PAGES,
  ...CONFIG_PAGES,
  ...MESSAGE_PAGES,
  ...JOB_PAGES,
  ...AUTH_PAGES,
  ...PAY_PAGES,
  ...ACCT_PAGES,
  ...APPROVE_PAGES,
  ...MERCHANT_PAGES,
  ...CUS_PAGES,
  ...REPORT_PAGES,
  ...FILE_PAGES,
  ...MONITOR_PAGES,
  ...SETTLE_PAGES,
  ...SUPERVISE_PAGES,
  ...DASHBOARD_PAGES,
  ...FEE_PAGES,
] as const;
export type PageKey = (typeof PAGE_KEYS)[number];

/** The built-in Chinese help page (帮助中心), also the seeded helpUrl of the header's help icon. */
export const HELP_CENTER_PATH = '/helpCenter';

export function isPageKey(s: string): s is PageKey {
  return (PAGE_KEYS as readonly string[]).includes(s);
}

/** Variables a menu's meta.url template may use, as {{name}}; nothing else is evaluated. */
export const URL_TEMPLATE_VARS = ['origin', 'apiBase', 'token'] as const;
export function evalUrlTemplate(template: string, vars: Record<(typeof URL_TEMPLATE_VARS)[number], string>): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    (URL_TEMPLATE_VARS as readonly string[]).includes(name) ? vars[name as keyof typeof vars] : whole,
  );
}
