// Desktop rendering of the upload widget: a 上传 button (or an add tile for images), each file with
// its progress, done or error state; images as thumbnails with preview, move earlier/later and delete.
import { App, Button, Modal, Progress, Tooltip } from 'antd';
import {
  ArrowLeftOutlined,
  ArrowRightOutlined,
  DeleteOutlined,
  EyeOutlined,
  LoadingOutlined,
  PaperClipOutlined,
  PlusOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import { ellipsis } from '@/lib/display';
import { UploadMeter } from './UploadMeter';
import { UploadFileList, UploadImageList } from './UploadLists';
import { useUpload, type UploadFieldProps } from './useUpload';
import { UPLOAD_TEXT, type UploadItem } from './uploadRules';
import './upload.css';

const errorTip = (f: UploadItem) => (f.message ? `上传出错：${f.message}` : UPLOAD_TEXT.failed);

export default function UploadFieldDesktop(props: UploadFieldProps) {
  const { message } = App.useApp();
  const upload = useUpload({ ...props, onNotice: props.onNotice ?? ((m) => void message.warning(m)) });
  const { items, remove, move, open, locked, full, pick, setPreview, errorText } = upload;
  const showError = (f: UploadItem) => Modal.error({ title: UPLOAD_TEXT.errorTitle, content: errorText(f) });

  if (props.imageOnly) {
    return (
      <UploadImageList
        upload={upload}
        add={
          <button type="button" className="boss-upload-add" onClick={pick}>
            <PlusOutlined />
            <span>{props.text ?? UPLOAD_TEXT.button}</span>
          </button>
        }
      >
        {items.map((f, i) => (
          <div key={f.uid} role="listitem" className={`boss-upload-thumb is-${f.status}`} data-status={f.status} aria-label={f.name}>
            {f.url && <img src={f.url} alt={f.name} />}
            {f.status === 'uploading' && (
              <div className="boss-upload-mask">
                <UploadMeter item={f}>
                  <Progress type="circle" percent={f.percent} size={48} />
                </UploadMeter>
              </div>
            )}
            {f.status === 'error' && (
              <Tooltip title={errorTip(f)}>
                <button type="button" className="boss-upload-mask is-error" onClick={() => showError(f)}>
                  {UPLOAD_TEXT.failed}
                </button>
              </Tooltip>
            )}
            {f.status === 'done' && (
              <div className="boss-upload-actions">
                <Button size="small" type="text" icon={<EyeOutlined />} aria-label="预览" onClick={() => setPreview(f.url ?? null)} />
                {!locked && (
                  <>
                    <Button size="small" type="text" icon={<ArrowLeftOutlined />} aria-label="前移" disabled={i === 0} onClick={() => move(f.uid, -1)} />
                    <Button
                      size="small"
                      type="text"
                      icon={<ArrowRightOutlined />}
                      aria-label="后移"
                      disabled={i === items.length - 1}
                      onClick={() => move(f.uid, 1)}
                    />
                  </>
                )}
              </div>
            )}
            {!locked && f.status !== 'uploading' && (
              <Button
                className="boss-upload-remove"
                size="small"
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label="删除"
                onClick={() => remove(f.uid)}
              />
            )}
          </div>
        ))}
      </UploadImageList>
    );
  }

  return (
    <UploadFileList
      upload={upload}
      button={
        !props.readOnly && (
          <Button icon={<UploadOutlined />} disabled={locked || full} onClick={pick}>
            {props.text ?? UPLOAD_TEXT.button}
          </Button>
        )
      }
    >
      {items.map((f) => (
        <li key={f.uid} className={`boss-upload-row is-${f.status}`} data-status={f.status} aria-label={f.name}>
          {f.status === 'uploading' ? <LoadingOutlined /> : <PaperClipOutlined />}
          {f.status === 'error' ? (
            <Tooltip title={errorTip(f)}>
              <button type="button" className="boss-upload-name is-error" onClick={() => showError(f)}>
                {ellipsis(f.name)}（{f.message ?? UPLOAD_TEXT.failed}）
              </button>
            </Tooltip>
          ) : (
            <button type="button" className="boss-upload-name is-link" title={`下载 ${f.name}`} disabled={f.status !== 'done'} onClick={() => void open(f)}>
              {ellipsis(f.name)}
            </button>
          )}
          {f.status === 'uploading' && (
            <UploadMeter item={f}>
              <Progress percent={f.percent} size="small" className="boss-upload-progress" />
            </UploadMeter>
          )}
          {f.status === 'done' && <span className="boss-upload-done">已上传</span>}
          {!locked && f.status !== 'uploading' && (
            <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label="删除" onClick={() => remove(f.uid)} />
          )}
        </li>
      ))}
    </UploadFileList>
  );
}
