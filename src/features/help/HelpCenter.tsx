// 帮助中心 page (issue 14 §4): a Chinese help page for every role on both devices. When the tenant's
// helpUrl points somewhere other than this page, the menus' 帮助中心 goes there instead (menuTarget);
// reached by its address, this page passes an in-app helpUrl on and links to an external one (a page
// may not open a new tab on its own). Plain markup, no UI kit, so the phone downloads nothing extra.
import { Navigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { HELP_CENTER_PATH } from '@contract/pages';
import type { MenuItem } from '@contract/types';
import { session } from '@/stores/session';
import { isAppPath } from '@/lib/navigation';
import { APPROVAL_STEPS, CONTACTS, HELP_AREAS } from './helpTopics';
import './help.css';

export default function HelpCenter() {
  const snap = useSnapshot(session);
  const helpUrl = snap.sysInfo?.helpUrl;
  const elsewhere = helpUrl && helpUrl !== HELP_CENTER_PATH ? helpUrl : undefined;
  const mine = new Set((snap.menu as MenuItem[]).filter((m) => !m.hidden).map((m) => m.path));
  const areas = [...HELP_AREAS.filter((a) => mine.has(a.path)), ...HELP_AREAS.filter((a) => !mine.has(a.path))];
  const company = snap.sysInfo?.company;
  if (elsewhere && isAppPath(elsewhere)) return <Navigate to={elsewhere} replace />;

  return (
    <article className="boss-help">
      <h1>帮助中心</h1>
      {elsewhere && (
        <p className="boss-help-note">
          本机构的帮助文档：
          <a href={elsewhere} target="_blank" rel="noopener noreferrer">
            打开帮助文档
          </a>
        </p>
      )}
      <section>
        <h2>各功能区域</h2>
        <dl>
          {areas.map((a) => (
            <div key={a.path} className={mine.has(a.path) ? 'boss-help-area' : 'boss-help-area boss-help-other'}>
              <dt>
                {a.title}
                {!mine.has(a.path) && <span className="boss-help-tag">您暂无此权限</span>}
              </dt>
              <dd>{a.text}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section>
        <h2>审批流程</h2>
        <ol className="boss-help-steps">
          {APPROVAL_STEPS.map((s) => (
            <li key={s.title}>
              <strong>{s.title}</strong>
              <span>{s.text}</span>
            </li>
          ))}
        </ol>
      </section>
      <section>
        <h2>遇到问题找谁</h2>
        <ul>
          {CONTACTS.map((c) => (
            <li key={c}>{c}</li>
          ))}
          {company && <li>平台运营方：{company}。</li>}
        </ul>
      </section>
    </article>
  );
}
