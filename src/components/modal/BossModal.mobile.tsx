// Phone rendering of the generic modal: a bottom sheet of 60% of the screen, or all of it when fullscreen.
import { Button, Popup } from 'antd-mobile';
import { runOk, useFullscreen, type BossModalProps } from './useFullscreen';
import './modal.css';

export default function BossModalMobile(props: BossModalProps) {
  const { fullscreen, toggle } = useFullscreen(props.open, props.fullscreen);
  return (
    <Popup visible={props.open} onMaskClick={props.onCancel} bodyClassName={fullscreen ? 'boss-sheet is-fullscreen' : 'boss-sheet'} destroyOnClose>
      <div className="boss-sheet-inner" role="dialog" aria-label={typeof props.title === 'string' ? props.title : undefined}>
        <div className="boss-sheet-head">
          <button type="button" className="boss-sheet-link" onClick={props.onCancel}>
            {props.cancelText ?? '取消'}
          </button>
          <strong className="boss-sheet-title">{props.title}</strong>
          {props.switchFullscreen !== false ? (
            <button type="button" className="boss-sheet-link" onClick={toggle} aria-label={fullscreen ? '退出全屏' : '全屏'}>
              {fullscreen ? '还原' : '全屏'}
            </button>
          ) : (
            <span />
          )}
        </div>
        <div className="boss-sheet-body">{props.children}</div>
        {props.footer !== false && (
          <div className="boss-sheet-foot">
            <Button block color="primary" loading={props.confirmLoading} onClick={() => void runOk(props).catch(() => {})}>
              {props.okText ?? '确定'}
            </Button>
          </div>
        )}
      </div>
    </Popup>
  );
}
