// The Excel import dialog (spec §2, §8): .xls/.xlsx only, several files, 开始上传 disabled without
// files; 201 warns with a link to the error file; success notifies and reloads; failure names the file.
import { useState } from 'react';
import { App, Alert, Button, Modal, Upload, type UploadFile } from 'antd';
import InboxOutlined from '@ant-design/icons/InboxOutlined';
import { MSG } from '@contract/messages';
import { isImportFile } from '@/components/list/listRules';
import { downloadErrorFile, uploadImportFile } from './importUpload';

export interface ImportExcelDialogProps {
  open: boolean;
  url: string;
  title?: string;
  onClose: () => void;
  /** Called after an upload that imported rows (success or partial): the list reloads. */
  onImported: () => void;
}

export default function ImportExcelDialog({ open, url, title = '导入', onClose, onImported }: ImportExcelDialogProps) {
  const { message } = App.useApp();
  const [files, setFiles] = useState<UploadFile[]>([]);
  const [uploading, setUploading] = useState(false);
  const [errorFile, setErrorFile] = useState<string | null>(null);

  const close = () => {
    setFiles([]);
    setErrorFile(null);
    onClose();
  };

  const start = async () => {
    setUploading(true);
    setErrorFile(null);
    let imported = false;
    let allGood = true;
    for (const f of files) {
      const outcome = await uploadImportFile(url, f.originFileObj as File);
      if (outcome.kind === 'success') {
        imported = true;
        void message.success(outcome.message);
      } else if (outcome.kind === 'partial') {
        imported = true;
        allGood = false;
        void message.warning(outcome.message);
        setErrorFile(outcome.errorFileUrl);
      } else {
        allGood = false;
        void message.error(outcome.message);
      }
    }
    setUploading(false);
    setFiles([]);
    if (imported) onImported();
    if (allGood) close();
  };

  return (
    <Modal
      title={title}
      open={open}
      width={600}
      onCancel={close}
      destroyOnHidden
      footer={[
        <Button key="close" onClick={close}>
          关闭
        </Button>,
        <Button key="start" type="primary" disabled={files.length === 0} loading={uploading} onClick={() => void start()}>
          {uploading ? '上传中' : '开始上传'}
        </Button>,
      ]}
    >
      <Upload.Dragger
        name="files[]"
        multiple
        accept=".xls,.xlsx"
        fileList={files}
        beforeUpload={(file) => {
          if (!isImportFile(file.name)) {
            void message.warning(`${file.name} 不是 .xls 或 .xlsx 文件`);
            return Upload.LIST_IGNORE;
          }
          setFiles((prev) => [...prev, { uid: file.uid, name: file.name, status: 'done', originFileObj: file }]);
          return false;
        }}
        onRemove={(file) => setFiles((prev) => prev.filter((f) => f.uid !== file.uid))}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">点击或将文件拖拽到这里上传</p>
        <p className="ant-upload-hint">支持 .xls、.xlsx 格式，可一次选择多个文件</p>
      </Upload.Dragger>
      {errorFile && (
        <Alert
          style={{ marginTop: 16 }}
          type="warning"
          showIcon
          message={MSG.importWithErrors}
          description={
            <Button type="link" style={{ padding: 0 }} onClick={() => void downloadErrorFile(errorFile).then((ok) => ok || message.error(MSG.exportFailed))}>
              点击下载错误数据
            </Button>
          }
        />
      )}
    </Modal>
  );
}
