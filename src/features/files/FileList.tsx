// 文件管理 (page key 'files/FileList', /system/ossFile): every stored upload of the tenant as list
// kit configuration (system:file:*) — name, type, size, uploader, the business object it belongs
// to, time; 预览 for images and PDFs, 下载, and 删除 (the server refuses while a record points at it).
import { useMemo, useState } from 'react';
import { FILE_KIND_OPTIONS, OSS_FILE_P, OSS_FILE_PERM_PREFIX } from '@contract/api/files';
import ListKit from '@/components/list/ListKit';
import type { ListKitApi, ListKitConfig } from '@/components/list/types';
import { downloadFile, listFiles, type FileRow } from './api';
import { FilePreview, canPreview } from './FilePreview';

export default function FileList() {
  const [preview, setPreview] = useState<{ file: FileRow; kit: ListKitApi } | null>(null);
  const config = useMemo<ListKitConfig<FileRow>>(
    () => ({
      pageKey: 'files/FileList',
      title: '文件管理',
      url: { list: OSS_FILE_P.list, delete: OSS_FILE_P.delete },
      fetchList: listFiles,
      permissionPrefix: OSS_FILE_PERM_PREFIX,
      toolbar: [],
      selectable: false,
      columns: [
        { dataIndex: 'fileName', title: '文件名称', width: 220, sorter: true, ellipsis: true },
        { dataIndex: 'fileType', title: '类型', width: 90 },
        { dataIndex: 'sizeText', title: '大小', width: 100, align: 'right' },
        { dataIndex: 'uploaderName', title: '上传人', width: 120, sorter: true },
        { dataIndex: 'ownerText', title: '所属业务', ellipsis: true },
        { dataIndex: 'createTime', title: '上传时间', width: 170, sorter: true, type: 'datetime' },
      ],
      query: [
        { field: 'fileName', label: '文件名称', type: 'input' },
        { field: 'contentType', label: '文件类型', type: 'select', options: FILE_KIND_OPTIONS.map((o) => ({ value: o.value, label: o.label })) },
        { field: 'uploaderName', label: '上传人', type: 'input' },
        { field: 'createTime', label: '上传时间', type: 'dateRange' },
      ],
      rowActions: [
        { key: 'preview', text: '预览', permission: 'download', visible: canPreview, onClick: (r, kit) => setPreview({ file: r, kit }) },
        {
          key: 'download',
          text: '下载',
          permission: 'download',
          onClick: (r, kit) => downloadFile(r.id, r.fileName, r.contentType).catch((err: Error) => kit.message.error(err.message)),
        },
      ],
      inlineActions: 3,
      mobile: { title: 'fileName', subtitle: 'fileType', fields: ['sizeText', 'uploaderName', 'ownerText', 'createTime'], searchField: 'fileName' },
    }),
    [],
  );
  return (
    <>
      <ListKit config={config} />
      <FilePreview file={preview?.file ?? null} onClose={() => setPreview(null)} onError={(m) => preview?.kit.message.error(m)} />
    </>
  );
}
