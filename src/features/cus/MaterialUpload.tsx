// One material type's files in the onboarding form of both screens: the shared upload field (images
// only where asked, the type's file count, progress, move earlier/later) kept in step with the server.
import { IMAGE_MATERIALS, MATERIAL_MAX_FILES, MATERIAL_TEXT, type MaterialType } from '@contract/api/cus';
import { failureMessage } from '@/components/dialogs/formRules';
import { UploadField } from '@/components/upload/UploadField';
import { materialValue } from './rules';
import type { EntryForm } from './useEntryForm';

export function MaterialUpload({ f, type, notify }: { f: EntryForm; type: MaterialType; notify: (message: string) => void }) {
  return (
    <UploadField
      value={materialValue(f.materials, type)}
      imageOnly={IMAGE_MATERIALS.includes(type)}
      max={MATERIAL_MAX_FILES[type]}
      single={MATERIAL_MAX_FILES[type] === 1}
      bucket="cus"
      readOnly={!f.editable}
      text={`上传${MATERIAL_TEXT[type]}`}
      onNotice={notify}
      onChange={(v) => void f.setMaterialFiles(type, v).catch((err) => notify(failureMessage(err, '材料保存失败')))}
    />
  );
}
