// Gallery: the generic modal (fullscreen toggle, reset on each opening; OK that keeps it open),
// the prompt dialog (rules run before OK) and the image preview.
import { useState } from 'react';
import { BossModal } from '@/components/modal/BossModal';
import { PromptDialog } from '@/components/modal/PromptDialog';
import { ImagePreview } from '@/components/modal/ImagePreview';
import { GalleryState } from './GalleryState';

const btn: React.CSSProperties = {
  minHeight: 36,
  padding: '0 16px',
  border: '1px solid #d9d9d9',
  borderRadius: 6,
  background: '#fff',
  fontSize: 14,
  cursor: 'pointer',
  marginRight: 8,
};

export default function DialogsGallery() {
  const [open, setOpen] = useState(false);
  const [keepOpen, setKeepOpen] = useState(false);
  const [okCount, setOkCount] = useState(0);
  const [prompt, setPrompt] = useState(false);
  const [reason, setReason] = useState('');
  const [preview, setPreview] = useState<string | null>(null);
  return (
    <>
      <GalleryState title="通用弹窗" caption="标题栏右侧切换全屏；关闭后再打开恢复为普通大小（宽 60%）。">
        <button type="button" style={btn} onClick={() => setOpen(true)}>
          打开弹窗
        </button>
        <button type="button" style={btn} onClick={() => setKeepOpen(true)}>
          打开（确定后不关闭）
        </button>
        <span data-testid="modal-ok-count">确定次数：{okCount}</span>
        <BossModal open={open} title="付款订单详情" onCancel={() => setOpen(false)} onOk={() => setOkCount((n) => n + 1)}>
          <p>订单号 PO202611250001，收款人 上海某某科技有限公司，金额 12,800.00 元。</p>
        </BossModal>
        <BossModal open={keepOpen} title="批量操作" okClose={false} onCancel={() => setKeepOpen(false)} onOk={() => setOkCount((n) => n + 1)}>
          <p>确定后弹窗保持打开，可以继续操作。</p>
        </BossModal>
      </GalleryState>
      <GalleryState title="输入提示框" caption="驳回原因必填，且 4 到 50 个字；规则不通过时不会确定。">
        <button type="button" style={btn} onClick={() => setPrompt(true)}>
          驳回
        </button>
        <span data-testid="prompt-result">驳回原因：{reason || '（未填写）'}</span>
        <PromptDialog
          open={prompt}
          title="驳回付款"
          label="驳回原因"
          placeholder="请输入驳回原因"
          rules={[
            { required: true, message: '请输入驳回原因' },
            { min: 4, max: 50, message: '驳回原因为 4 到 50 个字' },
          ]}
          onOk={setReason}
          onCancel={() => setPrompt(false)}
        />
      </GalleryState>
      <GalleryState title="图片预览" caption="点击缩略图查看大图。">
        <button
          type="button"
          onClick={() => setPreview('/icons/icon-512.png')}
          style={{ border: 0, padding: 0, background: 'none', cursor: 'zoom-in' }}
          aria-label="预览应用图标"
        >
          <img src="/icons/icon-192.png" alt="应用图标" width={64} height={64} />
        </button>
        <ImagePreview src={preview} onClose={() => setPreview(null)} />
      </GalleryState>
    </>
  );
}
