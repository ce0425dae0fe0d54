// Display-settings drawer (系统设置, spec §2 and §4). The spec says the original only previewed these
// in development and ignored them in production; here the drawer applies every change live and
// persists it (pro__ prefix) through changeSetting, whose rules (src/lib/settings.ts) keep the
// combinations valid: no auto-hide without a fixed header, no fixed side menu in top-menu mode,
// Fluid width only with the top menu.
import type { ReactNode } from 'react';
import { Divider, Drawer, Radio, Select, Switch, Tooltip } from 'antd';
import { CheckOutlined } from '@ant-design/icons';
import { useSnapshot } from 'valtio';
import { COLOR_PRESETS } from '@contract/constants';
import { changeSetting, settings } from '@/stores/settings';

const COLOR_NAMES: Record<string, string> = {
  '#0267B5': '默认蓝',
  '#1890FF': '拂晓蓝',
  '#F5222D': '薄暮',
  '#FA541C': '火山',
  '#FAAD14': '日暮',
  '#13C2C2': '明青',
  '#52C41A': '极光绿',
  '#722ED1': '酱紫',
};

function Row({ label, children, hint }: { label: string; children: ReactNode; hint?: string }) {
  const row = (
    <div className="boss-setting-row">
      <span>{label}</span>
      {children}
    </div>
  );
  return hint ? (
    <Tooltip title={hint} placement="left">
      {row}
    </Tooltip>
  ) : (
    row
  );
}

export function SettingsDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const s = useSnapshot(settings);
  const top = s.layout === 'topmenu';
  return (
    <Drawer title="系统设置" open={open} onClose={onClose} size={300} placement="right">
      <h4 className="boss-setting-title">整体风格设置</h4>
      <Radio.Group value={s.navTheme} onChange={(e) => changeSetting('navTheme', e.target.value)} optionType="button" buttonStyle="solid">
        <Radio.Button value="dark">暗色菜单</Radio.Button>
        <Radio.Button value="light">亮色菜单</Radio.Button>
      </Radio.Group>

      <h4 className="boss-setting-title">主题色</h4>
      <div className="boss-swatches" role="radiogroup" aria-label="主题色">
        {COLOR_PRESETS.map((c) => (
          <Tooltip key={c} title={COLOR_NAMES[c] ?? c}>
            <button
              type="button"
              role="radio"
              aria-checked={s.primaryColor === c}
              aria-label={COLOR_NAMES[c] ?? c}
              className="boss-swatch"
              style={{ background: c }}
              onClick={() => changeSetting('primaryColor', c)}
            >
              {s.primaryColor === c && <CheckOutlined />}
            </button>
          </Tooltip>
        ))}
      </div>

      <Divider />
      <h4 className="boss-setting-title">导航模式</h4>
      <Radio.Group value={s.layout} onChange={(e) => changeSetting('layout', e.target.value)} optionType="button" buttonStyle="solid">
        <Radio.Button value="sidemenu">侧边栏导航</Radio.Button>
        <Radio.Button value="topmenu">顶部栏导航</Radio.Button>
      </Radio.Group>
      <div style={{ marginTop: 16 }}>
        <Row label="内容区域宽度" hint={top ? undefined : '流式宽度仅在顶部栏导航时可用'}>
          <Select
            size="small"
            style={{ width: 96 }}
            value={s.contentWidth}
            onChange={(v) => changeSetting('contentWidth', v)}
            options={[
              { value: 'Fixed', label: '固定' },
              { value: 'Fluid', label: '流式', disabled: !top },
            ]}
          />
        </Row>
        <Row label="固定 Header">
          <Switch size="small" checked={s.fixedHeader} onChange={(v) => changeSetting('fixedHeader', v)} />
        </Row>
        <Row label="下滑时隐藏 Header" hint={s.fixedHeader ? undefined : '固定 Header 时可配置'}>
          <Switch size="small" checked={s.autoHideHeader} disabled={!s.fixedHeader} onChange={(v) => changeSetting('autoHideHeader', v)} />
        </Row>
        <Row label="固定侧边菜单" hint={top ? '侧边栏导航时可配置' : undefined}>
          <Switch size="small" checked={s.fixSiderbar} disabled={top} onChange={(v) => changeSetting('fixSiderbar', v)} />
        </Row>
      </div>

      <Divider />
      <h4 className="boss-setting-title">其他设置</h4>
      <Row label="色弱模式">
        <Switch size="small" checked={s.colorWeak} onChange={(v) => changeSetting('colorWeak', v)} />
      </Row>
      <Row label="多页签模式">
        <Switch size="small" checked={s.multipage} onChange={(v) => changeSetting('multipage', v)} />
      </Row>
    </Drawer>
  );
}
