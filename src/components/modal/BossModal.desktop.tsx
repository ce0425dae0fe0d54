// Desktop rendering of the generic modal: antd Modal 60% wide, or the whole window when fullscreen.
import { Button, Modal } from 'antd';
import { CompressOutlined, ExpandOutlined } from '@ant-design/icons';
import { MODAL_WIDTH, runOk, useFullscreen, type BossModalProps } from './useFullscreen';
import './modal.css';

export default function BossModalDesktop(props: BossModalProps) {
  const { fullscreen, toggle } = useFullscreen(props.open, props.fullscreen);
  return (
    <Modal
      open={props.open}
      width={fullscreen ? '100%' : (props.width ?? MODAL_WIDTH)}
      className={fullscreen ? 'boss-modal is-fullscreen' : 'boss-modal'}
      title={
        <div className="boss-modal-title">
          <span>{props.title}</span>
          {props.switchFullscreen !== false && (
            <Button
              type="text"
              size="small"
              icon={fullscreen ? <CompressOutlined /> : <ExpandOutlined />}
              aria-label={fullscreen ? '退出全屏' : '全屏'}
              onClick={toggle}
            />
          )}
        </div>
      }
      okText={props.okText ?? '确定'}
      cancelText={props.cancelText ?? '取消'}
      confirmLoading={props.confirmLoading}
      footer={props.footer === false ? null : undefined}
      onOk={() => void runOk(props).catch(() => {})}
      onCancel={props.onCancel}
      destroyOnHidden
    >
      {props.children}
    </Modal>
  );
}
