// Phone rendering of the upload widget: image tiles with a camera-ready add tile (accept="image/*"
// capture), progress bars, 上传失败 with its reason, move earlier/later and delete; files as a list.
import { Button, Dialog, ProgressBar, Toast } from 'antd-mobile';
import { AddOutline, CloseOutline, LeftOutline, RightOutline } from 'antd-mobile-icons';
import { ellipsis } from '@/lib/display';
import { UploadMeter } from './UploadMeter';
import { UploadFileList, UploadImageList } from './UploadLists';
import { useUpload, type UploadFieldProps } from './useUpload';
import { UPLOAD_TEXT, type UploadItem } from './uploadRules';
import './upload.css';

export default function UploadFieldMobile(props: UploadFieldProps) {
  const upload = useUpload({ ...props, onNotice: props.onNotice ?? ((m) => Toast.show({ content: m })) });
  const { items, remove, move, open, locked, full, pick, setPreview, errorText } = upload;
  const showError = (f: UploadItem) => void Dialog.alert({ title: UPLOAD_TEXT.errorTitle, content: errorText(f), confirmText: '知道了' });
  /** A file's 删除 icon (none while it uploads or when locked). */
  const removeIcon = (f: UploadItem, className: string) =>
    !locked &&
    f.status !== 'uploading' && (
      <button type="button" className={className} aria-label="删除" onClick={() => remove(f.uid)}>
        <CloseOutline />
      </button>
    );

  if (props.imageOnly) {
    return (
      <UploadImageList
        upload={upload}
        camera
        add={
          <button type="button" className="boss-upload-add" onClick={pick} aria-label={props.text ?? UPLOAD_TEXT.button}>
            <AddOutline fontSize={24} />
            <span>{props.text ?? UPLOAD_TEXT.button}</span>
          </button>
        }
      >
        {items.map((f, i) => (
          <div key={f.uid} role="listitem" className={`boss-upload-thumb is-${f.status}`} data-status={f.status} aria-label={f.name}>
            {f.url && <img src={f.url} alt={f.name} onClick={() => f.status === 'done' && setPreview(f.url ?? null)} />}
            {f.status === 'uploading' && (
              <div className="boss-upload-mask">
                <UploadMeter item={f}>
                  <ProgressBar percent={f.percent} style={{ width: '80%' }} />
                </UploadMeter>
              </div>
            )}
            {f.status === 'error' && (
              <button type="button" className="boss-upload-mask is-error" onClick={() => showError(f)}>
                {UPLOAD_TEXT.failed}
              </button>
            )}
            {f.status === 'done' && !locked && (
              <div className="boss-upload-actions">
                <button type="button" className="boss-upload-icon" aria-label="前移" disabled={i === 0} onClick={() => move(f.uid, -1)}>
                  <LeftOutline />
                </button>
                <button type="button" className="boss-upload-icon" aria-label="后移" disabled={i === items.length - 1} onClick={() => move(f.uid, 1)}>
                  <RightOutline />
                </button>
              </div>
            )}
            {removeIcon(f, 'boss-upload-icon boss-upload-remove')}
          </div>
        ))}
      </UploadImageList>
    );
  }

  return (
    <UploadFileList
      upload={upload}
      camera
      button={
        !props.readOnly && (
          <Button size="small" disabled={locked || full} onClick={pick}>
            {props.text ?? UPLOAD_TEXT.button}
          </Button>
        )
      }
    >
      {items.map((f) => (
        <li key={f.uid} className={`boss-upload-row is-${f.status}`} data-status={f.status} aria-label={f.name}>
          {f.status === 'error' ? (
            <button type="button" className="boss-upload-name is-error" onClick={() => showError(f)}>
              {ellipsis(f.name, 12)}（{f.message ?? UPLOAD_TEXT.failed}）
            </button>
          ) : (
            <button type="button" className="boss-upload-name is-link" disabled={f.status !== 'done'} onClick={() => void open(f)}>
              {ellipsis(f.name, 16)}
            </button>
          )}
          {f.status === 'uploading' && (
            <UploadMeter item={f}>
              <ProgressBar percent={f.percent} className="boss-upload-progress" />
            </UploadMeter>
          )}
          {f.status === 'done' && <span className="boss-upload-done">已上传</span>}
          {removeIcon(f, 'boss-upload-icon')}
        </li>
      ))}
    </UploadFileList>
  );
}
