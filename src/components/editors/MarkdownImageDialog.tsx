// The markdown image dialog of spec §2: two tabs, local upload and network URL, each with its
// remark; OK inserts ![description](address). Built on the generic modal, so it is a centred dialog
// on a desktop and a bottom sheet on a phone.
import { useEffect, useState } from 'react';
import { RX, V } from '@contract/validation';
import { BossModal } from '@/components/modal/BossModal';
import { UploadField } from '@/components/upload/UploadField';
import { fileUrl } from '@/components/upload/uploadApi';
import { UPLOAD_MAX_MB } from '@contract/api/files';

export type ImageTab = 'local' | 'url';

export const IMAGE_TABS: { key: ImageTab; title: string; remark: string }[] = [
  { key: 'local', title: '本地上传', remark: `备注：支持 png、jpg、gif、webp、bmp 格式，单张不超过${UPLOAD_MAX_MB}MB，上传后插入光标处。` },
  { key: 'url', title: '网络图片', remark: '备注：填写以 http:// 或 https:// 开头的图片地址，图片由对方网站提供，可能随时失效。' },
];

export const IMAGE_MSG = { noFile: '请先上传图片', badUrl: V.url } as const;

/** The markdown of an image, or the refusal of the chosen tab's input. */
export function imageMarkdown(tab: ImageTab, input: { path: string; url: string; alt: string }): { ok: true; text: string } | { ok: false; message: string } {
  const alt = input.alt.replace(/[[\]\n]/g, ' ').trim() || '图片';
  if (tab === 'local') return input.path ? { ok: true, text: `![${alt}](${fileUrl(input.path)})` } : { ok: false, message: IMAGE_MSG.noFile };
  const url = input.url.trim();
  return RX.url.test(url) && !/[()\s]/.test(url) ? { ok: true, text: `![${alt}](${url})` } : { ok: false, message: IMAGE_MSG.badUrl };
}

export function MarkdownImageDialog({ open, onInsert, onClose }: { open: boolean; onInsert: (markdown: string) => void; onClose: () => void }) {
  const [tab, setTab] = useState<ImageTab>('local');
  const [path, setPath] = useState('');
  const [url, setUrl] = useState('');
  const [alt, setAlt] = useState('');
  const [error, setError] = useState('');
  useEffect(() => {
    if (!open) return;
    setTab('local');
    setPath('');
    setUrl('');
    setAlt('');
    setError('');
  }, [open]);
  const current = IMAGE_TABS.find((t) => t.key === tab)!;
  return (
    <BossModal
      open={open}
      title="插入图片"
      width={560}
      switchFullscreen={false}
      onCancel={onClose}
      onOk={() => {
        const out = imageMarkdown(tab, { path, url, alt });
        if (!out.ok) {
          setError(out.message);
          throw new Error(out.message);
        }
        onInsert(out.text);
      }}
    >
      <div className="boss-tabs" role="tablist">
        {IMAGE_TABS.map((t) => (
          <button
            key={t.key}
            type="button"
            role="tab"
            aria-selected={t.key === tab}
            onClick={() => {
              setTab(t.key);
              setError('');
            }}
          >
            {t.title}
          </button>
        ))}
      </div>
      <div role="tabpanel" aria-label={current.title}>
        <p className="boss-remark">{current.remark}</p>
        {tab === 'local' ? (
          <div className="boss-field">
            <UploadField imageOnly single value={path} onChange={setPath} bucket="editor" />
          </div>
        ) : (
          <label className="boss-field">
            图片地址
            <input value={url} onChange={(e) => setUrl(e.target.value)} placeholder="https://" inputMode="url" />
          </label>
        )}
        <label className="boss-field">
          图片描述
          <input value={alt} onChange={(e) => setAlt(e.target.value)} placeholder="选填，图片无法显示时的文字" maxLength={60} />
        </label>
        {error && (
          <div className="boss-field-error" role="alert">
            {error}
          </div>
        )}
      </div>
    </BossModal>
  );
}
