// Exception pages 403, 404, 500 (spec §2, §8). Shown inside the signed-in layout as menu pages and
// on their own as the public routes /403, /404, /500. Each picks an antd (desktop) or antd-mobile
// (phone) view, so a phone never downloads antd.
import { HOME_PATH } from '@contract/constants';
import { MSG } from '@contract/messages';

export type ExceptionType = '403' | '404' | '500';

export const EXCEPTIONS: Record<ExceptionType, { title: string; description: string }> = {
  '403': { title: '抱歉，你无权访问该页面', description: MSG.http403 },
  '404': { title: '抱歉，你访问的页面不存在', description: MSG.http404 },
  '500': { title: '抱歉，服务器出错了', description: '请稍后再试，或联系系统管理员' },
};

export const BACK_HOME = { label: '返回首页', path: HOME_PATH };

/** Props of a page module; features do not import the router, so the shape is declared here. */
export interface ExceptionPageProps {
  route?: { title: string };
}
