// Result pages (spec §1 page catalogue): where the app goes after a business action, showing its real
// outcome from the navigation state (src/lib/resultOutcome.ts). Hidden routes, never menu items.
// The fixed texts live here once; the antd (desktop) and antd-mobile (phone) views only lay them out.
import { HOME_PATH } from '@contract/constants';

/** Props of a page module; features do not import the router, so the shape is declared here. */
export interface ResultPageProps {
  route?: { title: string };
}

export type ResultKind = 'success' | 'fail';

/** Shown when the page is reached without an outcome (typed URL, reload): no example data. */
export const NO_OUTCOME = {
  title: '没有可显示的结果',
  description: '结果页只显示刚刚办理的业务的结果。请从业务页面办理后再查看，或在对应的列表中查询。',
};

export const BACK_HOME = { label: '返回首页', path: HOME_PATH };
export const FAIL_HEADING = '失败原因：';
