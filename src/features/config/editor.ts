// The list kit's editor loaders for a form spec: the antd dialog on desktop, the antd-mobile popup
// on phones, each loaded only where it renders.
import type { ListKitConfig, ListRow } from '@/components/list/types';
import type { FormSpec } from './formSpec';

export function editorOf<T extends ListRow>(spec: FormSpec): NonNullable<ListKitConfig<T>['editor']> {
  return {
    desktop: () => import('./ConfigForm.desktop').then((m) => ({ default: m.editorFor<T>(spec) })),
    mobile: () => import('./ConfigForm.mobile').then((m) => ({ default: m.editorFor<T>(spec) })),
  };
}
