// Gallery: the dialogs of spec §1, one page each (Dialogs.meta.ts): the generic modal (fullscreen
// toggle, reset on each opening; OK that keeps it open), the prompt dialog (rules run before OK),
// the image preview, the department switch and the Excel import (a desktop dialog).
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router-dom';
import { ADMIN_P } from '@contract/api/admin';
import { DepartSwitchDialog, loadDepartsForSwitch, type DepartChoice } from '@/components/dialogs/DepartSwitchDialog';
import { useIsMobile } from '@/hooks/useDevice';
import { session } from '@/stores/session';
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

const ImportExcelDialog = lazy(() => import('@/components/importExcel/ImportExcelDialog.desktop'));

export function ModalBlock() {
  const [open, setOpen] = useState(false);
  const [keepOpen, setKeepOpen] = useState(false);
  const [okCount, setOkCount] = useState(0);
  return (
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
  );
}

export function PromptBlock() {
  const [prompt, setPrompt] = useState(false);
  const [reason, setReason] = useState('');
  return (
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
  );
}

export function PreviewBlock() {
  const [preview, setPreview] = useState<string | null>(null);
  return (
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
  );
}

function NeedsSignIn({ path }: { path: string }) {
  return (
    <GalleryState title="需要登录" caption="这个对话框读取或写入服务器数据，登录后查看。">
      <Link to={`/user/login-admin?redirect=/test/home/${path}`}>登录后查看</Link>
    </GalleryState>
  );
}

export function DepartSwitchBlock() {
  const [choice, setChoice] = useState<DepartChoice | null>(null);
  const [open, setOpen] = useState(false);
  const [loading, setLoading] = useState(false);
  if (!session.token) return <NeedsSignIn path="depart-switch" />;
  const openWith = (c: DepartChoice | null) => {
    setChoice(c);
    setOpen(!!c);
  };
  return (
    <>
      <GalleryState title="已填写" caption="列出当前用户所属的部门，当前部门已选中；确定后切换并刷新用户信息。没有部门时提示“您尚未设置部门信息!”。">
        <button
          type="button"
          style={btn}
          disabled={loading}
          onClick={() => {
            setLoading(true);
            void loadDepartsForSwitch()
              .then(openWith)
              .finally(() => setLoading(false));
          }}
        >
          {loading ? '加载中…' : '切换部门'}
        </button>
      </GalleryState>
      <GalleryState title="出错：未选择部门" caption="没有选中部门时点确定，部门一栏标红并提示“请选择部门”。">
        <button
          type="button"
          style={btn}
          onClick={() => {
            void loadDepartsForSwitch().then((c) => openWith(c && { ...c, orgCode: '' }));
          }}
        >
          切换部门（未选择）
        </button>
      </GalleryState>
      <DepartSwitchDialog open={open} choice={choice} onClose={() => setOpen(false)} />
    </>
  );
}

export function ImportExcelBlock() {
  const mobile = useIsMobile();
  const [open, setOpen] = useState(false);
  const [imported, setImported] = useState(0);
  if (mobile)
    return (
      <GalleryState title="手机" caption="导入 Excel 只在电脑上提供；手机的列表没有导入按钮。">
        <p style={{ fontSize: 14, margin: 0 }}>请在电脑上打开本页查看导入对话框。</p>
      </GalleryState>
    );
  if (!session.token) return <NeedsSignIn path="import-excel" />;
  return (
    <GalleryState title="空" caption="只接受 .xls / .xlsx，可选多个文件；没有文件时“开始上传”不可用；部分行有误时给出错误文件下载。这里导入的是用户列表。">
      <button type="button" style={btn} onClick={() => setOpen(true)}>
        导入
      </button>
      <span data-testid="import-count">已导入 {imported} 次</span>
      <Suspense fallback={null}>
        {open && (
          <ImportExcelDialog
            open={open}
            url={ADMIN_P.userImport}
            title="用户导入"
            onClose={() => setOpen(false)}
            onImported={() => setImported((n) => n + 1)}
          />
        )}
      </Suspense>
    </GalleryState>
  );
}
