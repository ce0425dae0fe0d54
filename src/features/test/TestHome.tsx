// /test/home: a public diagnostics page for support calls: app version, network and API health,
// service worker, viewport and device class, installed-app mode, enterprise-chat detection,
// storage; below, the catalogue of the building-block gallery (/test/home/<key>). Plain markup (no UI kit), so it loads fast and looks the same on a phone and a desktop.
import { useCallback, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { API_BASE, LOGIN_PATH } from '@contract/constants';
import { P } from '@contract/api/paths';
import { useIsMobile } from '@/hooks/useDevice';
import { isEnterpriseChatApp } from '@/lib/userAgent';
import { GALLERY } from './gallery/registry';
import { version } from '../../../package.json';

const subscribeOnline = (cb: () => void) => {
  window.addEventListener('online', cb);
  window.addEventListener('offline', cb);
  return () => {
    window.removeEventListener('online', cb);
    window.removeEventListener('offline', cb);
  };
};
const subscribeResize = (cb: () => void) => {
  window.addEventListener('resize', cb);
  return () => window.removeEventListener('resize', cb);
};
const viewportText = () => `${window.innerWidth} × ${window.innerHeight}（像素比 ${window.devicePixelRatio}）`;

function useServiceWorkerState(): string {
  const [state, setState] = useState('检测中...');
  useEffect(() => {
    if (!('serviceWorker' in navigator)) return setState('浏览器不支持（或非 HTTPS 环境）');
    const read = async () => {
      const reg = await navigator.serviceWorker.getRegistration();
      if (!reg) return setState(import.meta.env.PROD ? '未注册' : '开发模式下不注册');
      const active = reg.active?.state ?? '无';
      const waiting = reg.waiting ? '，有新版本等待启用' : '';
      setState(`${navigator.serviceWorker.controller ? '已接管本页' : '已注册，未接管本页'}（${active}${waiting}）`);
    };
    void read();
    navigator.serviceWorker.addEventListener('controllerchange', read);
    return () => navigator.serviceWorker.removeEventListener('controllerchange', read);
  }, []);
  return state;
}

function useApiHealth() {
  const [health, setHealth] = useState('检测中...');
  const check = useCallback(async () => {
    setHealth('检测中...');
    const t0 = performance.now();
    try {
      const res = await fetch(`${API_BASE}${P.health}`, { cache: 'no-store' });
      const ms = Math.round(performance.now() - t0);
      setHealth(res.ok ? `正常（${ms} ms）` : `异常：HTTP ${res.status}（${ms} ms）`);
    } catch {
      setHealth('无法连接服务器');
    }
  }, []);
  useEffect(() => {
    void check();
  }, [check]);
  return { health, check };
}

function useStorageText(): string {
  const [text, setText] = useState('检测中...');
  useEffect(() => {
    if (!navigator.storage?.estimate) return setText('浏览器不支持');
    navigator.storage.estimate().then(
      ({ usage = 0, quota = 0 }) => setText(`已用 ${(usage / 1048576).toFixed(1)} MB / 配额 ${(quota / 1048576).toFixed(0)} MB`),
      () => setText('无法读取'),
    );
  }, []);
  return text;
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div style={{ display: 'flex', gap: 12, padding: '12px 0', borderBottom: '1px solid #f0f0f0', fontSize: 14, lineHeight: 1.5 }}>
      <dt style={{ flex: '0 0 96px', color: 'var(--boss-color-weak)' }}>{label}</dt>
      <dd style={{ margin: 0, flex: 1, wordBreak: 'break-all', color: '#222' }}>{children}</dd>
    </div>
  );
}

export default function TestHome() {
  const online = useSyncExternalStore(subscribeOnline, () => navigator.onLine);
  const viewport = useSyncExternalStore(subscribeResize, viewportText);
  const mobile = useIsMobile();
  const sw = useServiceWorkerState();
  const { health, check } = useApiHealth();
  const storage = useStorageText();
  const standalone = window.matchMedia('(display-mode: standalone)').matches;
  const chat = isEnterpriseChatApp();
  const ua = navigator.userAgent;
  const chatName = /wxwork/i.test(ua) ? '企业微信' : /DingTalk/i.test(ua) ? '钉钉' : '';

  return (
    <div
      style={{
        minHeight: '100vh',
        background: '#f5f6f8',
        padding: 'calc(env(safe-area-inset-top) + 16px) 16px calc(env(safe-area-inset-bottom) + 16px)',
        boxSizing: 'border-box',
        fontFamily: 'system-ui, "PingFang SC", "Noto Sans CJK SC", sans-serif',
      }}
    >
      <main style={{ maxWidth: 720, margin: '0 auto', background: '#fff', borderRadius: 12, padding: '20px 20px 8px', boxShadow: '0 1px 4px rgba(0,0,0,.06)' }}>
        <h1 style={{ fontSize: 20, margin: '0 0 4px' }}>运行环境诊断</h1>
        <p style={{ color: 'var(--boss-color-weak)', fontSize: 13, margin: '0 0 8px' }}>联系技术支持时，请截图本页发送给管理员。</p>
        <dl style={{ margin: 0 }}>
          <Row label="应用版本">{`v${version}（${import.meta.env.PROD ? '生产构建' : '开发模式'}）`}</Row>
          <Row label="网络状态">
            <span style={{ color: online ? '#389e0d' : '#cf1322' }}>{online ? '在线' : '离线'}</span>
          </Row>
          <Row label="接口服务">
            {health}{' '}
            <button
              type="button"
              onClick={() => void check()}
              style={{ marginLeft: 8, border: '1px solid #d9d9d9', background: '#fff', borderRadius: 4, padding: '2px 10px', cursor: 'pointer' }}
            >
              重新检测
            </button>
          </Row>
          <Row label="离线服务">{sw}</Row>
          <Row label="视口尺寸">{viewport}</Row>
          <Row label="界面版式">{mobile ? '手机版（宽度 ≤ 767.99px）' : '桌面版'}</Row>
          <Row label="启动方式">{standalone ? '已安装的应用（独立窗口）' : '浏览器页面'}</Row>
          <Row label="企业聊天">{chat ? `是（${chatName}内置浏览器）` : '否'}</Row>
          <Row label="本地存储">{storage}</Row>
          <Row label="浏览器标识">
            <code style={{ fontSize: 12 }}>{ua}</code>
          </Row>
        </dl>
        <h2 style={{ fontSize: 17, margin: '24px 0 4px' }}>组件库</h2>
        <p style={{ color: 'var(--boss-color-weak)', fontSize: 13, margin: '0 0 8px' }}>
          各页面共用的基础组件，逐个展示其空、加载中、已填写、出错、禁用、只读等状态。
        </p>
        <ul className="gallery-catalogue" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {GALLERY.map((e) => (
            <li key={e.key} style={{ padding: '10px 0', borderBottom: '1px solid #f0f0f0' }}>
              <Link to={`/test/home/${e.key}`} style={{ color: '#0267B5', fontSize: 15 }}>
                {e.title}
              </Link>
              <div style={{ color: 'var(--boss-color-weak)', fontSize: 12, marginTop: 2 }}>{e.caption}</div>
            </li>
          ))}
        </ul>
        <p style={{ textAlign: 'center', margin: '16px 0 12px' }}>
          <Link to={LOGIN_PATH} style={{ color: '#0267B5' }}>
            返回登录
          </Link>
        </p>
      </main>
    </div>
  );
}
